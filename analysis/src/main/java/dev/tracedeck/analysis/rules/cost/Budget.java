package dev.tracedeck.analysis.rules.cost;

import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.SpendParameters;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A thread's model calls keep to the budget the configuration gives ({@code threadBudgetDollars},
 * {@code threadBudgetTokens}), as the cost ledger prices them. Off when no budget is set. The whole run's budget
 * ({@code runBudgetDollars}, {@code runBudgetTokens}) is judged over all of a file's threads by {@link RunBudget}.
 */
public final class Budget extends DescribedRule {

    public static final String ID = "budget";

    public Budget() {
        super(ID, "a thread's (and the run's) model calls stay within the budget the configuration sets", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        SpendParameters spend = p.spend();
        if (!spend.threadBudget()) {
            return RuleOutcome.notApplicable("no thread budget configured (threadBudgetDollars, threadBudgetTokens)");
        }
        if (thread.records().modelCalls().isEmpty()) {
            return RuleOutcome.notApplicable("no model calls recorded in this thread");
        }
        Spend s = Spend.of(List.of(thread));
        if (s.calls() == 0) {
            return RuleOutcome.notApplicable("no usage recorded for this thread's model calls: nothing says what they cost");
        }
        return RuleOutcome.of(over(s, spend.threadDollars(), spend.threadTokens(), "this thread"));
    }

    /** A problem for each budget {@code s} is over, "this thread's model calls cost … over its budget of …". */
    static List<RuleOutcome.Problem> over(Spend s, double dollars, long tokens, String what) {
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        long budgetMicro = Math.round(dollars * 1_000_000);
        boolean overDollars = dollars > 0 && s.microdollars() > budgetMicro;
        boolean overTokens = tokens > 0 && s.tokens() > tokens;
        if (overDollars || overTokens) {
            String budget = (overDollars ? "the budget of " + CostTotal.dollars(budgetMicro) : "")
                    + (overDollars && overTokens ? " and " : "")
                    + (overTokens ? String.format("the budget of %,d tokens", tokens) : "");
            problems.add(new RuleOutcome.Problem(OptionalInt.empty(),
                    what + "'s model calls billed " + s.describe() + ": over " + budget, List.of(s.last())));
        }
        return problems;
    }
}
