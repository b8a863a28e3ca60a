package dev.tracedeck.model.rules.context;

import dev.tracedeck.model.rules.DescribedRule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.tokens.ContextPoint;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The history stays under the pre-flight trigger (seed 003 summarizes at 80% of the window, leaving room for the
 * answer). Reported where it first crosses the trigger while still inside the window; a history that jumps past
 * the window at once is {@code context-overflow}'s alone.
 */
public final class ContextPreflight extends DescribedRule {

    public ContextPreflight() {
        super("context-preflight", "the history stays under the pre-flight trigger (80% of the window)", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        ContextWindow window = ContextWindow.of(p);
        List<ContextPoint> points = ThreadPoints.of(thread, window.format());
        if (points.isEmpty()) {
            return RuleOutcome.notApplicable("no history in this thread");
        }
        double trigger = window.limit() * p.preflightTrigger();
        Optional<Integer> crossing = ContextOverflow.firstOver(points, trigger);
        if (crossing.isEmpty() || points.get(crossing.get()).count().tokens() > window.limit()) {
            return RuleOutcome.of(List.of());
        }
        String what = String.format("over the %.0f%% trigger of %s", p.preflightTrigger() * 100, window.describe());
        return RuleOutcome.of(List.of(new RuleOutcome.Problem(OptionalInt.empty(),
                ContextMessages.crossing(points, crossing.get(), (int) trigger, what, "above the trigger"),
                List.of(points.get(crossing.get()).event()))));
    }
}
