package dev.tracedeck.workspace;

import java.time.Instant;
import java.util.Objects;

/**
 * A note on one event of a trace. Keyed by the trace's content ({@code traceSha256}) and the event's sequence
 * number, so it follows the content wherever the file moves.
 */
public record EventNote(long id, String traceSha256, int seq, String text, Instant createdAt) {

    public EventNote {
        Objects.requireNonNull(traceSha256);
        Objects.requireNonNull(text);
        Objects.requireNonNull(createdAt);
    }
}
