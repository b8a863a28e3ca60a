package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.chat.RepeatedToolCall;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** {@code repeated-tool-call} on a chat history: a loop learns nothing new; polling sees its result change. */
class RepeatedToolCallTest {

    private static final RepeatedToolCall RULE = new RepeatedToolCall();
    private static final String POLL = "{\"session_id\":7,\"chars\":\"\",\"yield_time_ms\":5000}";

    /** The model calls {@code write_stdin} with the same arguments once per given result, each answered by it. */
    private static TraceThread polls(String... results) {
        TraceBuilder b = new TraceBuilder();
        int line = 1;
        int idx = 0;
        for (String result : results) {
            String id = "call_" + idx;
            Message call = new Message("assistant", "", List.of(new ToolCall(id, "write_stdin", POLL, Optional.empty(),
                    false)), "");
            Message answer = new Message("tool", result, List.of(), id);
            for (Message m : List.of(call, answer)) {
                int at = line++;
                b.add("message", "", "t", new SourceRef("f.jsonl", at, at, "/payload"), "",
                        new Payload.ConversationMessage(m, OptionalInt.of(idx++), m.content().length(), false));
            }
        }
        return new TraceThread("t", b.build(new ImportReport("f.jsonl", "x", 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true))
                .threads().get(0).events());
    }

    @Test
    void theSameCallGettingTheSameResultAgainAndAgainIsALoop() {
        List<RuleOutcome.Problem> problems = RULE.check(polls("still building", "still building", "still building"),
                RuleParameters.DEFAULTS).problems();
        assertEquals(1, problems.size());
        assertEquals("write_stdin called 3 times in a row with the same arguments", problems.get(0).message());
    }

    @Test
    void theSameCallWhoseResultChangesEachTimeIsPollingNotALoop() {
        assertTrue(RULE.check(polls("compiling 1/3", "compiling 2/3", "compiling 3/3"), RuleParameters.DEFAULTS)
                .problems().isEmpty());
        assertEquals(1, RULE.check(polls("compiling 1/3", "compiling 2/3", "compiling 2/3", "compiling 2/3", "compiling 2/3"),
                RuleParameters.DEFAULTS).problems().size(), "once the output stops changing, it is a loop again");
    }

    /** Turns of one or more calls of {@code tool} with {@code args}, each answered "ok"; then a request record with {@code tools}. */
    private static TraceThread turns(String tool, String args, int[] callsPerTurn, String toolsJson) {
        TraceBuilder b = new TraceBuilder();
        int line = 1;
        int idx = 0;
        int id = 0;
        for (int n : callsPerTurn) {
            List<ToolCall> calls = new java.util.ArrayList<>();
            for (int k = 0; k < n; k++) {
                calls.add(new ToolCall("call_" + id++, tool, args, Optional.empty(), false));
            }
            List<Message> said = new java.util.ArrayList<>(List.of(new Message("assistant", "", calls, "")));
            calls.forEach(c -> said.add(new Message("tool", "ok", List.of(), c.id())));
            for (Message m : said) {
                int at = line++;
                b.add("message", "", "t", new SourceRef("f.jsonl", at, at, "/payload"), "",
                        new Payload.ConversationMessage(m, OptionalInt.of(idx++), m.content().length(), false));
            }
        }
        if (toolsJson != null) {
            int at = line;
            b.add("json", dev.tracedeck.model.recorded.ThreadRequest.EVENT, "t", new SourceRef("f.jsonl", at, at, "/request"),
                    "", new Payload.JsonRecord(dev.tracedeck.model.recorded.ThreadRequest.EVENT, json("{\"tools\": " + toolsJson + "}")));
        }
        return b.build(new ImportReport("f.jsonl", "x", 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true)).threads().get(0);
    }

    @Test
    void callsMadeAtOnceInOneMessageAreOneStepOfARun() {
        assertTrue(RULE.check(turns("read", "{\"path\":\"a\"}", new int[] {3}, null), RuleParameters.DEFAULTS)
                .problems().isEmpty(), "three at once, before any result: no loop");
        assertEquals(1, RULE.check(turns("read", "{\"path\":\"a\"}", new int[] {2, 1, 1}, null), RuleParameters.DEFAULTS)
                .problems().size(), "three turns of it are");
    }

    @Test
    void callsWhoseArgumentsTheTraceLeftEmptyAreJudgedOnlyWhereTheToolTakesNone() {
        int[] four = {1, 1, 1, 1};
        assertTrue(RULE.check(turns("bash", "{}", four, null), RuleParameters.DEFAULTS).problems().isEmpty(),
                "no schema recorded: the arguments may have been left out");
        assertTrue(RULE.check(turns("bash", "{}", four, "[{\"type\": \"function\", \"function\": {\"name\": \"bash\","
                + " \"parameters\": {\"type\": \"object\", \"properties\": {\"command\": {\"type\": \"string\"}},"
                + " \"required\": [\"command\"]}}}]"), RuleParameters.DEFAULTS).problems().isEmpty(),
                "bash needs a command: {} is not what was called");
        assertEquals(1, RULE.check(turns("now", "{}", four, "[{\"name\": \"now\", \"input_schema\": {\"type\": \"object\","
                + " \"properties\": {}}}]"), RuleParameters.DEFAULTS).problems().size(), "a tool that takes nothing, four times");
    }

    private static dev.tracedeck.model.json.JsonValue json(String text) {
        try {
            return value(new com.fasterxml.jackson.databind.ObjectMapper().readTree(text));
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static dev.tracedeck.model.json.JsonValue value(com.fasterxml.jackson.databind.JsonNode n) {
        if (n.isObject()) {
            Map<String, dev.tracedeck.model.json.JsonValue> m = new java.util.LinkedHashMap<>();
            n.fields().forEachRemaining(e -> m.put(e.getKey(), value(e.getValue())));
            return new dev.tracedeck.model.json.JsonValue.JsonObject(m);
        }
        if (n.isArray()) {
            List<dev.tracedeck.model.json.JsonValue> items = new java.util.ArrayList<>();
            n.forEach(i -> items.add(value(i)));
            return new dev.tracedeck.model.json.JsonValue.JsonArray(items);
        }
        return new dev.tracedeck.model.json.JsonValue.JsonString(n.asText());
    }
}
