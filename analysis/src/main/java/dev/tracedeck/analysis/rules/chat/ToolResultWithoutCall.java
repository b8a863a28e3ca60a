package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Objects;

/** A tool result answers a call: one with no call waiting was injected or kept after its call was pruned. */
public final class ToolResultWithoutCall extends DescribedRule {

    private final Turns turns;

    public ToolResultWithoutCall() {
        this(Turns.EVERY_MESSAGE);
    }

    /** Pairs calls with results as {@code turns} says the format's API does, as {@code role-order} does. */
    public ToolResultWithoutCall(Turns turns) {
        super("tool-result-without-call", "every tool result answers a call", Severity.ERROR);
        this.turns = Objects.requireNonNull(turns);
    }

    public Turns turns() {
        return turns;
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<HistoryItem> history = ChatHistory.of(thread);
        if (history.stream().noneMatch(HistoryItem::isToolResult)) {
            return RuleOutcome.notApplicable("no tool results in this thread's history");
        }
        return RuleOutcome.of(ToolCallPairing.of(history, turns).resultsWithoutCall().stream()
                .map(r -> new RuleOutcome.Problem(r.msgIdx(), r.label() + " is a tool result"
                        + (r.resultId().isEmpty() ? "" : " for " + r.resultId()) + " with no call waiting for it",
                        List.of(r.event()), r.blamed()))
                .toList());
    }
}
