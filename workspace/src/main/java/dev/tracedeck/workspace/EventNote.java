package dev.tracedeck.workspace;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A note on one event of a trace. Keyed by the trace's content ({@code traceSha256}) and the event's sequence
 * number, so it follows the content wherever the file moves.
 *
 * @param author who wrote it, in a workspace that records it (a shared one); empty in an SQLite one
 */
public record EventNote(long id, String traceSha256, int seq, String text, Instant createdAt, Optional<String> author) {

    public EventNote {
        Objects.requireNonNull(traceSha256);
        Objects.requireNonNull(text);
        Objects.requireNonNull(createdAt);
        Objects.requireNonNull(author);
    }
}
