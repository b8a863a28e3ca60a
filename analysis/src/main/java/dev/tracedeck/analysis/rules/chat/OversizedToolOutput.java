package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A tool result over the limit floods the context window (agents cap tool output at 10 KB as a safety net). Where the harness caps its
 * tools' output itself (its profile says so, or the trace: {@link dev.tracedeck.model.recorded.ThreadRecords#toolOutputCap()}),
 * a long result is as long as the harness meant it to be: there the check judges nothing.
 */
public final class OversizedToolOutput extends DescribedRule {

    /** Why nothing is judged, or "" where every result is. */
    private final String harnessCaps;
    /** Tools whose results the harness caps itself: their results are not judged (empty: none). */
    private final Set<String> cappedTools;

    /** Why the results of {@link #cappedTools} are not judged. */
    private final String cappedReason;

    public OversizedToolOutput() {
        this("", Set.of(), "");
    }

    private OversizedToolOutput(String harnessCaps, Set<String> cappedTools, String cappedReason) {
        super("oversized-tool-output", "tool results stay under the output limit", Severity.WARNING);
        this.harnessCaps = harnessCaps;
        this.cappedTools = Set.copyOf(cappedTools);
        this.cappedReason = cappedReason;
    }

    /**
     * For the traces of a harness that caps the output of some of its tools itself: the results of calls of
     * {@code tools} are as long as the harness made them and are not judged, the others are; {@code reason} says so.
     */
    public static OversizedToolOutput cappedTools(Set<String> tools, String reason) {
        if (reason.isBlank() || tools.isEmpty()) {
            throw new IllegalArgumentException("a harness's cap needs tools and a reason");
        }
        return new OversizedToolOutput("", tools, reason);
    }

    /** For the traces of a harness that caps its tools' output itself; {@code reason} says so, and how. */
    public static OversizedToolOutput cappedByHarness(String reason) {
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a harness's cap needs a reason");
        }
        return new OversizedToolOutput(reason, Set.of(), "");
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        if (!harnessCaps.isEmpty()) {
            return RuleOutcome.notApplicable(harnessCaps);
        }
        if (!thread.records().toolOutputCap().isEmpty()) {
            // The trace says its harness capped every output (a Codex rollout): as long as the harness let it be.
            return RuleOutcome.notApplicable(thread.records().toolOutputCap());
        }
        List<HistoryItem> history = ChatHistory.of(thread);
        Set<String> cappedCalls = new HashSet<>();
        for (HistoryItem item : history) {
            for (int i = 0; i < item.callIds().size() && i < item.callNames().size(); i++) {
                if (cappedTools.contains(item.callNames().get(i))) {
                    cappedCalls.add(item.callIds().get(i));
                }
            }
        }
        List<HistoryItem> results = history.stream().filter(HistoryItem::isToolResult)
                .filter(r -> !cappedCalls.contains(r.resultId())).toList();
        if (results.isEmpty()) {
            return RuleOutcome.notApplicable(cappedCalls.isEmpty() ? "no tool results in this thread's history"
                    : "every tool result is one the harness caps itself: " + cappedReason);
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
