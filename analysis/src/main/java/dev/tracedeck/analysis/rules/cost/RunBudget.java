package dev.tracedeck.analysis.rules.cost;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleSetting;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.SpendParameters;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code budget} rule over a whole run: all the model calls of a file, every thread's, kept to
 * {@code runBudgetDollars} and {@code runBudgetTokens}. A finding of the run belongs to no thread: it is listed under
 * the thread with id "", made for it when the file has none.
 */
public final class RunBudget {

    static final String RUN_DESCRIPTION = "the run's model calls stay within the budget the configuration sets";

    private RunBudget() {
    }

    /** {@code checklists} with the run's budget check added under the thread "", when a run budget is configured. */
    public static List<ThreadChecklist> apply(Trace trace, RuleConfig config, List<ThreadChecklist> checklists) {
        SpendParameters spend = config.parameters().spend();
        RuleSetting setting = config.setting(Budget.ID);
        if (!spend.runBudget() || !setting.enabled().orElse(true)) {
            return checklists;
        }
        Spend s = Spend.of(trace.threads());
        if (s.calls() == 0) {
            return checklists;
        }
        Budget rule = new Budget();
        Severity severity = setting.severity().orElse(rule.defaultSeverity());
        List<Finding> findings = Budget.over(s, spend.runDollars(), spend.runTokens(), "the run").stream()
                .map((RuleOutcome.Problem p) -> new Finding(Budget.ID, severity, "", p.msgIdx(), p.message(), p.evidence()))
                .toList();
        Check check = new Check(Budget.ID, RUN_DESCRIPTION,
                findings.isEmpty() ? CheckStatus.PASS : CheckStatus.FAIL, findings, "");
        List<ThreadChecklist> out = new ArrayList<>();
        boolean added = false;
        for (ThreadChecklist c : checklists) {
            if (c.threadId().isEmpty() && !added) {
                List<Check> checks = new ArrayList<>(c.checks());
                checks.add(check);
                out.add(new ThreadChecklist("", checks));
                added = true;
            } else {
                out.add(c);
            }
        }
        if (!added) {
            out.add(0, new ThreadChecklist("", List.of(check)));
        }
        return out;
    }

    /** {@code checklist} without the run's budget check, which is made anew over the whole trace each time. */
    public static ThreadChecklist without(ThreadChecklist checklist) {
        return new ThreadChecklist(checklist.threadId(), checklist.checks().stream()
                .filter(c -> !(c.ruleId().equals(Budget.ID) && c.description().equals(RUN_DESCRIPTION))).toList());
    }
}
