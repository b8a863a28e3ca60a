package dev.tracedeck.analysis.run;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * A run's conversation as a person reads it, top to bottom: the user's messages, the assistant's words and its thinking,
 * each tool call with its result beside it under the tool's name, errors, and each sub-agent's own conversation nested
 * where the call that started it was made. Harness records and the records a format keeps beside its messages are left
 * out: they are the timeline's. The texts are read when shown ({@link #text}, {@link #resultText}), so a transcript of
 * millions of messages holds only its entries.
 */
public final class Transcript {

    /** A line a format leaves where the model thought: "[thinking: 1,234 characters]", "[reasoning: summary]". */
    private static final Pattern THINKING = Pattern.compile("^\\[(thinking|redacted thinking|reasoning)\\b[^\\n]*\\]$");

    private final List<TranscriptEntry> entries;

    private Transcript(List<TranscriptEntry> entries) {
        this.entries = Collections.unmodifiableList(entries);
    }

    public static Transcript of(Trace trace) {
        return of(trace, RunWords.of(trace), () -> false);
    }

    /** @return null once {@code cancelled} says so */
    public static Transcript of(Trace trace, RunWords words, BooleanSupplier cancelled) {
        return new Builder(trace, words, cancelled).build();
    }

    public List<TranscriptEntry> entries() {
        return entries;
    }

    /** The index of the first entry that shows event {@code seq} (its call or its result), or -1. */
    public int entryOf(int seq) {
        for (int i = 0; i < entries.size(); i++) {
            TranscriptEntry e = entries.get(i);
            if (e.event().seq() == seq || e.result().filter(r -> r.seq() == seq).isPresent()) {
                return i;
            }
        }
        return -1;
    }

    /** What the entry says: a message's words, a call's arguments, an error's message. */
    public static String text(TranscriptEntry entry) {
        Payload payload = entry.event().payload();
        if (entry.kind() == TranscriptEntry.Kind.SUBAGENT) {
            return "";
        }
        if (entry.kind() == TranscriptEntry.Kind.TOOL) {
            return call(entry).map(Transcript::arguments).orElse("");
        }
        if (payload instanceof Payload.AgentError error) {
            return error.message();
        }
        if (payload instanceof Payload.ConversationMessage m) {
            String content = m.message().content();
            return switch (entry.kind()) {
                case THINKING -> thinking(content);
                case ASSISTANT -> withoutThinking(content);
                default -> content;
            };
        }
        if (payload instanceof Payload.ToolInvocation i) {
            return arguments(i.call());
        }
        return entry.event().summary();
    }

    /** A call's arguments a line each ("command: ls -la"), as written when they are not an object. */
    public static String arguments(ToolCall call) {
        return call.arguments().filter(v -> v instanceof dev.tracedeck.model.json.JsonValue.JsonObject)
                .map(v -> {
                    StringBuilder s = new StringBuilder();
                    ((dev.tracedeck.model.json.JsonValue.JsonObject) v).members().forEach((key, value) -> s
                            .append(s.isEmpty() ? "" : "\n").append(key).append(": ")
                            .append(value.asText().orElseGet(value::toCompactString)));
                    return s.toString();
                })
                .orElseGet(() -> call.rawArguments().strip());
    }

