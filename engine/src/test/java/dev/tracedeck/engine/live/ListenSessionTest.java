package dev.tracedeck.engine.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A listen session checks what grew, not what was received before: each check reads back the lines of the groups
 * (traces tied by their conversations) that gained a line, and the checklist at the end reads the whole file.
 */
class ListenSessionTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void eachCheckReadsBackTheLinesOfTheGroupsThatGrewOnly() throws Exception {
        List<String> told = Collections.synchronizedList(new ArrayList<>());
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        ListenSession session = new ListenSession(dir.resolve("live.jsonl"), "live.jsonl", new Validator(RuleConfig.DEFAULT),
                told::add, problems::add, 20);
        try (session) {
            for (int c = 0; c < 40; c++) {
                session.traces(request(chat(c, 1, "conv-" + c)), 1);
            }
            waitFor(session::linesReadBack, 40);
            long before = session.linesReadBack();
            // A new conversation: its one line is read back.
            session.traces(request(chat(40, 1, "conv-40")), 1);
            waitFor(session::linesReadBack, before + 1);
            assertEquals(before + 1, settled(session::linesReadBack));
            // Conversation 3 goes on in a trace of its own, tied to it by its conversation id: both lines, no other.
            session.traces(request(chat(3, 2, "conv-3")), 1);
            waitFor(session::linesReadBack, before + 3);
            assertEquals(before + 3, settled(session::linesReadBack));
            assertEquals(41, session.groups());
        }
        assertEquals(List.of(), withoutLagNotice(problems));
        Validation checklist = session.validation().orElseThrow();
        assertEquals(41, checklist.threads().size());
        assertTrue(session.checked().startsWith("42 spans"), session.checked());
        assertEquals(List.of(), told, "clean runs tell nothing");
    }

    @Test
    void aRequestWhoseSpansBelongToManyGroupsIsReadBackForEachButCheckedForItsOwnSpansOnly() throws Exception {
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        ListenSession session = new ListenSession(dir.resolve("live.jsonl"), "live.jsonl", new Validator(RuleConfig.DEFAULT),
                line -> { }, problems::add, 20);
        try (session) {
            session.traces(request(chat(1, 1, "a"), chat(2, 1, "b"), chat(3, 1, "c")), 3);
            waitFor(session::linesReadBack, 3);
            assertEquals(3, session.groups());
        }
        assertEquals(List.of(), withoutLagNotice(problems));
        assertEquals(3, session.validation().orElseThrow().threads().size());
    }

    /**
     * The problems but the notice that checks lag behind what arrives: whether it comes depends on how loaded the
     * machine running the test is, not on what this test checks (which lines are read back).
     */
    private static List<String> withoutLagNotice(List<String> problems) {
        return problems.stream().filter(p -> !p.contains("behind what arrives")).toList();
    }

    private static long settled(LongSupplier value) throws InterruptedException {
        Thread.sleep(200);
        return value.getAsLong();
    }

    private static void waitFor(LongSupplier value, long atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (value.getAsLong() < atLeast) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still " + value.getAsLong() + ", waiting for " + atLeast);
            }
            Thread.sleep(10);
        }
    }

    /** A model call answering a user's question, in trace {@code trace}, call {@code n} of its conversation. */
    private static ObjectNode chat(int trace, int n, String conversation) throws Exception {
        ObjectNode span = MAPPER.createObjectNode();
        span.put("traceId", String.format("%032x", 0x5e0b6c1f00000000L + trace * 16L + n));
        span.put("spanId", String.format("%016x", 0x1000L + trace * 16L + n));
        span.put("name", "chat gpt-4o");
        span.put("startTimeUnixNano", Long.toString(1754902800000000000L + trace * 1_000_000_000L + n * 1_000_000L));
        span.put("endTimeUnixNano", Long.toString(1754902800000000000L + trace * 1_000_000_000L + n * 1_000_000L + 500));
        ArrayNode attributes = span.putArray("attributes");
        attribute(attributes, "gen_ai.operation.name", "chat");
        attribute(attributes, "gen_ai.request.model", "gpt-4o");
        attribute(attributes, "gen_ai.conversation.id", conversation);
        List<Object> input = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            input.add(Map.of("role", "user", "parts", List.of(Map.of("type", "text", "content", "question " + i))));
            if (i < n) {
                input.add(answer(i));
            }
        }
        attribute(attributes, "gen_ai.input.messages", MAPPER.writeValueAsString(input));
        attribute(attributes, "gen_ai.output.messages", MAPPER.writeValueAsString(List.of(answer(n))));
        return span;
    }

    private static Object answer(int i) {
        return Map.of("role", "assistant", "finish_reason", "stop", "parts", List.of(Map.of("type", "text", "content",
                "answer " + i)));
    }

    private static void attribute(ArrayNode attributes, String key, String value) {
        ObjectNode kv = attributes.addObject();
        kv.put("key", key);
        kv.putObject("value").put("stringValue", value);
    }

    private static ObjectNode request(ObjectNode... spans) {
        ObjectNode request = MAPPER.createObjectNode();
        ArrayNode list = request.putArray("resourceSpans").addObject().putArray("scopeSpans").addObject().putArray("spans");
        for (ObjectNode span : spans) {
            list.add(span);
        }
        return request;
    }
}
