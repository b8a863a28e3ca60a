package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The persisted role is the message's role. Only user/assistant mix-ups are reported here; a role that is
 * neither is {@code system-persisted}'s, so one mistake is not reported twice.
 */
public final class RoleMismatch extends DescribedRule {

    public RoleMismatch() {
        super("role-mismatch", "the persisted role is the message's role", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        MemoryCalls memory = MemoryCalls.of(Turns.of(thread), p.memoryTool());
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        int compared = 0;
        for (var entry : memory.byMsgIdx().entrySet()) {
            int idx = entry.getKey();
            Optional<String> expected = memory.message(idx).map(m -> m.message().role());
            for (ObservedCall call : entry.getValue()) {
                Optional<String> persisted = PersistedArgs.role(call);
                if (expected.isEmpty() || persisted.isEmpty()) {
                    continue;
                }
                compared++;
                String role = persisted.get();
                if (!role.equals(expected.get()) && SystemPersisted.isConversationRole(role)) {
                    problems.add(new RuleOutcome.Problem(OptionalInt.of(idx), "msg_idx " + idx + " is " + expected.get()
                            + " but was persisted as " + role, memory.evidence(idx, List.of(call))));
                }
            }
        }
        return compared == 0 ? RuleOutcome.notApplicable("no " + p.memoryTool() + " call with readable role arguments")
                : RuleOutcome.of(problems);
    }
}
