package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Splits a thread into {@link Turn}s. Tool calls come from TOOL_CALL lines when the thread has any; a log
 * written without the tool logger still shows calls by name in the AI entries its state dumps append, so
 * those are used instead.
 */
public final class Turns {

    private Turns() {
    }

    public static List<Turn> of(TraceThread thread) {
        boolean toolLines = thread.events().stream().anyMatch(e -> e.payload() instanceof Payload.ToolInvocation t && !t.planned());
        List<Turn> turns = new ArrayList<>();
        Optional<Event> opener = Optional.empty();
        List<ObservedCall> calls = new ArrayList<>();
        List<Event> snapshots = new ArrayList<>();
        List<Event> errors = new ArrayList<>();
        for (Event e : thread.events()) {
            Payload p = e.payload();
            if (p instanceof Payload.ConversationMessage || p instanceof Payload.ControlMessage) {
                if (opener.isPresent() || !calls.isEmpty() || !snapshots.isEmpty() || !errors.isEmpty()) {
                    turns.add(new Turn(opener, calls, snapshots, errors));
                }
                opener = Optional.of(e);
                calls = new ArrayList<>();
                snapshots = new ArrayList<>();
                errors = new ArrayList<>();
            } else if (p instanceof Payload.ToolInvocation t && !t.planned()) {
                calls.add(new ObservedCall(t.call().name(), e, Optional.of(t.call()), t.msgIdx(), t.role()));
            } else if (p instanceof Payload.AgentError) {
                errors.add(e);
            } else if (p instanceof Payload.StateDump dump) {
                snapshots.add(e);
                if (!toolLines) {
                    calls.addAll(callsAppendedBy(e, dump));
                }
            }
        }
        if (opener.isPresent() || !calls.isEmpty() || !snapshots.isEmpty() || !errors.isEmpty()) {
            turns.add(new Turn(opener, calls, snapshots, errors));
        }
        return turns;
    }

    private static List<ObservedCall> callsAppendedBy(Event event, Payload.StateDump dump) {
        List<ObservedCall> calls = new ArrayList<>();
        SnapshotDiff diff = dump.diff();
        List<StateEntry> entries = dump.snapshot().entries();
        for (int i = diff.appendedFrom(); i < diff.appendedFrom() + diff.appendedCount(); i++) {
            for (String name : entries.get(i).toolNames()) {
                calls.add(new ObservedCall(name, event, Optional.empty(), OptionalInt.empty(), ""));
            }
        }
        return calls;
    }
}
