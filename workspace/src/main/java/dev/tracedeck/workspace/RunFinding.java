package dev.tracedeck.workspace;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A finding of a recorded run as its last validation recorded it, with the triage mark on its fingerprint, if any.
 * Its thread and message are as the workspace keeps them: secrets redacted.
 */
public record RunFinding(String fingerprint, String rule, String severity, String thread, OptionalInt msgIdx, int line,
                         String message, Optional<TriageMark> mark) {

    public RunFinding {
        Objects.requireNonNull(fingerprint);
        Objects.requireNonNull(rule);
        Objects.requireNonNull(severity);
        Objects.requireNonNull(thread);
        Objects.requireNonNull(msgIdx);
        Objects.requireNonNull(message);
        Objects.requireNonNull(mark);
    }
}
