package dev.tracedeck.workspace;

/**
 * The workspace could not be opened, read or written, or a trace could not be recorded as it was read. The
 * message is one line that names the file (the workspace, or the trace and its line) and says what is wrong, ready
 * for a command line or a notice.
 */
public class WorkspaceException extends Exception {

    private static final long serialVersionUID = 1L;

    public WorkspaceException(String message) {
        super(message);
    }

    public WorkspaceException(String message, Throwable cause) {
        super(message, cause);
    }
}
