package dev.tracedeck.model.rules.chat;

import dev.tracedeck.model.rules.DescribedRule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;

/** A tool result over the limit floods the context window (seed 003's 10 KB safety net). */
public final class OversizedToolOutput extends DescribedRule {

    public OversizedToolOutput() {
        super("oversized-tool-output", "tool results stay under the output limit", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<HistoryItem> results = ChatHistory.of(thread).stream().filter(HistoryItem::isToolResult).toList();
        if (results.isEmpty()) {
            return RuleOutcome.notApplicable("no tool results in this thread's history");
        }
        if (results.stream().noneMatch(HistoryItem::contentComplete)) {
            return RuleOutcome.notApplicable("the log shows tool results only as previews");
        }
        return RuleOutcome.of(results.stream()
                .filter(r -> r.contentComplete() && PythonText.length(r.content()) > p.toolOutputLimit())
                .map(r -> new RuleOutcome.Problem(r.msgIdx(), r.label() + " is " + PythonText.length(r.content())
                        + " characters (limit " + p.toolOutputLimit() + ")", List.of(r.event()), r.blamed()))
                .toList());
    }
}
