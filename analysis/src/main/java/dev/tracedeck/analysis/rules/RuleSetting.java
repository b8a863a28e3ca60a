package dev.tracedeck.analysis.rules;

import java.util.Objects;
import java.util.Optional;

/** A configuration's word on one rule: turn it on or off, change its severity. Empty means "as default". */
public record RuleSetting(Optional<Boolean> enabled, Optional<Severity> severity) {
    public static final RuleSetting DEFAULT = new RuleSetting(Optional.empty(), Optional.empty());

    public RuleSetting {
        Objects.requireNonNull(enabled);
        Objects.requireNonNull(severity);
    }
}