    /**
     * The model's thinking as its record holds it, read back from the record when the entry is opened: a Claude Code
     * line keeps the thinking blocks whose length the message shows, a Codex rollout the reasoning's summary. The
     * placeholder when the record holds none (or cannot be read).
     */
    public static String thinkingText(TranscriptEntry entry) {
        String placeholder = text(entry);
        try {
            com.fasterxml.jackson.databind.JsonNode record = JSON.readTree(entry.event().text());
            StringBuilder s = new StringBuilder();
            for (com.fasterxml.jackson.databind.JsonNode block : record.findParents("type")) {
                String type = block.path("type").asText("");
                String said = type.equals("thinking") ? block.path("thinking").asText("")
                        : type.equals("summary_text") ? block.path("text").asText("") : "";
                if (!said.isBlank()) {
                    s.append(s.isEmpty() ? "" : "\n\n").append(said.strip());
                }
            }
            return s.isEmpty() ? placeholder : s.toString();
        } catch (java.io.IOException | RuntimeException e) {
            return placeholder;
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** What a tool call's result says, "" when it has none. */
    public static String resultText(TranscriptEntry entry) {
        return entry.result().map(r -> r.payload() instanceof Payload.ConversationMessage m ? m.message().content()
                : r.summary()).orElse("");
    }

    /** Whether the entry is an error, or a call whose result is one. */
    public static boolean isError(TranscriptEntry entry) {
        return entry.kind() == TranscriptEntry.Kind.ERROR || resultText(entry).startsWith("[error]");
    }

    private static Optional<ToolCall> call(TranscriptEntry entry) {
        List<ToolCall> calls = RunWords.calls(entry.event());
        return entry.callIndex() >= 0 && entry.callIndex() < calls.size() ? Optional.of(calls.get(entry.callIndex()))
                : Optional.empty();
    }

    private static boolean isThinking(String line) {
        return THINKING.matcher(line.strip()).matches();
    }

    private static String thinking(String content) {
        StringBuilder s = new StringBuilder();
        for (String line : content.split("\n", -1)) {
            if (isThinking(line)) {
                s.append(s.isEmpty() ? "" : "\n").append(line.strip());
            }
        }
        return s.toString();
    }

    private static String withoutThinking(String content) {
        if (content.indexOf('[') < 0) {
            return content.strip();
        }
        StringBuilder s = new StringBuilder();
        for (String line : content.split("\n", -1)) {
            if (!isThinking(line)) {
                s.append(line).append('\n');
            }
        }
        return s.toString().strip();
    }

    /** Walks the threads, each sub-agent's where its call was made. */
    private static final class Builder {

        private final Trace trace;
        private final RunWords words;
        private final BooleanSupplier cancelled;
        private final List<TranscriptEntry> entries = new ArrayList<>();
        private final Map<String, List<TraceThread>> started = new HashMap<>();
        private final Set<String> walked = new HashSet<>();

        Builder(Trace trace, RunWords words, BooleanSupplier cancelled) {
            this.trace = trace;
            this.words = words;
            this.cancelled = cancelled;
        }

        Transcript build() {
            for (TraceThread thread : trace.threads()) {
                thread.records().startedBy().ifPresent(s -> started.computeIfAbsent(s.call().seq() + "\n" + s.callId(),
                        k -> new ArrayList<>()).add(thread));
            }
            boolean several = trace.threads().stream().filter(t -> t.records().startedBy().isEmpty()).count() > 1;
            for (TraceThread thread : trace.threads()) {
                if (thread.records().startedBy().isEmpty()) {
                    if (!walk(thread, 0, several)) {
                        return null;
                    }
                }
            }
            for (TraceThread thread : trace.threads()) {
                // Sub-agents whose call the trace does not hold: each on its own, at the end.
                if (!walked.contains(thread.id()) && !walk(thread, 0, true)) {
                    return null;
                }
            }
            return new Transcript(entries);
        }

        private boolean walk(TraceThread thread, int depth, boolean headed) {
            if (!walked.add(thread.id()) || thread.events().isEmpty()) {
                return true;
            }
            if (headed) {
                String model = thread.records().model().map(m -> " · " + m).orElse("");
                Event first = thread.events().stream().filter(e -> !HarnessRecords.isHarness(e)).findFirst()
                        .orElse(thread.events().get(0));
                // What the trace says of the run (a score, an error, a turn aborted) heads its conversation, as in the tree.
                String said = thread.records().outcomes().stream().map(RecordedOutcome::line)
                        .reduce((a, b) -> a + ", " + b).map(line -> " · " + line).orElse("");
                entries.add(new TranscriptEntry(TranscriptEntry.Kind.SUBAGENT, depth, first, -1,
                        Optional.empty(), (depth > 0 ? "sub-agent " : "agent ") + thread.label() + model + said));
            }
            Map<String, Event> results = new HashMap<>();
            Set<String> calls = new HashSet<>();
            for (Event event : thread.events()) {
                if (event.payload() instanceof Payload.ConversationMessage m) {
                    Message message = m.message();
                    if (message.isToolResult()) {
                        results.putIfAbsent(message.toolCallId(), event);
                    }
                    message.toolCalls().forEach(c -> calls.add(c.id()));
                }
            }
            int checked = 0;
            for (Event event : thread.events()) {
                if ((++checked & 4095) == 0 && cancelled.getAsBoolean()) {
                    return false;
                }
                if (HarnessRecords.isHarness(event)) {
                    continue;
                }
                Payload payload = event.payload();
                if (payload instanceof Payload.ConversationMessage m) {
                    message(event, m.message(), depth, results, calls);
                } else if (payload instanceof Payload.ToolInvocation i && !i.planned()) {
                    entries.add(new TranscriptEntry(TranscriptEntry.Kind.TOOL, depth, event, 0, Optional.empty(),
                            i.call().name()));
                } else if (event.kind() == EventKind.ERROR) {
                    entries.add(new TranscriptEntry(TranscriptEntry.Kind.ERROR, depth, event, -1, Optional.empty(), "error"));
                }
            }
            return true;
        }

        private void message(Event event, Message message, int depth, Map<String, Event> results, Set<String> calls) {
            if (message.isToolResult()) {
                if (!calls.contains(message.toolCallId())) {
                    // A result whose call this thread does not hold: on its own, under the tool the trace names.
                    entries.add(new TranscriptEntry(TranscriptEntry.Kind.TOOL, depth, event, -1, Optional.of(event),
                            words.tool(message.toolCallId()).orElse("result of " + message.toolCallId())));
                }
                return;
            }
            String role = message.role();
            if (!role.equals("assistant") && message.toolCalls().isEmpty()) {
                if (!message.content().isBlank()) {
                    TranscriptEntry.Kind kind = role.equals("user") ? TranscriptEntry.Kind.USER : TranscriptEntry.Kind.SYSTEM;
                    entries.add(new TranscriptEntry(kind, depth, event, -1, Optional.empty(), role));
                }
                return;
            }
            String content = message.content();
            if (content.contains("[")) {
                if (!thinking(content).isEmpty()) {
                    entries.add(new TranscriptEntry(TranscriptEntry.Kind.THINKING, depth, event, -1, Optional.empty(),
                            "thinking"));
                }
            }
            if (!withoutThinking(content).isEmpty()) {
                entries.add(new TranscriptEntry(TranscriptEntry.Kind.ASSISTANT, depth, event, -1, Optional.empty(),
                        role.isEmpty() ? "assistant" : role));
            }
            List<ToolCall> toolCalls = message.toolCalls();
            for (int i = 0; i < toolCalls.size(); i++) {
                ToolCall call = toolCalls.get(i);
                entries.add(new TranscriptEntry(TranscriptEntry.Kind.TOOL, depth, event, i,
                        Optional.ofNullable(results.get(call.id())), call.name()));
                List<TraceThread> subAgents = started.get(event.seq() + "\n" + call.id());
                if (subAgents != null) {
                    subAgents.forEach(t -> walk(t, depth + 1, true));
                }
            }
        }
    }
}
