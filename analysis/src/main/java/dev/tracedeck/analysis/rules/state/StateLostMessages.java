package dev.tracedeck.analysis.rules.state;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Messages an agent held do not vanish from its state: between two consecutive snapshots of a thread's message
 * list, every message of the earlier one is still in the later one (anywhere: a message that moved is not lost).
 * A LangGraph user found a reducer bug that wiped a thread's messages only by comparing two checkpoints by hand.
 * Snapshots a record of which failed to parse are skipped: their gaps are the log's, not the agent's.
 */
public final class StateLostMessages extends DescribedRule {

    private static final int NAMED = 3;
    private static final int PREVIEW = 60;

    public StateLostMessages() {
        super("state-lost-messages", "no message disappears from state between two snapshots", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Event> dumps = new ArrayList<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()) {
                dumps.add(e);
            }
        }
        if (dumps.size() < 2) {
            return RuleOutcome.notApplicable(dumps.isEmpty() ? "no state snapshots of a message list in this thread"
                    : "one state snapshot: nothing to compare it with");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        Event previous = null;
        for (Event dump : dumps) {
            StateSnapshot now = snapshot(dump);
            if (now.isIncomplete()) {
                continue;
            }
            if (previous != null) {
                List<Integer> lost = lost(snapshot(previous), now);
                if (!lost.isEmpty()) {
                    problems.add(problem(previous, dump, lost));
                }
            }
            previous = dump;
        }
        return RuleOutcome.of(problems);
    }

    /** Positions in {@code before} of the entries {@code after} no longer holds, as many times as they occurred. */
    public static List<Integer> lost(StateSnapshot before, StateSnapshot after) {
        List<StateEntry> a = before.entries();
        List<StateEntry> b = after.entries();
        if (a.size() <= b.size()) {
            boolean kept = true;
            for (int i = 0; i < a.size() && kept; i++) {
                // Consecutive dumps share their unchanged entries: the usual case is a reference check.
                kept = a.get(i) == b.get(i) || key(a.get(i)).equals(key(b.get(i)));
            }
            if (kept) {
                return List.of();
            }
        }
        Map<Key, Integer> remaining = new HashMap<>();
        for (StateEntry e : b) {
            remaining.merge(key(e), 1, Integer::sum);
        }
        List<Integer> lost = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            Key k = key(a.get(i));
            Integer left = remaining.get(k);
            if (left == null || left == 0) {
                lost.add(i);
            } else {
                remaining.put(k, left - 1);
            }
        }
        return lost;
    }

    /** An entry by what it says, not by its index (which shifts when an earlier entry goes). */
    private record Key(String type, String role, List<String> toolNames, String content) {
    }

    private static Key key(StateEntry e) {
        return new Key(e.type(), e.role(), e.toolNames(), e.content());
    }

    private static RuleOutcome.Problem problem(Event before, Event after, List<Integer> lost) {
        StateSnapshot was = snapshot(before);
        StateSnapshot now = snapshot(after);
        List<String> named = new ArrayList<>();
        for (int position : lost.subList(0, Math.min(NAMED, lost.size()))) {
            StateEntry e = was.entries().get(position);
            named.add("entry " + e.idx() + " (" + e.label() + (e.content().isEmpty() ? "" : ": \""
                    + PythonText.abbreviate(e.content().strip().replaceAll("\\s+", " "), PREVIEW) + "\"") + ")");
        }
        String message = String.format("the state at line %d holds %d message%s; the one at line %d held %d, and %d of them %s gone: %s%s",
                after.source().firstLine(), now.size(), now.size() == 1 ? "" : "s", before.source().firstLine(), was.size(),
                lost.size(), lost.size() == 1 ? "is" : "are", String.join(", ", named),
                lost.size() > NAMED ? " and " + (lost.size() - NAMED) + " more" : "");
        return new RuleOutcome.Problem(OptionalInt.empty(), message, List.of(before, after),
                List.of(new BlamedEntry(before, lost.get(0))));
    }

    private static StateSnapshot snapshot(Event dump) {
        return ((Payload.StateDump) dump.payload()).snapshot();
    }
}
