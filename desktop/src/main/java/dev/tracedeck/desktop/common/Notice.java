package dev.tracedeck.desktop.common;

import java.util.Objects;

/**
 * A message for the user in the notice bar.
 *
 * @param severity how loud to be
 * @param text     one or two short sentences a user can act on; never a stack trace
 * @param details  optional longer text (a stack trace for unexpected errors) shown only on request; "" when none
 */
public record Notice(Severity severity, String text, String details) {

    public enum Severity { INFO, WARNING, ERROR }

    public Notice {
        Objects.requireNonNull(severity);
        Objects.requireNonNull(text);
        Objects.requireNonNull(details);
    }

    public static Notice info(String text) {
        return new Notice(Severity.INFO, text, "");
    }

    public static Notice error(String text) {
        return new Notice(Severity.ERROR, text, "");
    }

    public boolean hasDetails() {
        return !details.isEmpty();
    }
}
