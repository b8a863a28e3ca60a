package dev.tracedeck.importers.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
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

    private static final ObjectMapper MAPPER = new ObjectMapper(new DecimalSafeJsonFactory())
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
        // Straight from the tokens, as readTree would bind them (floats and integers as BigDecimal, a repeated key
        // keeping its first place and its last value, nothing after the value): a model's arguments are parsed for
        // every call, and a tree first would build every object twice.
        try (JsonParser p = MAPPER.getFactory().createParser(text)) {
            JsonToken first = p.nextToken();
            if (first != null) {
                JsonValue value = read(p, first);
                if (p.nextToken() == null) {
                    return value;
                }
            }
        } catch (IOException e) {
            // Read again below, for the error as the tree reader words it.
        }
        // Whatever did not read as one value is read as before, so that its error says what it always said.
        JsonNode node = MAPPER.readTree(text);
        if (node == null || node.isMissingNode()) {
            throw new JsonProcessingException("no JSON value") { };
        }
        return from(node);
    }

    private static JsonValue read(JsonParser p, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                Map<String, JsonValue> members = new LinkedHashMap<>();
                JsonToken t;
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    members.put(name, read(p, p.nextToken()));
                }
                expect(p, t, JsonToken.END_OBJECT);
                return new JsonValue.JsonObject(members);
            }
            case START_ARRAY: {
                List<JsonValue> items = new ArrayList<>();
                JsonToken t;
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (t == null) {
                        expect(p, null, JsonToken.END_ARRAY);
                    }
                    items.add(read(p, t));
                }
                return new JsonValue.JsonArray(items);
            }
            case VALUE_STRING:
                return new JsonValue.JsonString(p.getText());
            case VALUE_NUMBER_INT:
                return new JsonValue.JsonNumber(p.getDecimalValue());
            case VALUE_NUMBER_FLOAT:
                return new JsonValue.JsonNumber(treeDecimal(p.getDecimalValue()));
            case VALUE_TRUE:
                return new JsonValue.JsonBoolean(true);
            case VALUE_FALSE:
                return new JsonValue.JsonBoolean(false);
            case VALUE_NULL:
                return JsonValue.JsonNull.INSTANCE;
            default:
                throw new JsonParseException(p, "unexpected " + token);
        }
    }

    /** A decimal as the tree reader keeps it: trailing zeros stripped (0.10 is 0.1), as Jackson does by default. */
    private static java.math.BigDecimal treeDecimal(java.math.BigDecimal d) {
        try {
            return d.stripTrailingZeros();
        } catch (ArithmeticException e) {
            return d;
        }
    }

    private static void expect(JsonParser p, JsonToken got, JsonToken wanted) throws JsonParseException {
        if (got != wanted) {
            throw new JsonParseException(p, "expected " + wanted + ", got " + (got == null ? "the end of the input" : got));
        }
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
            return toolCall(id, name, arguments.textValue());
        }
        JsonValue value = from(arguments);
        return new ToolCall(id, name, value.toCompactString(), Optional.of(value), false);
    }

    /**
     * A tool call whose arguments are a JSON text as the model wrote it: kept as written, and parsed when someone asks
     * for them (most calls of a big file are never looked at; see {@link dev.tracedeck.model.message.Arguments}).
     */
    public static ToolCall toolCall(String id, String name, String rawArguments) {
        return ToolCall.parsingOnDemand(id, name, rawArguments, JsonValues::tryParse);
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
