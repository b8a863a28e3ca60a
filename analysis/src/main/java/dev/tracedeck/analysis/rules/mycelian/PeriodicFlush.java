package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;

/**
 * The optional periodic flush: at every msg_idx divisible by the period, a flush before the next conversation
 * message. When a FLUSH_CONTEXT or SESSION_END comes in between, that control message owns the flush and
 * {@code missing-flush} judges it, so one missing flush is not reported twice.
 */
public final class PeriodicFlush extends DescribedRule {

    public PeriodicFlush() {
        super("periodic-flush", "a flush at every msg_idx divisible by the flush period", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        if (p.flushPeriod() == 0) {
            return RuleOutcome.notApplicable("periodic flush is turned off (flushPeriod 0)");
        }
        List<Turn> turns = Turns.of(thread);
        boolean anyDue = false;
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            Turn turn = turns.get(i);
            if (turn.msgIdx().isEmpty() || turn.msgIdx().getAsInt() == 0 || turn.msgIdx().getAsInt() % p.flushPeriod() != 0) {
                continue;
            }
            anyDue = true;
            if (flushRequestedBeforeNextMessage(turns, i, p)) {
                continue;
            }
            Flushes.problem(turn, p).ifPresent(why -> problems.add(new RuleOutcome.Problem(turn.msgIdx(),
                    "msg_idx " + turn.msgIdx().getAsInt() + " is a multiple of " + p.flushPeriod() + " but was not flushed: " + why,
                    turn.evidence(turn.calls()))));
        }
        return anyDue ? RuleOutcome.of(problems) : RuleOutcome.notApplicable("no msg_idx divisible by " + p.flushPeriod());
    }

    private static boolean flushRequestedBeforeNextMessage(List<Turn> turns, int due, RuleParameters p) {
        for (int i = due + 1; i < turns.size() && turns.get(i).conversation().isEmpty(); i++) {
            if (p.controlMessages().contains(turns.get(i).control())) {
                return true;
            }
        }
        return false;
    }
}
