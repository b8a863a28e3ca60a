package dev.tracedeck.workspace;

import java.time.Instant;
import java.util.Objects;

/** A person's mark on every finding with this fingerprint, in every run. */
public record TriageMark(String fingerprint, TriageStatus status, String note, Instant markedAt) {

    public TriageMark {
        Objects.requireNonNull(fingerprint);
        Objects.requireNonNull(status);
        Objects.requireNonNull(note);
        Objects.requireNonNull(markedAt);
    }
}
