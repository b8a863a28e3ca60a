package dev.tracedeck.cli.mcp;

/**
 * What a tool could not do, said to the agent as the call's result marked as an error (not a protocol error, so the
 * agent reads the sentence): a file that doesn't exist, a thread the trace lacks, a query the index can't read.
 */
public final class ToolFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ToolFailure(String message) {
        super(message);
    }
}
