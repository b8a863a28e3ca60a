package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;

/**
 * A tool result over the limit floods the context window (agents cap tool output at 10 KB as a safety net). Where the harness caps its
 * tools' output itself, a long result is as long as the harness meant it to be: there the check judges nothing.
 */
public final class OversizedToolOutput extends DescribedRule {

    /** Why nothing is judged, or "" where every result is. */
    private final String harnessCaps;

    public OversizedToolOutput() {
        this("");
    }

    private OversizedToolOutput(String harnessCaps) {
        super("oversized-tool-output", "tool results stay under the output limit", Severity.WARNING);
        this.harnessCaps = harnessCaps;
    }

    /** For the traces of a harness that caps its tools' output itself; {@code reason} says so, and how. */
    public static OversizedToolOutput cappedByHarness(String reason) {
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a harness's cap needs a reason");
        }
        return new OversizedToolOutput(reason);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        if (!harnessCaps.isEmpty()) {
            return RuleOutcome.notApplicable(harnessCaps);
        }
        List<HistoryItem> results = ChatHistory.of(thread).stream().filter(HistoryItem::isToolResult).toList();
        if (results.isEmpty()) {
            return RuleOutcome.notApplicable("no tool results in this thread's history");
        }
        if (results.stream().noneMatch(HistoryItem::contentComplete)) {
            return RuleOutcome.notApplicable("the log shows tool results only as previews");
        }
        return RuleOutcome.of(results.stream()
                // Most results are short: their bytes in the file say so without reading them.
                .filter(r -> r.contentComplete() && !r.surelyWithin(p.toolOutputLimit())
                        && PythonText.length(r.content()) > p.toolOutputLimit())
                .map(r -> new RuleOutcome.Problem(r.msgIdx(), r.label() + " is " + PythonText.length(r.content())
                        + " characters (limit " + p.toolOutputLimit() + ")", List.of(r.event()), r.blamed()))
                .toList());
    }
}
