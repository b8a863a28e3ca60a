package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The reader's walk through a document: top-level members and arrays as before, and streamed paths that go deeper. */
class JsonRecordReaderTest {

    private static List<JsonItem> read(String json, Set<String> streamed) throws Exception {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        JsonLayout layout = JsonLayout.sniff(new ByteArrayInputStream(bytes));
        List<JsonItem> items = new ArrayList<>();
        try (JsonRecordReader reader = new JsonRecordReader(new ByteArrayInputStream(bytes), layout, streamed)) {
            JsonItem item;
            while ((item = reader.next()) != null) {
                items.add(item);
            }
        }
        return items;
    }

    private static List<String> pointers(List<JsonItem> items) {
        return items.stream().map(i -> i instanceof JsonItem.Value v ? v.pointer() + " " + v.member() : "broken").toList();
    }

    @Test
    void readsATopLevelMemberElementByElementAndTheOthersWhole() throws Exception {
        List<JsonItem> items = read("{\"model\": \"m\",\n \"messages\": [{\"a\": 1},\n {\"b\": 2}], \"n\": {\"messages\": []}}",
                Set.of("messages"));
        assertEquals(List.of("/model model", "/messages/0 messages", "/messages/1 messages", "/n n"), pointers(items));
        assertEquals(3, ((JsonItem.Value) items.get(2)).firstLine());
        assertEquals("{\"b\": 2}", ((JsonItem.Value) items.get(2)).text());
    }

    @Test
    void aStreamedMemberThatIsNoArrayIsOneValue() throws Exception {
        assertEquals(List.of("/messages messages"), pointers(read("{\"messages\": {\"x\": []}}", Set.of("messages"))));
    }

    @Test
    void walksANestedPathThroughArraysAndObjectsAndHandsOverWhatLiesBeside() throws Exception {
        String doc = """
                {"resourceSpans": [
                  {"resource": {"attributes": []},
                   "scopeSpans": [
                     {"scope": {"name": "s"}, "spans": [{"spanId": "a"}, {"spanId": "b"}]},
                     {"spans": [{"spanId": "c"}], "schemaUrl": "u"}]},
                  {"scopeSpans": [{"spans": []}], "resource": {}}]}
                """;
        List<JsonItem> items = read(doc, Set.of("resourceSpans/*/scopeSpans/*/spans"));
        assertEquals(List.of("/resourceSpans/0/resource resourceSpans", "/resourceSpans/0/scopeSpans/0/scope resourceSpans",
                "/resourceSpans/0/scopeSpans/0/spans/0 resourceSpans", "/resourceSpans/0/scopeSpans/0/spans/1 resourceSpans",
                "/resourceSpans/0/scopeSpans/1/spans/0 resourceSpans", "/resourceSpans/0/scopeSpans/1/schemaUrl resourceSpans",
                "/resourceSpans/1/resource resourceSpans"), pointers(items));
        JsonItem.Value c = (JsonItem.Value) items.get(4);
        assertEquals("{\"spanId\": \"c\"}", c.text());
        assertEquals(5, c.firstLine());
    }

    @Test
    void aDocumentCutInsideANestedArrayEndsBrokenAtTheEndOfInput() throws Exception {
        List<JsonItem> items = read("{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [{\"spanId\": \"a\"}, {\"spanId\": \"b",
                Set.of("resourceSpans/*/scopeSpans/*/spans"));
        assertEquals(2, items.size());
        assertEquals("/resourceSpans/0/scopeSpans/0/spans/0", ((JsonItem.Value) items.get(0)).pointer());
        assertTrue(((JsonItem.Broken) items.get(1)).endOfInput());
    }

    @Test
    void aTopLevelArrayIsReadElementByElement() throws Exception {
        assertEquals(List.of("/0 ", "/1 "), pointers(read("[{\"a\": [1]}, [2]]", Set.of("messages"))));
    }
}
