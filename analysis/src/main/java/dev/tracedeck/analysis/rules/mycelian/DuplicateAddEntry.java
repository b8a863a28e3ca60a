package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** One conversation message, exactly one add_entry: more than one persists the message twice. */
public final class DuplicateAddEntry extends DescribedRule {

    public DuplicateAddEntry() {
        super("duplicate-add-entry", "at most one memory write per conversation message", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        MemoryCalls memory = MemoryCalls.of(Turns.of(thread), p.memoryTool());
        if (memory.messages().isEmpty()) {
            return RuleOutcome.notApplicable("no conversation messages in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        memory.byMsgIdx().forEach((idx, calls) -> {
            if (calls.size() > 1) {
                problems.add(new RuleOutcome.Problem(OptionalInt.of(idx),
                        calls.size() + " " + p.memoryTool() + " calls for msg_idx " + idx + " (expected exactly one)",
                        memory.evidence(idx, calls)));
            }
        });
        return RuleOutcome.of(problems);
    }
}
