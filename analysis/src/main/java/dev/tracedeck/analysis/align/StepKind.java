package dev.tracedeck.analysis.align;

/** What a step of a run is, as runs are aligned: the model asked, a tool called, or the run's answer given. */
public enum StepKind {
    MODEL_CALL("model_call", "model call"),
    TOOL_CALL("tool_call", "tool"),
    FINAL_ANSWER("final_answer", "final answer");

    private final String id;
    private final String label;

    StepKind(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** The name scripts read ({@code align --json}). */
    public String id() {
        return id;
    }

    /** The word people read. */
    public String label() {
        return label;
    }

    /** The kind named {@code id}, as {@link #id()} writes it. */
    public static StepKind of(String id) {
        for (StepKind kind : values()) {
            if (kind.id.equals(id)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("no step kind '" + id + "'");
    }
}
