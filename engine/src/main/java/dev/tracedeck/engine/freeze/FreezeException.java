package dev.tracedeck.engine.freeze;

/** Why a request can't be frozen: no such step, a thread without messages; one sentence, to print as it is. */
public final class FreezeException extends Exception {

    public FreezeException(String message) {
        super(message);
    }
}
