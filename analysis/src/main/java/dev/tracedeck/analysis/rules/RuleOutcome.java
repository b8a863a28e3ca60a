package dev.tracedeck.analysis.rules;

import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.OptionalInt;

/** What a rule found in one thread: findings, or that it could not be checked there and why. */
public record RuleOutcome(boolean applicable, List<RuleOutcome.Problem> problems, String reason) {

    public RuleOutcome {
        problems = List.copyOf(problems);
    }

    /**
     * A finding before the engine stamps it with the rule's id, configured severity and thread.
     *
     * @param blamed the state entries it blames, each in one of {@code evidence}; see {@link Finding#blamed()}
     */
    public record Problem(OptionalInt msgIdx, String message, List<Event> evidence, List<BlamedEntry> blamed) {
        public Problem {
            evidence = List.copyOf(evidence);
            blamed = List.copyOf(blamed);
        }

        public Problem(OptionalInt msgIdx, String message, List<Event> evidence) {
            this(msgIdx, message, evidence, List.of());
        }
    }

    public static RuleOutcome of(List<Problem> problems) {
        return new RuleOutcome(true, problems, "");
    }

    public static RuleOutcome notApplicable(String reason) {
        return new RuleOutcome(false, List.of(), reason);
    }
}
