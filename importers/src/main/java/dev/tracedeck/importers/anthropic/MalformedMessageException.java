package dev.tracedeck.importers.anthropic;

/** A message whose fields are not what the Anthropic Messages API says; the reason says which. */
public final class MalformedMessageException extends Exception {
    public MalformedMessageException(String reason) {
        super(reason, null, false, false);
    }
}
