package dev.tracedeck.analysis.textcalls;

/** How much of a text call's arguments could be read. */
public enum ArgumentsStatus {
    /** Well-formed JSON (or Python literal syntax, for the pythonic format), read as written. */
    COMPLETE,
    /** Read after fixes that lost nothing: single quotes, Python's True/None, a trailing comma, an unclosed bracket. */
    REPAIRED,
    /** Some of it was read; the rest was cut off or unreadable, and {@link TextToolCall#unrecovered()} says what. */
    PARTIAL,
    /** Nothing could be read; only {@link TextToolCall#rawArguments()} is left. */
    UNPARSED
}
