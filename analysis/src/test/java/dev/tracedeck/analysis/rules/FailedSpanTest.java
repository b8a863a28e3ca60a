package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.chat.FailedSpan;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** failed-span: a span the trace records as failed is a warning, with the span and its error record as evidence. */
class FailedSpanTest {

    private final TraceBuilder builder = new TraceBuilder();

    private void span(int line, String name) {
        builder.add("span", "", "t", SourceRef.line("trace.jsonl", line), "{\"name\":\"" + name + "\"}",
                new Payload.JsonRecord("span " + name, new JsonValue.JsonObject(Map.of()), EventKind.SPAN));
    }

    private void error(int line, String message) {
        builder.add("error", "", "t", SourceRef.line("trace.jsonl", line), "{}", new Payload.AgentError(message));
    }

    private void message(int line, String content) {
        builder.add("message", "", "t", SourceRef.line("trace.jsonl", line), content,
                new Payload.ConversationMessage(Message.text("user", content), OptionalInt.of(0), content.length(), false));
    }

    private RuleOutcome check() {
        TraceThread thread = builder.build(new ImportReport("trace.jsonl", "otlp", 100, 3, 3, 0, 0, Map.of(), List.of(), 0, true))
                .thread("t").orElseThrow();
        return new FailedSpan().check(thread, RuleConfig.DEFAULT.parameters());
    }

    @Test
    void aFailedSpanIsAWarningWithTheSpanAndItsErrorAsEvidence() {
        span(1, "chat");
        span(2, "read_file");
        error(2, "read_file failed: FileNotFoundError: src/parse.py\n  Traceback (most recent call last): …");
        RuleOutcome outcome = check();
        assertEquals(1, outcome.problems().size());
        RuleOutcome.Problem problem = outcome.problems().get(0);
        assertEquals("span read_file failed: FileNotFoundError: src/parse.py", problem.message());
        assertEquals(List.of(2, 2), problem.evidence().stream().map(e -> e.source().firstLine()).toList());
        assertEquals(EventKind.SPAN, problem.evidence().get(0).kind());
    }

    @Test
    void spansThatAllEndedWellPassAndAThreadWithoutSpansCannotSay() {
        span(1, "chat");
        message(2, "hi");
        RuleOutcome ok = check();
        assertTrue(ok.applicable());
        assertTrue(ok.problems().isEmpty());

        TraceBuilder chat = new TraceBuilder();
        chat.add("message", "", "t", SourceRef.line("chat.jsonl", 1), "hi",
                new Payload.ConversationMessage(Message.text("user", "hi"), OptionalInt.of(0), 2, false));
        TraceThread thread = chat.build(new ImportReport("chat.jsonl", "openai-chat", 10, 1, 1, 0, 0, Map.of(), List.of(), 0, true))
                .thread("t").orElseThrow();
        assertFalse(new FailedSpan().check(thread, RuleConfig.DEFAULT.parameters()).applicable());
    }

    @Test
    void aMycelianLogsAgentErrorsAreAgentErrorsNotFailedSpans() {
        assertTrue(RuleProfile.mycelianToolOnly().rule("failed-span").isEmpty());
        assertTrue(RuleProfile.forFormat("otlp").rule("failed-span").isPresent());
        assertTrue(RuleProfile.allRules().stream().anyMatch(r -> r.id().equals("failed-span")));
    }
}
