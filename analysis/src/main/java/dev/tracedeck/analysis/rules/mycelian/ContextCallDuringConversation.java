package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;

/** get_context and list_entries belong to SESSION_START, never to a conversation message. */
public final class ContextCallDuringConversation extends DescribedRule {

    public ContextCallDuringConversation() {
        super("context-call-during-conversation", "no get_context or list_entries while handling a conversation message", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Turn> conversation = Turns.of(thread).stream().filter(t -> t.conversation().isPresent()).toList();
        if (conversation.isEmpty()) {
            return RuleOutcome.notApplicable("no conversation messages in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Turn turn : conversation) {
            List<ObservedCall> calls = turn.calls().stream()
                    .filter(c -> c.tool().equals(p.contextTool()) || c.tool().equals(p.listTool())).toList();
            if (!calls.isEmpty()) {
                String names = String.join(", ", calls.stream().map(ObservedCall::tool).distinct().toList());
                problems.add(new RuleOutcome.Problem(turn.msgIdx(), names + " while handling msg_idx "
                        + turn.msgIdx().getAsInt(), turn.evidence(calls)));
            }
        }
        return RuleOutcome.of(problems);
    }
}
