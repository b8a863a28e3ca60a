package dev.tracedeck.importers;

/**
 * A record the format's reader knows by its kind (a message, an item, a part, a logged record) whose fields are not
 * what the format documents; the reason says which. Readers keep such a record as unparsed rather than lose it, so
 * the exception carries no stack trace.
 */
public final class MalformedRecordException extends Exception {
    public MalformedRecordException(String reason) {
        super(reason, null, false, false);
    }
}
