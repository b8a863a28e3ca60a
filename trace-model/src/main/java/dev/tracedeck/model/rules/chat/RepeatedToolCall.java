package dev.tracedeck.model.rules.chat;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.rules.DescribedRule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The same tool with the same arguments, again and again in a row: the agent is looping. The limit starts
 * above two so that a duplicated memory write stays {@code duplicate-add-entry}'s finding alone.
 */
public final class RepeatedToolCall extends DescribedRule {

    public RepeatedToolCall() {
        super("repeated-tool-call", "no tool called with the same arguments many times in a row", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Call> calls = new ArrayList<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ToolInvocation t && !t.planned()) {
                calls.add(new Call(e, t.call(), t.msgIdx()));
            } else if (e.payload() instanceof Payload.ConversationMessage m) {
                m.message().toolCalls().forEach(c -> calls.add(new Call(e, c, m.msgIdx())));
            }
        }
        if (calls.isEmpty()) {
            return RuleOutcome.notApplicable("no tool calls with arguments in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        int runStart = 0;
        for (int i = 1; i <= calls.size(); i++) {
            if (i < calls.size() && calls.get(i).sameAs(calls.get(runStart))) {
                continue;
            }
            int length = i - runStart;
            if (length >= p.repeatLimit()) {
                problems.add(new RuleOutcome.Problem(calls.get(runStart).msgIdx(), calls.get(runStart).call().name() + " called "
                        + length + " times in a row with the same arguments",
                        calls.subList(runStart, i).stream().map(Call::event).toList()));
            }
            runStart = i;
        }
        return RuleOutcome.of(problems);
    }

    private record Call(Event event, ToolCall call, OptionalInt msgIdx) {
        boolean sameAs(Call other) {
            return call.name().equals(other.call.name()) && call.rawArguments().equals(other.call.rawArguments());
        }
    }
}
