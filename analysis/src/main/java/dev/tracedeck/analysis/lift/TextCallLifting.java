package dev.tracedeck.analysis.lift;

import dev.tracedeck.model.trace.Trace;

/**
 * The step that follows reading a trace in whatever checks, counts or shows it: the trace as read, or with the tool
 * calls its model wrote as text lifted into structured calls ({@code --parse-text-calls}, {@link TextCallLifter}).
 * The importers read files and know no analysis, so the command or window that reads a trace applies this to what
 * was read, before anything looks at it.
 */
public enum TextCallLifting {

    /** The trace as read. */
    OFF,
    /** The calls written as text, and not run, made structured calls ({@link TextCallLifter#lift}). */
    ON;

    /** {@link #ON} when the user asked for {@code --parse-text-calls}. */
    public static TextCallLifting when(boolean parseTextCalls) {
        return parseTextCalls ? ON : OFF;
    }

    /** {@code read} as it is to be checked, counted and shown. */
    public Trace apply(Trace read) {
        return this == ON ? TextCallLifter.lift(read) : read;
    }
}
