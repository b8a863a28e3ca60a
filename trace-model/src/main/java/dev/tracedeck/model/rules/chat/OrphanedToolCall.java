package dev.tracedeck.model.rules.chat;

import dev.tracedeck.model.rules.DescribedRule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;

/**
 * Every tool call gets its result before the history moves on. LangGraph refuses such a history with
 * "Found AIMessages with tool_calls that do not have a corresponding ToolMessage" (seed 003).
 */
public final class OrphanedToolCall extends DescribedRule {

    public OrphanedToolCall() {
        super("orphaned-tool-call", "every tool call has a result", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<HistoryItem> history = ChatHistory.of(thread);
        if (history.stream().noneMatch(HistoryItem::makesCalls)) {
            return RuleOutcome.notApplicable("no tool calls in this thread's history");
        }
        return RuleOutcome.of(ToolCallPairing.of(history).orphans().stream()
                .map(o -> new RuleOutcome.Problem(o.item().msgIdx(), o.item().label() + " calls "
                        + String.join(", ", o.item().callNames()) + "; " + o.missing().size() + " of "
                        + o.item().callNames().size() + " without a result (" + String.join(", ", o.missing()) + ")",
                        List.of(o.item().event())))
                .toList());
    }
}
