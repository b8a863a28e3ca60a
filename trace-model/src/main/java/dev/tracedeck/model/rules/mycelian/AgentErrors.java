package dev.tracedeck.model.rules.mycelian;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.rules.DescribedRule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;

/** An agent invocation failed (AINVOKE_ERROR): the message it was handling may not have been processed. */
public final class AgentErrors extends DescribedRule {

    public AgentErrors() {
        super("agent-error", "no agent invocation fails", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Turn turn : Turns.of(thread)) {
            boolean lost = turn.msgIdx().isPresent() && turn.callsOf(p.memoryTool()).isEmpty();
            for (Event e : turn.errors()) {
                String first = ((Payload.AgentError) e.payload()).message().lines().findFirst().orElse("").strip();
                String what = first.length() > 160 ? first.substring(0, 160) + "…" : first;
                List<Event> evidence = new ArrayList<>(turn.evidence(List.of()));
                evidence.add(e);
                problems.add(new RuleOutcome.Problem(turn.msgIdx(), "agent invocation failed: " + what
                        + (lost ? " (msg_idx " + turn.msgIdx().getAsInt() + " was not persisted)" : ""), evidence));
            }
        }
        return RuleOutcome.of(problems);
    }
}
