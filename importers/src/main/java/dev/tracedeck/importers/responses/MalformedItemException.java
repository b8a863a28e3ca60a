package dev.tracedeck.importers.responses;

/** An item whose fields are not what the Responses API says; the reason says which. */
final class MalformedItemException extends Exception {
    MalformedItemException(String reason) {
        super(reason, null, false, false);
    }
}
