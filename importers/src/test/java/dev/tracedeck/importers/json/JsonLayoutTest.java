package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The layout is told from the first two lines: a whole first value, and a second line that does not continue it. */
class JsonLayoutTest {

    private static JsonLayout sniff(String text) throws IOException {
        return JsonLayout.sniff(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aWholeFirstLineFollowedByAnyValueIsJsonLines() throws IOException {
        assertEquals(JsonLayout.LINES, sniff("{\"role\": \"user\"}\n{\"role\": \"assistant\"}\n"));
        assertEquals(JsonLayout.LINES, sniff("{\"role\": \"user\"}\n[1, 2]\n{\"role\": \"assistant\"}\n"));
        assertEquals(JsonLayout.LINES, sniff("{\"role\": \"user\"}\n\n42\n"));
        assertEquals(JsonLayout.LINES, sniff("{\"role\": \"user\"}\n\"s\"\n"));
        assertEquals(JsonLayout.LINES, sniff("[{\"role\": \"user\"}]\n{\"role\": \"user\"}\n"));
        assertEquals(JsonLayout.LINES, sniff("{\"role\": \"user\"}\nnot json\n"), "a broken line of a JSON Lines file");
    }

    @Test
    void aSecondLineThatGoesOnWithTheFirstValueIsADocument() throws IOException {
        assertEquals(JsonLayout.OBJECT, sniff("{\"a\": {\"b\": 1}\n}\n"));
        assertEquals(JsonLayout.OBJECT, sniff("{\"a\": [1, 2]\n, \"b\": 3}\n"));
        assertEquals(JsonLayout.OBJECT, sniff("{\n  \"a\": 1\n}\n"));
        assertEquals(JsonLayout.ARRAY, sniff("[[1, 2]\n]\n"));
        assertEquals(JsonLayout.OBJECT, sniff("{\"a\": 1}\n"), "one line is one document");
        assertEquals(JsonLayout.NOT_JSON, sniff("42\n{\"a\": 1}\n"));
    }

    @Test
    void aFewLinesOfTextBeforeJsonLinesArePassedOver() throws IOException {
        assertEquals(JsonLayout.LINES, sniff("// Source: a gist\n# exported\n\n{\"a\": 1}\n{\"a\": 2}\n"));
        assertEquals(JsonLayout.LINES, sniff("// one record follows\n{\"a\": 1}"), "one line after the notes");
        assertEquals(JsonLayout.NOT_JSON, sniff("// a document follows\n{\n  \"a\": 1\n}\n"));
        assertEquals(JsonLayout.NOT_JSON, sniff("// only notes\n// and more\n"));
        assertEquals(JsonLayout.NOT_JSON, sniff("# 1\n# 2\n# 3\n# 4\n# 5\n# 6\n# 7\n# 8\n# 9\n{\"a\": 1}\n{\"a\": 2}\n"),
                "more lines of text than a note");
    }
}
