package dev.tracedeck.importers.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.model.json.JsonValue;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** JSON text into the model's values: read from the tokens exactly as the tree reader would have bound them. */
class JsonValuesTest {

    private static final ObjectMapper TREES = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    @Test
    void readsEveryKindOfValueAsTheTreeReaderBindsIt() throws Exception {
        for (String text : List.of("{\"q\": \"東京 👨‍👩‍👧‍👦\", \"limit\": 3, \"ratio\": 0.10, \"big\": 123456789012345678901234567890,"
                        + " \"e\": -1.5e3, \"ok\": true, \"no\": false, \"none\": null, \"list\": [1, [2, {}], []], \"o\": {\"a\": {}}}",
                "[]", "\"just a string\"", "42", "[0.0, 1.50, 100.0, -0.000, 1e400, 7E-2]", "null", "{\"k\": 1, \"k\": 2, \"z\": 0}")) {
            assertEquals(JsonValues.from(TREES.readTree(text)), JsonValues.parse(text), text);
        }
        JsonValue repeated = JsonValues.parse("{\"k\": 1, \"z\": 0, \"k\": 2}");
        assertEquals(List.of("k", "z"), List.copyOf(((JsonValue.JsonObject) repeated).members().keySet()),
                "a repeated key keeps its first place");
        assertEquals("2", ((JsonValue.JsonObject) repeated).members().get("k").toCompactString(), "and its last value");
    }

    @Test
    void whatIsNotOneValueFailsWithTheTreeReadersWords() {
        for (String text : List.of("{\"model\": }", "{\"a\": 1} {\"b\": 2}", "[1, 2", "", "{'single': 1}",
                "{\"n\": 1234e6789012345678901234567890}")) {
            assertEquals(Optional.empty(), JsonValues.tryParse(text), text);
        }
        JsonProcessingException e = assertThrows(JsonProcessingException.class, () -> JsonValues.parse("{\"model\": }"));
        assertTrue(e.getOriginalMessage().contains("expected a valid value"), e.getOriginalMessage());
    }

    @Test
    void repeatedMembersAreReadOnceAndShared() throws Exception {
        RepeatedMembers members = new RepeatedMembers();
        String tools = "[{\"type\": \"function\", \"function\": {\"name\": \"find\", \"parameters\": {\"type\": \"object\"}}}]";
        JsonValue first = members.value((ObjectNode) TREES.readTree("{\"id\": \"c1\", \"tools\": " + tools + "}"));
        JsonValue second = members.value((ObjectNode) TREES.readTree("{\"id\": \"c2\", \"tools\": " + tools + "}"));
        JsonValue other = members.value((ObjectNode) TREES.readTree("{\"id\": \"c3\", \"tools\": []}"));

        assertEquals(JsonValues.from(TREES.readTree("{\"id\": \"c2\", \"tools\": " + tools + "}")), second);
        assertSame(first.get("tools").orElseThrow(), second.get("tools").orElseThrow());
        assertNotSame(first.get("tools").orElseThrow(), other.get("tools").orElseThrow());
        assertEquals("\"c2\"", second.get("id").orElseThrow().toCompactString());
    }
}
