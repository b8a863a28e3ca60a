package dev.tracedeck.model.recorded;

import dev.tracedeck.model.event.Event;
import java.util.Objects;

/**
 * What the trace itself says of how a thread's run went, beside Tracedeck's own checks: an eval's score of a sample
 * (Inspect's {@code C} from {@code model_graded_fact}), an error or a limit that stopped the run, a turn the user
 * aborted, a benchmark's answer with the answer it expected. An importer records one only where the format has a
 * member that says so; it never judges the run itself.
 *
 * @param at      the event that holds what the trace says (the sample's record, the abort's event)
 * @param verdict how the trace's own words read: passed, failed… or only noted, where the format gives a value
 *                without saying which values pass (a score of 0.7, an answer beside the expected one)
 * @param by      who says so, as the trace names it ("model_graded_fact", "Codex", "smolagents benchmark")
 * @param says    the trace's words, short ("C", "token limit 10,000 reached", "answer 1537 · expected 1541")
 */
public record RecordedOutcome(Event at, Verdict verdict, String by, String says) {

    /** How the trace's words read. */
    public enum Verdict {
        PASSED("passed"),
        PARTIAL("partly passed"),
        FAILED("failed"),
        /** The run stopped on an error the harness recorded. */
        ERROR("error"),
        /** The run was stopped before its end: a limit, an abort. */
        STOPPED("stopped"),
        /** A value the format gives without saying whether it passes. */
        NOTED("noted");

        private final String words;

        Verdict(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }

        /** True for the verdicts a reader should look at first: failed, error, stopped. */
        public boolean bad() {
            return this == FAILED || this == ERROR || this == STOPPED;
        }
    }

    public RecordedOutcome {
        Objects.requireNonNull(at);
        Objects.requireNonNull(verdict);
        Objects.requireNonNull(by);
        Objects.requireNonNull(says);
    }

    /** "failed: I (model_graded_fact)", for a line of a report. */
    public String line() {
        return verdict.words() + ": " + says + (by.isEmpty() ? "" : " (" + by + ")");
    }
}
