package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.source.SourceText;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** JSON Lines as JsonRecordReader reads them: from bytes, with each streamed element's text sliced as written. */
class JsonLinesReadingTest {

    @Test
    void aStreamedElementsTextIsSlicedAsWrittenSpacesAndEscapesIncluded() throws IOException {
        String line = "{\"id\": \"c1\", \"messages\": [ {\"role\": \"user\",  \"content\": \"caf\\u00e9 东京 👨‍👩‍👧‍👦\"} ,"
                + "{\"role\":\"assistant\",\"content\":null}], \"model\": \"gpt-4o\"}";
        List<JsonItem> items = read(line + "\n");

        JsonItem.Value value = assertInstanceOf(JsonItem.Value.class, items.get(0));
        assertEquals(Optional.of("{\"role\": \"user\",  \"content\": \"caf\\u00e9 东京 👨‍👩‍👧‍👦\"}"), value.textAt("/messages/0").map(SourceText::text));
        assertEquals(Optional.of("{\"role\":\"assistant\",\"content\":null}"), value.textAt("/messages/1").map(SourceText::text));
        assertEquals(Optional.empty(), value.textAt("/model"), "only streamed members' elements are sliced");
        assertEquals("café 东京 👨‍👩‍👧‍👦", value.node().at("/messages/0/content").textValue());
        assertEquals("gpt-4o", value.node().get("model").textValue());
        assertEquals(line, value.text());
    }

    @Test
    void aBrokenLineStillSaysWhereInCharactersAndTheNextLinesAreRead() throws IOException {
        List<JsonItem> items = read("{\"role\": \"user\", \"content\": \"東京\"}\n{\"role\": \"東京\", oops}\n[1, 2]\n");

        JsonItem.Broken broken = assertInstanceOf(JsonItem.Broken.class, items.get(1));
        assertEquals(2, broken.line());
        assertEquals(16, broken.column(), "column in characters (the o of oops), not in UTF-8 bytes (20)");
        assertInstanceOf(JsonItem.Value.class, items.get(2));
    }

    @Test
    void invalidUtf8InAStringReadsAsAReplacementCharacterNotAsABrokenLine() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("{\"role\": \"user\", \"content\": \"bad ".getBytes(StandardCharsets.UTF_8));
        bytes.write(0xC3);
        bytes.writeBytes(" byte\"}\n".getBytes(StandardCharsets.UTF_8));
        List<JsonItem> items = read(bytes.toByteArray());

        JsonItem.Value value = assertInstanceOf(JsonItem.Value.class, items.get(0));
        assertTrue(value.node().get("content").textValue().contains("\uFFFD"), value.node().toString());
    }

    @Test
    void aNumberNoDecimalCanHoldMarksItsLineMalformedAndTheNextLinesAreRead() throws IOException {
        List<JsonItem> items = read("{\"messages\": [], \"n\": 1234e6789012345678901234567890}\n"
                + "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}\n");

        JsonItem.Broken broken = assertInstanceOf(JsonItem.Broken.class, items.get(0));
        assertEquals(1, broken.line());
        assertTrue(broken.reason().contains("a number too large to read: 1234e6789012345678901234567890"), broken.reason());
        assertInstanceOf(JsonItem.Value.class, items.get(1));
    }

    @Test
    void aNumberNoDecimalCanHoldEndsAJsonDocumentAsMalformedNotAsAFailure() throws IOException {
        List<JsonItem> items = new ArrayList<>();
        byte[] bytes = "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}],\n \"n\": 1e99999999999999999999}"
                .getBytes(StandardCharsets.UTF_8);
        try (JsonRecordReader reader = new JsonRecordReader(new ByteArrayInputStream(bytes), JsonLayout.OBJECT, Set.of("messages"))) {
            JsonItem item;
            while ((item = reader.next()) != null) {
                items.add(item);
            }
        }

        JsonItem.Broken broken = assertInstanceOf(JsonItem.Broken.class, items.get(items.size() - 1));
        assertEquals(2, broken.line());
        assertTrue(broken.reason().contains("a number too large to read"), broken.reason());
    }

    private static List<JsonItem> read(String text) throws IOException {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<JsonItem> read(byte[] bytes) throws IOException {
        List<JsonItem> items = new ArrayList<>();
        try (JsonRecordReader reader = new JsonRecordReader(new ByteArrayInputStream(bytes), JsonLayout.LINES, Set.of("messages"))) {
            JsonItem item;
            while ((item = reader.next()) != null) {
                items.add(item);
            }
        }
        return items;
    }
}
