package dev.tracedeck.importers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.json.JsonRecordReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A value written again with the same bytes is the same tree; other bytes, even of an equal value, are bound anew. */
class RepeatedValuesTest {

    private static final String TOOLS = "[{\"type\":\"function\",\"function\":{\"name\":\"search\",\"parameters\":{\"limit\":3}}}]";

    @Test
    void theSameBytesAreBoundOnceWhereverTheyAre() {
        RepeatedValues values = new RepeatedValues();
        byte[] first = ("{\"id\":\"a\",\"tools\":" + TOOLS + "}").getBytes(StandardCharsets.UTF_8);
        byte[] second = ("{\"id\":\"conversation-2\",\"tools\":" + TOOLS + "}").getBytes(StandardCharsets.UTF_8);
        JsonNode a = values.tree(first, 19, 19 + TOOLS.length());
        JsonNode b = values.tree(second, 32, 32 + TOOLS.length());
        assertSame(a, b);
        assertEquals(JsonRecordReader.tree(first, 19, 19 + TOOLS.length()), a);
    }

    @Test
    void otherBytesAreAnotherTree() {
        RepeatedValues values = new RepeatedValues();
        byte[] spaced = TOOLS.replace(",", ", ").getBytes(StandardCharsets.UTF_8);
        byte[] tight = TOOLS.getBytes(StandardCharsets.UTF_8);
        byte[] other = TOOLS.replace("3", "4").getBytes(StandardCharsets.UTF_8);
        JsonNode fromTight = values.tree(tight, 0, tight.length);
        assertNotSame(fromTight, values.tree(spaced, 0, spaced.length));
        assertEquals(fromTight, values.tree(spaced, 0, spaced.length));
        assertEquals(JsonRecordReader.tree(other, 0, other.length), values.tree(other, 0, other.length));
        assertNotSame(fromTight, values.tree(other, 0, other.length));
    }

    @Test
    void aValueTooLongToRememberIsBoundEachTime() {
        RepeatedValues values = new RepeatedValues();
        byte[] big = ("\"" + "x".repeat(RepeatedValues.MAX_BYTES) + "\"").getBytes(StandardCharsets.UTF_8);
        JsonNode first = values.tree(big, 0, big.length);
        assertNotSame(first, values.tree(big, 0, big.length));
        assertEquals(first, values.tree(big, 0, big.length));
    }
}
