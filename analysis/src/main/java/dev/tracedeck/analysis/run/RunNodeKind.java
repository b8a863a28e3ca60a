package dev.tracedeck.analysis.run;

/** What a node of a {@link RunTree} stands for. */
public enum RunNodeKind {
    /** An agent's run: a thread, or an agent's span; a sub-agent is one under the call that started it. */
    AGENT("agent"),
    /** A turn: what a user message set going, to the next one. */
    TURN("turn"),
    /** A call to the model. */
    MODEL("model call"),
    /** A tool call, with its result. */
    TOOL("tool call"),
    /** A span that is none of the above (a workflow step, a framework's node). */
    SPAN("span");

    private final String label;

    RunNodeKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
