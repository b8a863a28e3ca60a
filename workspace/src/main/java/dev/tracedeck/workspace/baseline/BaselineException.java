package dev.tracedeck.workspace.baseline;

/** A baseline file that can't be read or is not a baseline; the message is one line naming the file. */
public final class BaselineException extends Exception {

    private static final long serialVersionUID = 1L;

    public BaselineException(String message, Throwable cause) {
        super(message, cause);
    }
}
