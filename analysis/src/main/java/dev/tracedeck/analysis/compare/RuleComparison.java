package dev.tracedeck.analysis.compare;

import dev.tracedeck.analysis.rules.CheckStatus;
import java.util.Objects;
import java.util.Optional;

/**
 * One rule on both sides: its status over each file (failing if any thread fails it, passing if any thread passes
 * it and none fails, n/a if no thread could be checked), its findings on each side, and the verdict.
 */
public record RuleComparison(String ruleId, String description, Optional<CheckStatus> before, Optional<CheckStatus> after,
                             int beforeFindings, int afterFindings, Verdict verdict) {

    public RuleComparison {
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(description);
        Objects.requireNonNull(before);
        Objects.requireNonNull(after);
        Objects.requireNonNull(verdict);
    }
}
