package dev.tracedeck.workspace;

import java.time.Instant;
import java.util.Objects;

/** A bookmark on one event of a trace (by content hash and sequence number), at most one per event. */
public record Bookmark(String traceSha256, int seq, String label, Instant createdAt) {

    public Bookmark {
        Objects.requireNonNull(traceSha256);
        Objects.requireNonNull(label);
        Objects.requireNonNull(createdAt);
    }
}
