package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Every conversation message is persisted: a message with no add_entry is lost from memory. A message whose
 * agent invocation failed is left to {@code agent-error}, which says the message was lost, so one failure is
 * one finding.
 */
public final class MissingAddEntry extends DescribedRule {

    public MissingAddEntry() {
        super("missing-add-entry", "every conversation message is persisted", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        MemoryCalls memory = MemoryCalls.of(Turns.of(thread), p.memoryTool());
        if (memory.messages().isEmpty()) {
            return RuleOutcome.notApplicable("no conversation messages in this thread");
        }
        if (!memory.anyCallsObserved()) {
            return RuleOutcome.notApplicable("the log shows no tool calls (no TOOL_CALL lines or state dumps)");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        java.util.Set<Integer> failed = new java.util.HashSet<>();
        memory.turns().stream().filter(t -> !t.errors().isEmpty() && t.msgIdx().isPresent())
                .forEach(t -> failed.add(t.msgIdx().getAsInt()));
        memory.messages().forEach((idx, event) -> {
            if (memory.byMsgIdx().getOrDefault(idx, List.of()).isEmpty() && !failed.contains(idx)) {
                String role = memory.message(idx).map(m -> m.message().role()).orElse("");
                problems.add(new RuleOutcome.Problem(OptionalInt.of(idx),
                        "msg_idx " + idx + " (" + role + ") was never persisted: no " + p.memoryTool() + " call",
                        List.of(event)));
            }
        });
        return RuleOutcome.of(problems);
    }
}
