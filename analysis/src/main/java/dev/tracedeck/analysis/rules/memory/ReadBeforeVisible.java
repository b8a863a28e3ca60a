package dev.tracedeck.analysis.rules.memory;

import dev.tracedeck.analysis.memory.Memory;
import dev.tracedeck.analysis.memory.MemoryOp;
import dev.tracedeck.analysis.memory.MemoryOperation;
import dev.tracedeck.analysis.memory.MemoryTimeline;
import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Mycelian writes are asynchronous: {@code add_entry} and {@code put_context} queue the write ("enqueued") and
 * {@code await_consistency} waits until the memory's writes are visible. A {@code list_entries} or
 * {@code search_memories} after an {@code add_entry} (a {@code get_context} after a {@code put_context}) to the same
 * memory with no {@code await_consistency} between may not see the write. A read of the other store is not judged
 * (the context does not hold the entries), nor the protocol's own order, which {@code missing-flush} and
 * {@code context-call-during-conversation} check.
 */
public final class ReadBeforeVisible extends DescribedRule {

    public ReadBeforeVisible() {
        super("read-before-visible", "a Mycelian read waits with await_consistency for the writes before it",
                Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters parameters) {
        List<Step> steps = new ArrayList<>();
        for (Memory m : MemoryTimeline.of(thread)) {
            if (m.kind().equals("entries") || m.kind().equals("context")) {
                String id = m.name().substring(0, m.name().lastIndexOf(' '));
                m.operations().forEach(o -> steps.add(new Step(id, m.kind(), o)));
            }
        }
        if (steps.stream().noneMatch(s -> s.op().op() == MemoryOp.READ)) {
            return RuleOutcome.notApplicable("no Mycelian reads in this thread");
        }
        steps.sort(Comparator.comparingInt(s -> s.op().event().seq()));
        // per memory id and store, the writes not yet waited for
        Map<String, List<Event>> unawaited = new HashMap<>();
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Step s : steps) {
            MemoryOp op = s.op().op();
            if (op == MemoryOp.AWAIT) {
                unawaited.remove(s.id() + " entries");
                unawaited.remove(s.id() + " context");
            } else if (op.writes()) {
                unawaited.computeIfAbsent(s.id() + " " + s.kind(), k -> new ArrayList<>()).add(s.op().event());
            } else if (op == MemoryOp.READ) {
                List<Event> writes = unawaited.remove(s.id() + " " + s.kind());
                if (writes != null) {
                    // the latest write first, where a view opens: the one the read most plainly races
                    List<Event> evidence = List.of(writes.get(writes.size() - 1), s.op().event());
                    problems.add(new RuleOutcome.Problem(OptionalInt.empty(), s.op().tool() + " reads memory "
                            + s.id() + "'s " + s.kind() + " after " + writes.size() + (writes.size() == 1 ? " write" : " writes")
                            + " to it with no await_consistency between: the read may not see "
                            + (writes.size() == 1 ? "it" : "them"), evidence));
                }
            }
        }
        return RuleOutcome.of(problems);
    }

    private record Step(String id, String kind, MemoryOperation op) {
    }
}
