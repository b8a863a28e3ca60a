package dev.tracedeck.importers.mycelian;

/**
 * One log record as read: its first physical line and any continuation lines, joined by newlines.
 *
 * @param keyword   the keyword, {@link Keywords#JSON_EVENT} for a JSON line, or {@link Keywords#OTHER}
 * @param timeLength length of the prefix's timestamp at the start of {@code text}, 0 when none
 * @param firstLine first physical line
 * @param lastLine  last physical line (continuations included)
 * @param text      the whole record, prefix included
 * @param bodyStart where the body (the text after the keyword and one separator) starts in {@code text}
 * @param offset    where the record's bytes start in the input when {@code text} is exactly those bytes decoded (its
 *                  lines valid UTF-8, each ended by a bare newline, none cut, dropped or taken from another line); -1
 *                  when it is not
 * @param bytes     how many bytes the record takes there, its last newline left out; meaningful with an offset
 */
record RecordText(String keyword, int timeLength, int firstLine, int lastLine, String text, int bodyStart, long offset,
                  int bytes) {

    /** A record whose text is not a range of the input as it stands. */
    RecordText(String keyword, int timeLength, int firstLine, int lastLine, String text, int bodyStart) {
        this(keyword, timeLength, firstLine, lastLine, text, bodyStart, -1, 0);
    }

    /** The timestamp as logged, "" when none; only taken for records that keep it. */
    String time() {
        return text.substring(0, timeLength);
    }

    String body() {
        return text.substring(bodyStart);
    }
}
