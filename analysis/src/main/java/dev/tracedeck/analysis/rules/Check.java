package dev.tracedeck.analysis.rules;

import java.util.List;
import java.util.Objects;

/**
 * One line of a thread's checklist: a rule, its verdict, and the findings behind a failure.
 *
 * @param reason for {@link CheckStatus#NOT_APPLICABLE}, why the rule could not be checked; otherwise ""
 */
public record Check(String ruleId, String description, CheckStatus status, List<Finding> findings, String reason) {

    public Check {
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(description);
        Objects.requireNonNull(status);
        findings = List.copyOf(findings);
        Objects.requireNonNull(reason);
        if ((status == CheckStatus.FAIL) != !findings.isEmpty()) {
            throw new IllegalArgumentException("a check fails exactly when it has findings");
        }
    }
}
