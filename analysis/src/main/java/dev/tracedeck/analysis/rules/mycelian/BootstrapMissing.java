package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** SESSION_START gives get_context, then list_entries with the configured limit. */
public final class BootstrapMissing extends DescribedRule {

    public BootstrapMissing() {
        super("bootstrap-missing", "SESSION_START calls get_context, then list_entries(limit=10)", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Turn> starts = Bootstrap.sessionStarts(Turns.of(thread));
        if (starts.isEmpty()) {
            return RuleOutcome.notApplicable("no SESSION_START in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Turn turn : starts) {
            List<ObservedCall> context = Bootstrap.contextCalls(turn, p);
            List<ObservedCall> list = Bootstrap.listCalls(turn, p);
            if (context.isEmpty() || list.isEmpty()) {
                String missing = context.isEmpty() && list.isEmpty() ? p.contextTool() + " and " + p.listTool()
                        : context.isEmpty() ? p.contextTool() : p.listTool();
                problems.add(new RuleOutcome.Problem(turn.msgIdx(), "SESSION_START without " + missing, turn.evidence(turn.calls())));
                continue;
            }
            if (turn.calls().indexOf(list.get(0)) < turn.calls().indexOf(context.get(0))) {
                problems.add(new RuleOutcome.Problem(turn.msgIdx(), p.listTool() + " before " + p.contextTool()
                        + " at SESSION_START (expected " + p.contextTool() + " first)", turn.evidence(List.of(context.get(0), list.get(0)))));
            }
            Optional<String> limit = list.get(0).call().flatMap(c -> c.argument("limit"));
            if (list.get(0).hasArguments() && !limit.equals(Optional.of(Integer.toString(p.bootstrapListLimit())))) {
                problems.add(new RuleOutcome.Problem(turn.msgIdx(), p.listTool() + " at SESSION_START with limit="
                        + limit.orElse("(none)") + " (expected " + p.bootstrapListLimit() + ")", turn.evidence(List.of(list.get(0)))));
            }
        }
        return RuleOutcome.of(problems);
    }
}
