package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.text.Line;

/**
 * Groups physical lines into records. A record starts at a line with a logging prefix; in a file that has
 * shown no prefix yet, at a line that starts with a keyword (or a one-line JSON object). Any other line
 * continues the record before it, which is how a preview with newlines or an indented JSON dump stays one
 * record. Blank lines before the first record belong to none.
 *
 * <p>In a file without prefixes only records whose last field is free text (a preview, content, an error)
 * take continuation lines; after a one-line record such as TOOL_CALL, an unknown line is a record of its own,
 * since nothing else would tell a pasted print line from the record before it.
 */
final class RecordAssembler {

    private boolean prefixedFile;
    private String keyword;
    private int timeLength;
    private int firstLine;
    private int lastLine;
    private String firstText;
    private StringBuilder more;
    private int bodyStart;
    private int trailingBlankLines;
    /** Where the record's bytes start and end in the input while its text is exactly them ({@link RecordText#offset}). */
    private long offset = -1;
    private long endOffset;

    /** Takes the next line, whose place in the input is not known; see {@link #accept(Line, long, int)}. */
    RecordText accept(Line line) {
        return accept(line, -1, -1);
    }

    /**
     * Takes the next line; returns the record it completed, or null when the record goes on.
     *
     * @param start where the line starts in the input, -1 when not known
     * @param bytes its bytes there when its text is exactly them, else -1 ({@link dev.tracedeck.importers.text.LineReader#lastLineBytes()})
     */
    RecordText accept(Line line, long start, int bytes) {
        String text = line.text();
        LinePrefix prefix = LinePrefix.parse(text);
        int messageStart = prefix.messageStart();
        String word = Keywords.at(text, messageStart);
        boolean json = word == null && Keywords.isJsonLine(text, messageStart);
        boolean startsRecord = prefix.strong()
                || (word != null || json) && (prefix.present() || !prefixedFile);
        if (!startsRecord && keyword != null && (prefixedFile || takesContinuations())) {
            continueWith(line);
            // Still the input's bytes only when this line comes right after the last one's newline.
            offset = offset >= 0 && bytes >= 0 && start == endOffset + 1 ? offset : -1;
            endOffset = start + bytes;
            return null;
        }
        if (!startsRecord && text.isBlank()) {
            return null;
        }
        prefixedFile |= prefix.strong();
        RecordText done = finish();
        keyword = word != null ? word : json ? Keywords.JSON_EVENT : Keywords.OTHER;
        timeLength = prefix.timeLength();
        firstLine = line.number();
        lastLine = line.number();
        firstText = text;
        more = null;
        trailingBlankLines = 0;
        bodyStart = bodyStart(text, messageStart, word);
        offset = start >= 0 && bytes >= 0 ? start : -1;
        endOffset = start + bytes;
        return done;
    }

    private boolean takesContinuations() {
        return switch (keyword) {
            case Keywords.SYS, Keywords.STATE_MSG, Keywords.RESULT, Keywords.AINVOKE_ERROR, "SEARCH_RESULT" -> true;
            case Keywords.MSG -> firstText.startsWith("thread_id=", bodyStart);
            default -> keyword.startsWith("CONTEXT_");
        };
    }

    /**
     * Takes line {@code lineNumber}, which the reader found equal to {@code template} but for its timestamp and
     * which nothing continues; returns the record it completed, or null. The new record keeps the template's
     * text: its body is the line's body, and a dump line's own timestamp is not kept.
     */
    RecordText acceptRepeat(int lineNumber, RecordText template) {
        RecordText done = finish();
        keyword = template.keyword();
        timeLength = template.timeLength();
        firstLine = lineNumber;
        lastLine = lineNumber;
        firstText = template.text();
        more = null;
        trailingBlankLines = 0;
        bodyStart = template.bodyStart();
        offset = -1;    // the template's text, not this line's (its timestamp differs)
        return done;
    }

    /**
     * Remembers the record in progress; the returned action puts it back after a {@link #finish} at an end of the
     * file that was not its end (it is still being written).
     */
    Runnable checkpoint() {
        boolean prefixedFileThen = prefixedFile;
        String keywordThen = keyword;
        int[] numbersThen = {timeLength, firstLine, lastLine, bodyStart, trailingBlankLines};
        long[] offsetsThen = {offset, endOffset};
        String firstTextThen = firstText;
        StringBuilder moreThen = more;
        int moreLength = more == null ? 0 : more.length();
        return () -> {
            prefixedFile = prefixedFileThen;
            keyword = keywordThen;
            timeLength = numbersThen[0];
            firstLine = numbersThen[1];
            lastLine = numbersThen[2];
            bodyStart = numbersThen[3];
            trailingBlankLines = numbersThen[4];
            offset = offsetsThen[0];
            endOffset = offsetsThen[1];
            firstText = firstTextThen;
            more = moreThen;
            if (more != null) {
                more.setLength(moreLength);
            }
        };
    }

        /** The keyword of the record in progress, or null. */
    String pendingKeyword() {
        return keyword;
    }

    /** True once a line with a timestamp prefix was seen: only such files take the repeat shortcut. */
    boolean isPrefixedFile() {
        return prefixedFile;
    }

    /** The record in progress at the end of input, or null. */
    RecordText finish() {
        if (keyword == null) {
            return null;
        }
        String text = more == null ? firstText : more.toString();
        long inInput = offset;
        if (trailingBlankLines > 0) {
            text = text.stripTrailing();
            inInput = -1;
        }
        long bytes = endOffset - offset;
        RecordText record = inInput >= 0 && bytes <= Integer.MAX_VALUE
                ? new RecordText(keyword, timeLength, firstLine, lastLine, text, Math.min(bodyStart, text.length()), inInput,
                        (int) bytes)
                : new RecordText(keyword, timeLength, firstLine, lastLine, text, Math.min(bodyStart, text.length()));
        keyword = null;
        firstText = null;
        more = null;
        return record;
    }

    private void continueWith(Line line) {
        if (more == null) {
            more = new StringBuilder(firstText.length() + line.text().length() + 64).append(firstText);
        }
        more.append('\n').append(line.text());
        lastLine = line.number();
        trailingBlankLines = line.text().isBlank() ? trailingBlankLines + 1 : 0;
    }

    /**
     * A line that is a record on its own whatever comes around it: a line too long to hold, of which only the
     * start is read ({@link Line#cut()}). The record in progress is to be finished first ({@link #finish}).
     */
    static RecordText alone(Line line) {
        String text = line.text();
        LinePrefix prefix = LinePrefix.parse(text);
        String word = Keywords.at(text, prefix.messageStart());
        String keyword = word != null ? word : Keywords.OTHER;
        return new RecordText(keyword, prefix.timeLength(), line.number(), line.number(), text,
                Math.min(bodyStart(text, prefix.messageStart(), word), text.length()));
    }

    private static int bodyStart(String text, int messageStart, String word) {
        if (word == null) {
            return messageStart;
        }
        int pos = messageStart + word.length();
        if (pos < text.length() && text.charAt(pos) == ':') {
            pos++;
        }
        if (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
        return pos;
    }
}
