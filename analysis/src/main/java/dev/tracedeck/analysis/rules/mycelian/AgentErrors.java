package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.chat.UnansweredToolInvocations;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.text.PythonText;
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
        List<UnansweredToolInvocations.Unanswered> unanswered = UnansweredToolInvocations.of(thread);
        for (Turn turn : Turns.of(thread)) {
            boolean lost = turn.msgIdx().isPresent() && turn.callsOf(p.memoryTool()).isEmpty();
            for (Event e : turn.errors()) {
                String first = ((Payload.AgentError) e.payload()).message().lines().findFirst().orElse("").strip();
                String what = PythonText.abbreviate(first, 160);
                List<Event> evidence = new ArrayList<>(turn.evidence(List.of()));
                evidence.add(e);
                problems.add(new RuleOutcome.Problem(turn.msgIdx(), "agent invocation failed: " + what
                        + (lost ? " (msg_idx " + turn.msgIdx().getAsInt() + " was not persisted)" : "")
                        + orphansBefore(unanswered, e), evidence));
            }
        }
        return RuleOutcome.of(problems);
    }

    /** Names the calls left without a result that this failure followed, as their orphaned-tool-call findings name it. */
    private static String orphansBefore(List<UnansweredToolInvocations.Unanswered> unanswered, Event error) {
        List<String> calls = unanswered.stream().filter(u -> u.failures().contains(error))
                .map(u -> "the " + u.invocation().call().name() + " call at line " + u.call().source().firstLine()).toList();
        return calls.isEmpty() ? "" : "; before it, " + String.join(" and ", calls) + " got no result (see orphaned-tool-call)";
    }
}
