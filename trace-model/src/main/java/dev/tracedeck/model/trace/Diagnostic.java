package dev.tracedeck.model.trace;

import java.util.Objects;

/** Something the importer noticed about the input at a line: invalid UTF-8, a record it could not parse. */
public record Diagnostic(int line, String message) {
    public Diagnostic {
        Objects.requireNonNull(message);
    }
}
