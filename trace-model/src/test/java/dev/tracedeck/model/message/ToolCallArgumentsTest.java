package dev.tracedeck.model.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.tracedeck.model.json.JsonValue;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A call's arguments parsed on demand: not before someone asks, once, and the same call as one parsed up front. */
class ToolCallArgumentsTest {

    /** A stand-in for the importers' JSON parser: {"n": 1} and nothing else, counting its calls. */
    private final AtomicInteger parses = new AtomicInteger();
    private final Function<String, Optional<JsonValue>> parser = text -> {
        parses.incrementAndGet();
        return text.equals("{\"n\": 1}") ? Optional.of(object()) : Optional.empty();
    };

    private static JsonValue object() {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        members.put("n", new JsonValue.JsonNumber(BigDecimal.ONE));
        return new JsonValue.JsonObject(members);
    }

    @Test
    void theArgumentsAreParsedWhenFirstAskedForAndOnlyOnce() {
        ToolCall call = ToolCall.parsingOnDemand("call_1", "lookup", "{\"n\": 1}", parser);
        assertEquals(0, parses.get(), "made, not parsed");
        assertEquals(Optional.of("1"), call.arguments().flatMap(a -> a.path("n")).map(v -> ((JsonValue.JsonNumber) v).value().toPlainString()));
        call.arguments();
        call.displayArguments();
        assertEquals(1, parses.get());
    }

    @Test
    void argumentsThatDoNotParseAreAbsentAndShownAsWritten() {
        ToolCall call = ToolCall.parsingOnDemand("call_1", "lookup", "{\"n\": 1", parser);
        assertEquals(Optional.empty(), call.arguments());
        assertEquals("{\"n\": 1", call.displayArguments());
    }

    @Test
    void callsAreHashedAndComparedWithoutParsingWhenBothWaitForTheSameText() {
        ToolCall a = ToolCall.parsingOnDemand("call_1", "lookup", "{\"n\": 1}", parser);
        ToolCall b = ToolCall.parsingOnDemand("call_1", "lookup", "{\"n\": 1}", parser);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(1, new java.util.HashSet<>(List.of(a, b, a)).size());
        assertEquals(0, parses.get(), "equal raw text through the same parser: equal without parsing");
        assertNotEquals(a, ToolCall.parsingOnDemand("call_1", "lookup", "{\"n\": 2}", parser));
    }

    @Test
    void aCallParsedOnDemandEqualsTheSameCallParsedUpFront() {
        ToolCall lazy = ToolCall.parsingOnDemand("call_1", "lookup", "{\"n\": 1}", parser);
        ToolCall eager = new ToolCall("call_1", "lookup", "{\"n\": 1}", Optional.of(object()), false);
        assertEquals(eager, lazy);
        assertEquals(lazy, eager);
        assertEquals(eager.hashCode(), lazy.hashCode());
        assertNotEquals(new ToolCall("call_1", "lookup", "{\"n\": 1}", Optional.empty(), false), lazy,
                "the same text with no parsed arguments (a repaired or cut call) is another call");
    }
}
