package dev.tracedeck.analysis.align;

import java.util.Objects;

/**
 * How a run ended, as the trace itself records it: passed, failed, or not said (a format that records no verdict, a
 * score that is neither full marks nor none).
 *
 * @param verdict pass, fail or unknown
 * @param label   what the trace says, for people ("match C", "answer 12 = 12", "error: …"); "" when it says nothing
 */
public record Outcome(Verdict verdict, String label) {

    public static final Outcome UNKNOWN = new Outcome(Verdict.UNKNOWN, "");

    public enum Verdict {
        PASS("pass"),
        FAIL("fail"),
        UNKNOWN("unknown");

        private final String id;

        Verdict(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    public Outcome {
        Objects.requireNonNull(verdict);
        Objects.requireNonNull(label);
    }

    public static Outcome pass(String label) {
        return new Outcome(Verdict.PASS, label);
    }

    public static Outcome fail(String label) {
        return new Outcome(Verdict.FAIL, label);
    }

    public static Outcome unknown(String label) {
        return new Outcome(Verdict.UNKNOWN, label);
    }

    public boolean known() {
        return verdict != Verdict.UNKNOWN;
    }
}
