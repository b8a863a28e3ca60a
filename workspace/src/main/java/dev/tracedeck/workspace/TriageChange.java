package dev.tracedeck.workspace;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One change of the mark on a fingerprint, as a shared workspace keeps them all: who, when, and the mark it set
 * (empty when it took the mark off).
 */
public record TriageChange(String fingerprint, Optional<TriageStatus> status, String note, Instant at, String author) {

    public TriageChange {
        Objects.requireNonNull(fingerprint);
        Objects.requireNonNull(status);
        Objects.requireNonNull(note);
        Objects.requireNonNull(at);
        Objects.requireNonNull(author);
    }
}
