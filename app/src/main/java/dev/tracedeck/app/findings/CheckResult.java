package dev.tracedeck.app.findings;

import dev.tracedeck.model.rules.Validation;
import java.util.Objects;

/** A validation plus its evidence index, both computed on the worker so the FX thread only stores them. */
public record CheckResult(Validation validation, EvidenceIndex evidence) {

    public CheckResult {
        Objects.requireNonNull(validation);
        Objects.requireNonNull(evidence);
    }

    public static CheckResult of(Validation validation) {
        return new CheckResult(validation, EvidenceIndex.of(validation));
    }
}
