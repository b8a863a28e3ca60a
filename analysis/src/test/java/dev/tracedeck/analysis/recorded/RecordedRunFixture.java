package dev.tracedeck.analysis.recorded;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** A chat thread built message by message, with what its trace recorded about its model calls. */
final class RecordedRunFixture {

    static final String THREAD = "session-1";

    private final TraceBuilder builder = new TraceBuilder();
    private int line = 1;
    private int index;

    Event user(String text) {
        return add(Message.text("user", text));
    }

    Event assistant(String text) {
        return add(Message.text("assistant", text));
    }

    Event calls(String... ids) {
        List<ToolCall> calls = java.util.Arrays.stream(ids)
                .map(id -> new ToolCall(id, "read_file", "{}", Optional.<JsonValue>empty(), false)).toList();
        return add(new Message("assistant", "", calls, ""));
    }

    Event result(String id) {
        return result(id, "contents of the file");
    }

    Event result(String id, String content) {
        return add(new Message("tool", content, List.of(), id));
    }

    /** An assistant message whose call the trace records with the prompt tokens billed for it. */
    Event billed(String model, long promptTokens) {
        Event answer = assistant("Looked at it.");
        builder.recordModelCall(answer, model, Optional.of(TokenUsage.anthropic(promptTokens / 10, 0, promptTokens - promptTokens / 10, 20)),
                OptionalInt.empty());
        return answer;
    }

    Event compaction(long tokensBefore) {
        Event e = builder.add("system", "", THREAD, new SourceRef("run.jsonl", line, line), "{}",
                new Payload.JsonRecord("system", new JsonValue.JsonObject(Map.of())));
        line++;
        builder.recordCompaction(e, OptionalLong.of(tokensBefore), "auto");
        return e;
    }

    RecordedRunFixture recordCall(Event at, String model, TokenUsage usage, OptionalInt window) {
        builder.recordModelCall(at, model, Optional.of(usage), window);
        return this;
    }

    /** The thread is the agent the harness runs to compact another thread's context. */
    RecordedRunFixture compactionAgent() {
        builder.recordCompactionAgent(THREAD);
        return this;
    }

    RecordedRunFixture endsAtModelAnswer() {
        builder.endsAtModelAnswer(THREAD, true);
        return this;
    }

    /** The thread's history is a request's list of messages the file breaks off inside. */
    RecordedRunFixture historyCutShort() {
        builder.historyCutShort(THREAD);
        return this;
    }

    Trace trace() {
        return builder.build(new ImportReport("run.jsonl", "claude-code", 0, line, line, 0, 0, Map.of(), List.of(), 0, true));
    }

    private Event add(Message message) {
        Event e = builder.add("message", "", THREAD, new SourceRef("run.jsonl", line, line), message.content(),
                new Payload.ConversationMessage(message, OptionalInt.of(index++), message.content().length(), false));
        line++;
        return e;
    }
}
