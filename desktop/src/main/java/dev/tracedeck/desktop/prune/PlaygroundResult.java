package dev.tracedeck.desktop.prune;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.PruneContext;
import dev.tracedeck.analysis.prune.PruneResult;
import dev.tracedeck.analysis.prune.PruneStrategy;
import dev.tracedeck.analysis.prune.Pruner;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.tokens.PromptTokens;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the playground shows for one choice of thread, point, strategies and model: the pruner's result and both
 * sides as rows, each message marked, plus where each id stands on each side (to select a message's counterpart).
 * Computed off the FX thread; immutable.
 */
public record PlaygroundResult(PruneResult result, int contextLimit, List<MessageRow> before, List<MessageRow> after,
                               List<FindingRow> findings, Map<String, Integer> beforePositions,
                               Map<String, Integer> afterPositions) {

    public PlaygroundResult {
        before = List.copyOf(before);
        after = List.copyOf(after);
        findings = List.copyOf(findings);
        beforePositions = Map.copyOf(beforePositions);
        afterPositions = Map.copyOf(afterPositions);
    }

    /** Runs the strategies, in order, on {@code thread}'s history at {@code point}. */
    public static PlaygroundResult compute(TraceThread thread, Event point, List<PruneStrategy> strategies,
                                           PromptTokens tokens, int contextLimit) {
        ThreadHistory history = ThreadHistory.at(thread, point);
        PruneStrategy strategy = strategies.size() == 1 ? strategies.get(0)
                : strategies.isEmpty() ? new PruneStrategy.None() : new PruneStrategy.Composite(strategies);
        // The request's tool schemas take room in the window; findings name the file's lines, not history positions.
        PruneResult result = new Pruner(new PruneContext(tokens, contextLimit, ThreadRequest.tools(thread.events())))
                .run(history.history(), strategy, history.linesById());

        Map<String, Integer> lines = new HashMap<>();
        List<MessageRow> before = new ArrayList<>(history.history().size());
        Map<String, Integer> beforePositions = new HashMap<>();
        for (int i = 0; i < history.history().size(); i++) {
            HistoryMessage m = history.history().messages().get(i);
            lines.put(m.id(), history.lines().get(i));
            MessageRow.Mark mark = result.removed().contains(m.id()) ? MessageRow.Mark.REMOVED
                    : result.changed().contains(m.id()) ? MessageRow.Mark.CHANGED : MessageRow.Mark.KEPT;
            before.add(row(i, m, mark, history.lines().get(i), tokens));
            beforePositions.put(m.id(), i);
        }
        List<MessageRow> after = new ArrayList<>(result.after().size());
        Map<String, Integer> afterPositions = new HashMap<>();
        for (int i = 0; i < result.after().size(); i++) {
            HistoryMessage m = result.after().messages().get(i);
            MessageRow.Mark mark = result.added().contains(m.id()) ? MessageRow.Mark.ADDED
                    : result.changed().contains(m.id()) ? MessageRow.Mark.CHANGED : MessageRow.Mark.KEPT;
            after.add(row(i, m, mark, lines.getOrDefault(m.id(), 0), tokens));
            afterPositions.put(m.id(), i);
        }
        Set<Finding> introduced = new HashSet<>(result.introduced());
        List<FindingRow> findings = new ArrayList<>();
        // The introduced first: they are what the strategy is to blame for.
        for (boolean caused : new boolean[] {true, false}) {
            result.findings().stream().filter(f -> introduced.contains(f) == caused)
                    .forEach(f -> findings.add(new FindingRow(f, caused, evidenceId(f, result))));
        }
        return new PlaygroundResult(result, contextLimit, before, after, findings, beforePositions, afterPositions);
    }

    private static String evidenceId(Finding f, PruneResult result) {
        if (f.evidence().isEmpty()) {
            return "";
        }
        int at = f.evidence().get(0).seq();
        return at < result.after().size() ? result.after().messages().get(at).id() : "";
    }

    private static MessageRow row(int position, HistoryMessage m, MessageRow.Mark mark, int line, PromptTokens tokens) {
        return new MessageRow(position, m, tokens.messageTokens(m.message()), mark, line, MessageRow.preview(m.message()));
    }

    /** Where the message at {@code beforePosition} stands after pruning, or -1 when the strategy removed it. */
    public int afterPositionOf(int beforePosition) {
        return afterPositions.getOrDefault(before.get(beforePosition).id(), -1);
    }

    /** Where the message at {@code afterPosition} stood before, or -1 when a strategy made it. */
    public int beforePositionOf(int afterPosition) {
        return beforePositions.getOrDefault(after.get(afterPosition).id(), -1);
    }

    /** The first message at or after {@code beforePosition} that survived, on the after side; the end when none did. */
    public int nearestAfter(int beforePosition) {
        for (int i = beforePosition; i < before.size(); i++) {
            int found = afterPositionOf(i);
            if (found >= 0) {
                return found;
            }
        }
        return Math.max(0, after.size() - 1);
    }

    public int beforeTokens() {
        return result.beforeTokens().tokens();
    }

    public int afterTokens() {
        return result.afterTokens().tokens();
    }
}
