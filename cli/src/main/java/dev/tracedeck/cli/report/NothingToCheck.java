package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Validation;

/**
 * A file no rule found anything to read in ({@link Validation#nothingToCheck()}): every report says so in its own
 * status, never as a pass — the checks that "pass" there pass on nothing.
 */
final class NothingToCheck {

    /** The status's id in the machine-readable reports. */
    static final String STATUS = "nothing-to-check";

    private NothingToCheck() {
    }

    /** "nothing to check in FILE: …", one line. */
    static String sentence(Validation v) {
        return "nothing to check in " + v.file() + ": " + reason(v);
    }

    static String reason(Validation v) {
        boolean allNotApplicable = v.threads().stream()
                .allMatch(t -> t.count(CheckStatus.NOT_APPLICABLE) == t.checks().size());
        return allNotApplicable ? "no rule applies to anything it holds (every check n/a)"
                : "no thread holds a message, a tool call, a tool result or a state entry for a rule to read";
    }
}
