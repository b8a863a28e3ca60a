package dev.tracedeck.model.json;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable JSON value, so the domain can hold parsed tool arguments and dumps without depending on a
 * JSON library. Importers build these from whatever parser they use; object members keep source order.
 */
public sealed interface JsonValue {

    /** The member named {@code key} when this is an object that has it. */
    default Optional<JsonValue> get(String key) {
        return Optional.empty();
    }

    /** Text of a string, literal of a number or boolean; empty for null, objects and arrays. */
    default Optional<String> asText() {
        return Optional.empty();
    }

    /** Follows a path of object keys, e.g. {@code path("tags", "role")}. */
    default Optional<JsonValue> path(String... keys) {
        Optional<JsonValue> current = Optional.of(this);
        for (String key : keys) {
            current = current.flatMap(v -> v.get(key));
        }
        return current;
    }

    default String toPrettyString() {
        return JsonWriter.pretty(this);
    }

    default String toCompactString() {
        return JsonWriter.compact(this);
    }

    static JsonValue of(String s) {
        return new JsonString(s);
    }

    record JsonObject(Map<String, JsonValue> members) implements JsonValue {
        public JsonObject {
            members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        }

        @Override
        public Optional<JsonValue> get(String key) {
            return Optional.ofNullable(members.get(key));
        }
    }

    record JsonArray(List<JsonValue> items) implements JsonValue {
        public JsonArray {
            items = List.copyOf(items);
        }
    }

    record JsonString(String value) implements JsonValue {
        public JsonString {
            Objects.requireNonNull(value);
        }

        @Override
        public Optional<String> asText() {
            return Optional.of(value);
        }
    }

    record JsonNumber(BigDecimal value) implements JsonValue {
        public JsonNumber {
            Objects.requireNonNull(value);
        }

        @Override
        public Optional<String> asText() {
            return Optional.of(value.toString());
        }
    }

    record JsonBoolean(boolean value) implements JsonValue {
        @Override
        public Optional<String> asText() {
            return Optional.of(Boolean.toString(value));
        }
    }

    enum JsonNull implements JsonValue {
        INSTANCE
    }
}
