package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;

/** SESSION_START loads context once: a second get_context or list_entries is wasted work and context. */
public final class BootstrapRepeated extends DescribedRule {

    public BootstrapRepeated() {
        super("bootstrap-repeated", "SESSION_START calls get_context and list_entries once each", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Turn> starts = Bootstrap.sessionStarts(Turns.of(thread));
        if (starts.isEmpty()) {
            return RuleOutcome.notApplicable("no SESSION_START in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Turn turn : starts) {
            for (List<ObservedCall> calls : List.of(Bootstrap.contextCalls(turn, p), Bootstrap.listCalls(turn, p))) {
                if (calls.size() > 1) {
                    problems.add(new RuleOutcome.Problem(turn.msgIdx(), calls.get(0).tool() + " called " + calls.size()
                            + " times at SESSION_START (expected once)", turn.evidence(calls)));
                }
            }
        }
        return RuleOutcome.of(problems);
    }
}
