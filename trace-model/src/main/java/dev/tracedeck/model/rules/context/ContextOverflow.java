package dev.tracedeck.model.rules.context;

import dev.tracedeck.model.rules.DescribedRule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.tokens.ContextPoint;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.OptionalInt;

/**
 * The history never outgrows the model's context window (seed 003's "Input is too long"). Reported once, where it
 * first does, with how long it stays over. Counts from previews are lower bounds, so a finding is certain and a
 * pass on previews is only as good as they are.
 */
public final class ContextOverflow extends DescribedRule {

    public ContextOverflow() {
        super("context-overflow", "the history fits the model's context window", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        ContextWindow window = ContextWindow.of(p);
        List<ContextPoint> points = ThreadPoints.of(thread, window.format());
        if (points.isEmpty()) {
            return RuleOutcome.notApplicable("no history in this thread");
        }
        return firstOver(points, window.limit())
                .map(i -> RuleOutcome.of(List.of(new RuleOutcome.Problem(OptionalInt.empty(),
                        ContextMessages.crossing(points, i, window.limit(), "over " + window.describe(), "over"),
                        List.of(points.get(i).event())))))
                .orElse(RuleOutcome.of(List.of()));
    }

    static java.util.Optional<Integer> firstOver(List<ContextPoint> points, double threshold) {
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).count().tokens() > threshold) {
                return java.util.Optional.of(i);
            }
        }
        return java.util.Optional.empty();
    }
}
