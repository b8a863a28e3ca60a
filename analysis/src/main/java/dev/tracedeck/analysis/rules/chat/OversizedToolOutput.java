package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tool result over the limit floods the context window (agents cap tool output at 10 KB as a safety net). Where the harness caps its
 * tools' output itself (its profile says so, or the trace: {@link dev.tracedeck.model.recorded.ThreadRecords#toolOutputCap()}),
 * a long result is as long as the harness meant it to be: there the check judges nothing.
 *
 * <p>Where the harness joins the outputs of one message's parallel calls into one result (smolagents: one observation
 * for the step, answering its first call, and a result read from that same record for each further call), the limit
 * is each output's, not the join's: a join of {@code k} outputs is judged only where it is longer than {@code k} times
 * the limit, so that one of them surely is over it, and not at all where one of the calls is of a tool the harness caps.
 */
public final class OversizedToolOutput extends DescribedRule {

    /** Why nothing is judged, or "" where every result is. */
    private final String harnessCaps;
    /** Tools whose results the harness caps itself: their results are not judged (empty: none). */
    private final Set<String> cappedTools;

    /** Why the results of {@link #cappedTools} are not judged. */
    private final String cappedReason;
    /** How the harness names the one result it makes of parallel calls' outputs, "" where each call has its own. */
    private final String joinedBy;

    public OversizedToolOutput() {
        this("", Set.of(), "", "");
    }

    private OversizedToolOutput(String harnessCaps, Set<String> cappedTools, String cappedReason, String joinedBy) {
        super("oversized-tool-output", "tool results stay under the output limit", Severity.WARNING);
        this.harnessCaps = harnessCaps;
        this.cappedTools = Set.copyOf(cappedTools);
        this.cappedReason = cappedReason;
        this.joinedBy = joinedBy;
    }

    /**
     * For the traces of a harness that caps the output of some of its tools itself: the results of calls of
     * {@code tools} are as long as the harness made them and are not judged, the others are; {@code reason} says so.
     */
    public static OversizedToolOutput cappedTools(Set<String> tools, String reason) {
        if (reason.isBlank() || tools.isEmpty()) {
            throw new IllegalArgumentException("a harness's cap needs tools and a reason");
        }
        return new OversizedToolOutput("", tools, reason, "");
    }

    /**
     * The same check for a harness that joins the outputs of one message's parallel calls into one result, with a
     * result for each further call read from that same record; {@code harness} names it in a finding.
     */
    public OversizedToolOutput joiningParallelOutputs(String harness) {
        if (harness.isBlank()) {
            throw new IllegalArgumentException("a join needs the harness that makes it");
        }
        return new OversizedToolOutput(harnessCaps, cappedTools, cappedReason, harness);
    }

    /** For the traces of a harness that caps its tools' output itself; {@code reason} says so, and how. */
    public static OversizedToolOutput cappedByHarness(String reason) {
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a harness's cap needs a reason");
        }
        return new OversizedToolOutput(reason, Set.of(), "", "");
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
        // A join holding a capped tool's output is as long as the harness made that part: not judged.
        Map<HistoryItem, Integer> joins = new IdentityHashMap<>();
        Set<HistoryItem> joinsCapped = Collections.newSetFromMap(new IdentityHashMap<>());
        for (List<HistoryItem> joined : joinedResults(history)) {
            boolean capped = joined.stream().anyMatch(r -> cappedCalls.contains(r.resultId()));
            joined.forEach(r -> joins.put(r, joined.size()));
            if (capped) {
                joinsCapped.addAll(joined);
            }
        }
        List<HistoryItem> results = history.stream().filter(HistoryItem::isToolResult)
                .filter(r -> !cappedCalls.contains(r.resultId()) && !joinsCapped.contains(r)).toList();
        if (results.isEmpty()) {
            return RuleOutcome.notApplicable(cappedCalls.isEmpty() ? "no tool results in this thread's history"
                    : "every tool result is one the harness caps itself: " + cappedReason);
        }
        if (results.stream().noneMatch(HistoryItem::contentComplete)) {
            return RuleOutcome.notApplicable("the log shows tool results only as previews");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (HistoryItem r : results) {
            int outputs = joins.getOrDefault(r, 1);
            long limit = (long) p.toolOutputLimit() * outputs;
            // Most results are short: their bytes in the file say so without reading them.
            if (!r.contentComplete() || r.surelyWithin((int) Math.min(limit, Integer.MAX_VALUE))) {
                continue;
            }
            int length = PythonText.length(r.content());
            if (length <= limit) {
                continue;
            }
            String says = outputs == 1 ? r.label() + " is " + length + " characters (limit " + p.toolOutputLimit() + ")"
                    : r.label() + " is " + length + " characters, the outputs of " + outputs + " parallel calls " + joinedBy
                    + " joins into one: at least one of them is over the limit (" + p.toolOutputLimit() + ")";
            problems.add(new RuleOutcome.Problem(r.msgIdx(), says, List.of(r.event()), r.blamed()));
        }
        return RuleOutcome.of(problems);
    }

    /**
     * The results that share the outputs of several parallel calls: those answering the calls of one message that
     * were read from one and the same record. None where the harness gives each call a result of its own.
     */
    private List<List<HistoryItem>> joinedResults(List<HistoryItem> history) {
        if (joinedBy.isEmpty()) {
            return List.of();
        }
        Map<String, HistoryItem> resultOf = new HashMap<>();
        for (HistoryItem item : history) {
            if (item.isToolResult() && !item.resultId().isEmpty()) {
                resultOf.putIfAbsent(item.resultId(), item);
            }
        }
        List<List<HistoryItem>> joins = new ArrayList<>();
        for (HistoryItem item : history) {
            if (item.callIds().size() < 2) {
                continue;
            }
            Map<SourceRef, List<HistoryItem>> byRecord = new LinkedHashMap<>();
            for (String id : new LinkedHashSet<>(item.callIds())) {
                HistoryItem result = resultOf.get(id);
                if (result != null) {
                    byRecord.computeIfAbsent(result.event().source(), k -> new ArrayList<>()).add(result);
                }
            }
            byRecord.values().stream().filter(joined -> joined.size() > 1).forEach(joins::add);
        }
        return joins;
    }
}
