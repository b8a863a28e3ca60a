package dev.tracedeck.workspace;

import java.util.Objects;
import java.util.Optional;

/**
 * A recorded file a search does not cover, and why.
 *
 * @param state  {@link IndexState#NOT_YET} or {@link IndexState#TOO_MUCH_TEXT}
 * @param reason for a file that could not be indexed when asked: what stopped it ("changed since it was recorded", ...)
 */
public record UnindexedFile(String path, IndexState state, Optional<String> reason) {

    public UnindexedFile {
        Objects.requireNonNull(path);
        Objects.requireNonNull(state);
        Objects.requireNonNull(reason);
    }
}
