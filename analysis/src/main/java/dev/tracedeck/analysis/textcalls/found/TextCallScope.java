package dev.tracedeck.analysis.textcalls.found;

/**
 * Which of a trace's texts are the agent model's own words, where a call written as text would be the model's.
 */
public enum TextCallScope {
    /**
     * Only the AI entries of state dumps. A Mycelian log's {@code MSG} lines are the conversation the agent
     * ingests, written by someone else; the agent model's words are the AI messages its state keeps.
     */
    STATE_ENTRIES,
    /** Assistant messages and the AI entries of state dumps: formats whose messages are the model's own. */
    MESSAGES_AND_STATE_ENTRIES;

    /** The scope for a trace of this format ({@link dev.tracedeck.model.trace.Trace#format()}). */
    public static TextCallScope forFormat(String format) {
        return format.equals("mycelian-log") ? STATE_ENTRIES : MESSAGES_AND_STATE_ENTRIES;
    }

    public boolean readsMessages() {
        return this == MESSAGES_AND_STATE_ENTRIES;
    }
}
