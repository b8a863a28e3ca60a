package dev.tracedeck.workspace;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A person's mark on every finding with this fingerprint, in every run.
 *
 * @param author who set it, in a workspace that records it (a shared one): the last writer's mark is the mark
 */
public record TriageMark(String fingerprint, TriageStatus status, String note, Instant markedAt, Optional<String> author) {

    public TriageMark {
        Objects.requireNonNull(fingerprint);
        Objects.requireNonNull(status);
        Objects.requireNonNull(note);
        Objects.requireNonNull(markedAt);
        Objects.requireNonNull(author);
    }

    public TriageMark(String fingerprint, TriageStatus status, String note, Instant markedAt) {
        this(fingerprint, status, note, markedAt, Optional.empty());
    }
}
