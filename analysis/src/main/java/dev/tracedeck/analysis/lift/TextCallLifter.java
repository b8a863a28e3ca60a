package dev.tracedeck.analysis.lift;

import dev.tracedeck.analysis.rules.chat.TextToolCallNotRun;
import dev.tracedeck.analysis.textcalls.ArgumentsStatus;
import dev.tracedeck.analysis.textcalls.TextToolCall;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.analysis.textcalls.found.TextCallFinder;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The import option {@code --parse-text-calls}: every tool call the model wrote as text, at or above
 * {@link TextCallFinder#THRESHOLD} and not run by anything, becomes a structured call of the message or state
 * entry that holds it, marked as parsed from text — so the rules and the prune strategies see the call the model
 * meant, as an agent with a text-call parser would have made it.
 *
 * <p>What it changes, and why:
 * <ul>
 *   <li>An assistant message gets a {@link ToolCall} with {@link ToolCall#parsedFromText()} set, a made-up id
 *       ({@code from-text-SEQ-N}, since a text call has none), the raw arguments as written and the parsed ones
 *       when they read whole (complete or repaired). A partial read is a truncated call, as a cut log's is.</li>
 *   <li>A state entry gets the names added after those it made ({@link StateEntry#parsedFromText()}), in every
 *       dump that holds it; a Mycelian dump shows calls by name only, so that is all an entry carries.</li>
 *   <li>The text stays as logged: the spans, the evidence lines and the detail pane still point into it. A
 *       token count therefore sees the call twice — as text and as a call — which is what the log holds.</li>
 *   <li>A call something already ran is left alone: adding it again would leave a second call without a
 *       result. Whether a lifted call got a result is {@code orphaned-tool-call}'s question, not
 *       {@code text-tool-call}'s, which skips the calls it finds made structured (so each unrun call is reported
 *       once).</li>
 * </ul>
 * Events keep their seq, source and raw text, and dumps their diffs: an entry is lifted the same way wherever it
 * stands, so equal entries stay equal. Pure: the trace given is not changed.
 */
public final class TextCallLifter {

    private TextCallLifter() {
    }

    /** {@code trace} with its text calls made structured; the same trace when it has none to lift. */
    public static Trace lift(Trace trace) {
        Map<Integer, List<ToolCall>> byMessage = new HashMap<>();
        Map<String, Map<StateEntry, List<String>>> byEntry = new HashMap<>();
        for (TraceThread thread : trace.threads()) {
            for (FoundTextCall f : TextToolCallNotRun.find(thread, trace.format()).atLeast(TextCallFinder.THRESHOLD)) {
                if (f.executed() || f.structured()) {
                    continue;
                }
                Event event = f.where().event();
                if (f.where().isStateEntry()) {
                    StateEntry entry = ((Payload.StateDump) event.payload()).snapshot().entries()
                            .get(f.where().entryPosition().getAsInt());
                    byEntry.computeIfAbsent(thread.id(), id -> new HashMap<>())
                            .computeIfAbsent(entry, e -> new ArrayList<>()).add(f.call().name());
                } else {
                    List<ToolCall> calls = byMessage.computeIfAbsent(event.seq(), s -> new ArrayList<>());
                    calls.add(toolCall(f, "from-text-" + event.seq() + "-" + (calls.size() + 1)));
                }
            }
        }
        if (byMessage.isEmpty() && byEntry.isEmpty()) {
            return trace;
        }
        TraceBuilder out = new TraceBuilder();
        // Dumps share their unchanged entries; lifting each instance once keeps them shared.
        Map<StateEntry, StateEntry> lifted = new IdentityHashMap<>();
        for (Event e : trace.events()) {
            Payload payload = e.payload();
            if (payload instanceof Payload.ConversationMessage m && byMessage.containsKey(e.seq())) {
                payload = withCalls(m, byMessage.get(e.seq()));
            } else if (payload instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()
                    && byEntry.containsKey(e.threadId())) {
                payload = new Payload.StateDump(lift(dump.snapshot(), byEntry.get(e.threadId()), lifted), dump.diff());
            }
            out.add(e.keyword(), e.time(), e.threadId(), e.source(), e.sourceText(), payload);
        }
        trace.threads().forEach(out::carryRecords);
        return out.build(trace.report());
    }

    private static ToolCall toolCall(FoundTextCall found, String id) {
        TextToolCall call = found.call();
        boolean whole = call.argumentsStatus() == ArgumentsStatus.COMPLETE || call.argumentsStatus() == ArgumentsStatus.REPAIRED;
        boolean truncated = call.argumentsStatus() == ArgumentsStatus.PARTIAL
                || call.argumentsStatus() == ArgumentsStatus.UNPARSED && found.where().cut();
        return new ToolCall(id, call.name(), call.rawArguments(), whole ? call.arguments() : Optional.empty(), truncated, true);
    }

    private static Payload.ConversationMessage withCalls(Payload.ConversationMessage m, List<ToolCall> lifted) {
        Message msg = m.message();
        List<ToolCall> calls = new ArrayList<>(msg.toolCalls());
        calls.addAll(lifted);
        return new Payload.ConversationMessage(msg.withToolCalls(calls),
                m.msgIdx(), m.fullLength(), m.previewCut());
    }

    private static StateSnapshot lift(StateSnapshot snapshot, Map<StateEntry, List<String>> names,
                                      Map<StateEntry, StateEntry> lifted) {
        List<StateEntry> entries = new ArrayList<>(snapshot.size());
        int[] lines = new int[snapshot.size()];
        for (int i = 0; i < snapshot.size(); i++) {
            StateEntry entry = snapshot.entries().get(i);
            entries.add(lifted.computeIfAbsent(entry, e -> names.containsKey(e) ? e.withCallsFromText(names.get(e)) : e));
            lines[i] = snapshot.entryLine(i);
        }
        return snapshot.withEntries(entries, lines);
    }
}
