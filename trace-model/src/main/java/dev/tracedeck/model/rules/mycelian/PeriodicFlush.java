package dev.tracedeck.model.rules.mycelian;

import dev.tracedeck.model.rules.Rule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;

/** The optional periodic flush: at every msg_idx divisible by the period, flush in that message's turn. */
public final class PeriodicFlush implements Rule {

    @Override
    public String id() {
        return "periodic-flush";
    }

    @Override
    public String description() {
        return "a flush at every msg_idx divisible by the flush period";
    }

    @Override
    public Severity defaultSeverity() {
        return Severity.WARNING;
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        if (p.flushPeriod() == 0) {
            return RuleOutcome.notApplicable("periodic flush is turned off (flushPeriod 0)");
        }
        List<Turn> due = Turns.of(thread).stream()
                .filter(t -> t.msgIdx().isPresent() && t.msgIdx().getAsInt() > 0 && t.msgIdx().getAsInt() % p.flushPeriod() == 0)
                .toList();
        if (due.isEmpty()) {
            return RuleOutcome.notApplicable("no msg_idx divisible by " + p.flushPeriod());
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Turn turn : due) {
            Flushes.problem(turn, p).ifPresent(why -> problems.add(new RuleOutcome.Problem(turn.msgIdx(),
                    "msg_idx " + turn.msgIdx().getAsInt() + " is a multiple of " + p.flushPeriod() + " but was not flushed: " + why,
                    turn.evidence(turn.calls()))));
        }
        return RuleOutcome.of(problems);
    }
}
