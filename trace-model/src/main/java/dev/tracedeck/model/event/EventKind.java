package dev.tracedeck.model.event;

/** The kinds of {@link Event} a trace holds, for filtering and for the timeline's kind column. */
public enum EventKind {
    MESSAGE("message"),
    CONTROL("control"),
    STATE("state"),
    TOOL_PLAN("tool plan"),
    TOOL_CALL("tool call"),
    LLM_CALL("llm call"),
    RESULT("result"),
    ERROR("error"),
    MARKER("marker"),
    JSON("json"),
    /** A span of a distributed trace (OpenTelemetry) that is not itself a message. */
    SPAN("span"),
    /** A step record of an agent framework (smolagents' memory steps) beside the messages it holds. */
    STEP("step"),
    OTHER("other"),
    MALFORMED("malformed");

    private final String label;

    EventKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
