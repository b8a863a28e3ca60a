package dev.tracedeck.importers.mycelian;

/** A record with a known keyword whose fields don't have the logged shape; the message says what was expected. */
final class MalformedRecordException extends Exception {
    MalformedRecordException(String reason) {
        super(reason, null, false, false);
    }
}
