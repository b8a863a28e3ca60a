package dev.tracedeck.model.rules.mycelian;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.rules.Rule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** An agent invocation failed (AINVOKE_ERROR): the message it was handling may not have been processed. */
public final class AgentErrors implements Rule {

    @Override
    public String id() {
        return "agent-error";
    }

    @Override
    public String description() {
        return "no agent invocation fails";
    }

    @Override
    public Severity defaultSeverity() {
        return Severity.ERROR;
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        OptionalInt current = OptionalInt.empty();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ConversationMessage m) {
                current = m.msgIdx();
            } else if (e.payload() instanceof Payload.ControlMessage) {
                current = OptionalInt.empty();
            } else if (e.payload() instanceof Payload.AgentError error) {
                String first = error.message().lines().findFirst().orElse("").strip();
                problems.add(new RuleOutcome.Problem(current, "agent invocation failed: "
                        + (first.length() > 160 ? first.substring(0, 160) + "…" : first), List.of(e)));
            }
        }
        return RuleOutcome.of(problems);
    }
}
