package dev.tracedeck.analysis.textcalls;

import java.util.List;
import java.util.Locale;

/**
 * How sure the parser is that a piece of text is a tool call the model meant to make, from 0 to 1, with the
 * reasons that made it. The value is the sum of the reasons' weights, clamped to [0, 1]; the first reason is
 * the format's base (how distinctive its syntax is), the others raise or lower it.
 */
public record Confidence(double value, List<Reason> reasons) {

    /** One piece of evidence: its weight (negative when it speaks against a call) and what it was. */
    public record Reason(double weight, String why) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%+.2f %s", weight, why);
        }
    }

    public Confidence {
        reasons = List.copyOf(reasons);
        if (value < 0 || value > 1) {
            throw new IllegalArgumentException("confidence out of [0, 1]: " + value);
        }
    }

    static Confidence of(List<Reason> reasons) {
        double sum = reasons.stream().mapToDouble(Reason::weight).sum();
        double rounded = Math.round(Math.max(0, Math.min(1, sum)) * 100) / 100.0;
        return new Confidence(rounded, reasons);
    }

    public boolean atLeast(double threshold) {
        return value >= threshold;
    }
}
