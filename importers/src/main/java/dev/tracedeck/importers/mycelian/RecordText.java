package dev.tracedeck.importers.mycelian;

/**
 * One log record as read: its first physical line and any continuation lines, joined by newlines.
 *
 * @param keyword   the keyword, {@link Keywords#JSON_EVENT} for a JSON line, or {@link Keywords#OTHER}
 * @param time      the prefix's timestamp, "" when none
 * @param firstLine first physical line
 * @param lastLine  last physical line (continuations included)
 * @param text      the whole record, prefix included
 * @param bodyStart where the body (the text after the keyword and one separator) starts in {@code text}
 */
record RecordText(String keyword, String time, int firstLine, int lastLine, String text, int bodyStart) {

    String body() {
        return text.substring(bodyStart);
    }
}
