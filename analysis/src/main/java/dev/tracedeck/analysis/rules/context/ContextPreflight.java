package dev.tracedeck.analysis.rules.context;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The history stays under the pre-flight trigger (an agent that manages its context summarizes at 80% of the window, leaving room for the
 * answer). Reported where it first crosses the trigger while still inside the window; a history that jumps past
 * the window at once is {@code context-overflow}'s alone. Judged, like it, on the usage the provider billed where
 * the trace recorded it.
 */
public final class ContextPreflight extends DescribedRule {

    public ContextPreflight() {
        super("context-preflight", "the history stays under the pre-flight trigger (80% of the window)", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        ContextWindow window = ContextWindow.of(p, thread);
        ContextLevels levels = ContextLevels.of(thread, window);
        if (levels.isEmpty()) {
            return RuleOutcome.notApplicable("no history in this thread");
        }
        double trigger = window.limit() * p.preflightTrigger();
        Optional<Integer> crossing = levels.firstOver(trigger);
        if (crossing.isEmpty() || levels.over(crossing.get(), window.limit())) {
            return RuleOutcome.of(List.of());
        }
        String what = String.format("over the %.0f%% trigger of %s", p.preflightTrigger() * 100, window.describe());
        return RuleOutcome.of(List.of(new RuleOutcome.Problem(OptionalInt.empty(),
                levels.crossing(crossing.get(), trigger, what, "above the trigger"),
                List.of(levels.event(crossing.get())))));
    }
}
