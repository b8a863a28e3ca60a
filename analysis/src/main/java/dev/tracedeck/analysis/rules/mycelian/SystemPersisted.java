package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Control messages drive control tools and are never persisted; nothing is persisted under another role. */
public final class SystemPersisted extends DescribedRule {

    public SystemPersisted() {
        super("system-persisted", "control messages are never persisted; persisted roles are user or assistant", Severity.ERROR);
    }

    static boolean isConversationRole(String role) {
        return role.equals("user") || role.equals("assistant");
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Turn> turns = Turns.of(thread);
        if (turns.stream().noneMatch(t -> !t.callsOf(p.memoryTool()).isEmpty())) {
            return RuleOutcome.notApplicable("no " + p.memoryTool() + " calls in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Turn turn : turns) {
            for (ObservedCall call : turn.callsOf(p.memoryTool())) {
                Optional<String> role = PersistedArgs.role(call);
                if (!turn.control().isEmpty()) {
                    problems.add(new RuleOutcome.Problem(turn.msgIdx(), p.memoryTool() + " while handling control message "
                            + turn.control() + (role.map(r -> " (role " + r + ")").orElse("")), turn.evidence(List.of(call))));
                } else if (role.isPresent() && !isConversationRole(role.get())) {
                    problems.add(new RuleOutcome.Problem(turn.msgIdx(), "persisted with role " + role.get()
                            + " (only user or assistant may be persisted)", turn.evidence(List.of(call))));
                }
            }
        }
        return RuleOutcome.of(problems);
    }
}
