package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;

/** FLUSH_CONTEXT and SESSION_END are followed by await_consistency then put_context before the next message. */
public final class MissingFlush extends DescribedRule {

    public MissingFlush() {
        super("missing-flush", "FLUSH_CONTEXT and SESSION_END flush: await_consistency, then put_context", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Turn> flushes = Turns.of(thread).stream().filter(t -> p.controlMessages().contains(t.control())).toList();
        if (flushes.isEmpty()) {
            return RuleOutcome.notApplicable("no " + String.join(" or ", p.controlMessages()) + " in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Turn turn : flushes) {
            Flushes.problem(turn, p).ifPresent(why -> problems.add(new RuleOutcome.Problem(turn.msgIdx(),
                    turn.control() + " not flushed: " + why, turn.evidence(turn.calls()))));
        }
        return RuleOutcome.of(problems);
    }
}
