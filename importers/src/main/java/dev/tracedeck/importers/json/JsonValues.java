package dev.tracedeck.importers.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Parses JSON text into the model's {@link JsonValue}, with Jackson doing the parsing. */
public final class JsonValues {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JsonValues() {
    }

    /** The value when {@code text} is one complete JSON value, else empty. */
    public static Optional<JsonValue> tryParse(String text) {
        try {
            return Optional.of(parse(text));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** Parses one complete JSON value; the exception's message says where it failed. */
    public static JsonValue parse(String text) throws JsonProcessingException {
        JsonNode node = MAPPER.readTree(text);
        if (node == null || node.isMissingNode()) {
            throw new JsonProcessingException("no JSON value") { };
        }
        return from(node);
    }

    /**
     * A tool call with its arguments as the format wrote them: a JSON string kept as written (and parsed when it
     * parses: a model's arguments may not), an object kept as its compact JSON and parsed, none as "".
     */
    public static ToolCall toolCall(String id, String name, JsonNode arguments) {
        if (arguments == null || arguments.isNull() || arguments.isMissingNode()) {
            return new ToolCall(id, name, "", Optional.empty(), false);
        }
        if (arguments.isTextual()) {
            return new ToolCall(id, name, arguments.textValue(), tryParse(arguments.textValue()), false);
        }
        JsonValue value = from(arguments);
        return new ToolCall(id, name, value.toCompactString(), Optional.of(value), false);
    }

    public static JsonValue from(JsonNode node) {
        if (node.isObject()) {
            Map<String, JsonValue> members = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                members.put(f.getKey(), from(f.getValue()));
            }
            return new JsonValue.JsonObject(members);
        }
        if (node.isArray()) {
            List<JsonValue> items = new ArrayList<>(node.size());
            node.forEach(item -> items.add(from(item)));
            return new JsonValue.JsonArray(items);
        }
        if (node.isTextual()) {
            return new JsonValue.JsonString(node.textValue());
        }
        if (node.isNumber()) {
            return new JsonValue.JsonNumber(node.decimalValue());
        }
        if (node.isBoolean()) {
            return new JsonValue.JsonBoolean(node.booleanValue());
        }
        return JsonValue.JsonNull.INSTANCE;
    }

    /** A short reason for a parse failure, without Jackson's source excerpt. */
    public static String reason(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        return (m == null ? "invalid JSON" : m) + (e.getLocation() == null ? ""
                : " (at column " + e.getLocation().getColumnNr() + ")");
    }
}
