package dev.tracedeck.analysis.shape;

/** What one message of a state is, at a glance: the colours of a state shape. */
public enum ChipKind {
    SYSTEM("system"),
    USER("user"),
    ASSISTANT_CALLS("assistant → tools"),
    ASSISTANT_TEXT("assistant text"),
    TOOL_RESULT("tool result"),
    SUMMARY("summary"),
    OTHER("other");

    private final String label;

    ChipKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
