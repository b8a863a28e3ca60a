package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;

/** Tool call ids are unique in a history; a reused id makes results ambiguous and providers reject it. */
public final class DuplicateToolCallId extends DescribedRule {

    public DuplicateToolCallId() {
        super("duplicate-tool-call-id", "tool call ids are unique", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<HistoryItem> history = ChatHistory.of(thread);
        if (!ChatHistory.hasCallIds(history)) {
            return RuleOutcome.notApplicable("the log carries no tool call ids");
        }
        Map<String, HistoryItem> first = new HashMap<>();
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (HistoryItem item : history) {
            for (String id : item.callIds()) {
                HistoryItem earlier = first.putIfAbsent(id, item);
                if (earlier != null) {
                    problems.add(new RuleOutcome.Problem(OptionalInt.empty(), "tool call id " + id + " used again by "
                            + item.label() + " (first by " + earlier.label() + ")", List.of(earlier.event(), item.event()),
                            Stream.concat(earlier.blamed().stream(), item.blamed().stream()).toList()));
                }
            }
        }
        return RuleOutcome.of(problems);
    }
}
