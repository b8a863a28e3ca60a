package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.triage.FindingFingerprints;
import dev.tracedeck.engine.search.EvidenceIndex;
import java.util.Objects;

/** A validation plus its evidence index and its findings' fingerprints, computed on the worker so the FX thread only stores them. */
public record CheckResult(Validation validation, EvidenceIndex evidence, FindingFingerprints fingerprints) {

    public CheckResult {
        Objects.requireNonNull(validation);
        Objects.requireNonNull(evidence);
        Objects.requireNonNull(fingerprints);
    }

    public static CheckResult of(Validation validation) {
        return new CheckResult(validation, EvidenceIndex.of(validation), FindingFingerprints.of(validation));
    }
}
