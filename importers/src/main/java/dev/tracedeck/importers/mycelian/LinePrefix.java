package dev.tracedeck.importers.mycelian;

/**
 * The logging prefix in front of a record's message, found by shape rather than by one format string:
 * <ul>
 *   <li>{@code 2025-09-05 10:15:03,003 [message_logger.py:log_conversation_message] } (the benchmarker),</li>
 *   <li>{@code 10:15:03 [INFO] } (the older runner),</li>
 *   <li>{@code INFO lme.agent: } and {@code INFO:lme.agent:} (logging's own defaults),</li>
 *   <li>{@code [agent] } (bracketed tags only), or nothing at all (pasted lines).</li>
 * </ul>
 *
 * @param present      true when the line starts with something prefix-shaped
 * @param strong       true when the prefix has a time or a {@code LEVEL logger:} pair, which alone makes the line
 *                     the start of a record; bracket tags or a bare level could also open a preview's continuation
 *                     line, so those start a record only when a keyword follows
 * @param timeLength   the length of the timestamp at the start of the line, 0 when there was none
 * @param messageStart index in the line where the message (the keyword) begins
 */
record LinePrefix(boolean present, boolean strong, int timeLength, int messageStart) {

    static final LinePrefix NONE = new LinePrefix(false, false, 0, 0);

    static LinePrefix parse(String line) {
        int timeEnd = timestampEnd(line);
        int pos = timeEnd;
        pos = skipSpaces(line, pos);
        boolean[] logger = new boolean[1];
        int afterTags = skipTags(line, pos, timeEnd > 0, logger);
        if (timeEnd > 0) {
            return new LinePrefix(true, true, timeEnd, afterTags > 0 ? afterTags : pos);
        }
        return afterTags > 0 ? new LinePrefix(true, logger[0], 0, afterTags) : NONE;
    }

    /** Skips {@code [..]} groups, a level, a {@code name:} logger and {@code -} separators. */
    private static int skipTags(String line, int pos, boolean afterTime, boolean[] sawLogger) {
        boolean any = false;
        boolean sawLevel = false;
        while (pos < line.length()) {
            char c = line.charAt(pos);
            if (c == '[') {
                int close = line.indexOf(']', pos);
                if (close < 0) {
                    break;
                }
                pos = skipSpaces(line, close + 1);
                any = true;
            } else if (c == '-' && pos + 1 < line.length() && line.charAt(pos + 1) == ' ' && (any || afterTime)) {
                pos = skipSpaces(line, pos + 1);
            } else if (!sawLevel && levelEnd(line, pos) > 0) {
                int end = levelEnd(line, pos);
                sawLevel = true;
                any = true;
                if (end < line.length() && line.charAt(end) == ':') {
                    // logging.basicConfig's default: LEVEL:logger:message
                    int loggerEnd = loggerNameEnd(line, end + 1);
                    boolean named = loggerEnd > end + 1 && loggerEnd < line.length() && line.charAt(loggerEnd) == ':';
                    sawLogger[0] |= named;
                    pos = named ? loggerEnd + 1 : end + 1;
                } else {
                    pos = skipSpaces(line, end);
                }
            } else if ((afterTime || any) && loggerNameEnd(line, pos) > pos && line.startsWith(" - ", loggerNameEnd(line, pos))) {
                // "%(asctime)s - %(name)s - %(levelname)s - %(message)s"
                pos = skipSpaces(line, loggerNameEnd(line, pos) + 2);
                any = true;
                sawLogger[0] = true;
            } else if (sawLevel && loggerNameEnd(line, pos) > pos && loggerColon(line, loggerNameEnd(line, pos))) {
                pos = skipSpaces(line, loggerNameEnd(line, pos) + 1);
                sawLogger[0] = true;
            } else {
                break;
            }
        }
        return any ? pos : 0;
    }

    /** The timestamp as written; the substring is taken only for lines that start a record. */
    String time(String line) {
        return line.substring(0, timeLength);
    }

    private static boolean loggerColon(String line, int at) {
        return at < line.length() && line.charAt(at) == ':' && (at + 1 == line.length() || line.charAt(at + 1) == ' ');
    }

    private static final String[] LEVELS = {"DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL", "FATAL"};

    /** End of a level word at {@code pos} followed by space or ':', else 0. */
    private static int levelEnd(String line, int pos) {
        char first = pos < line.length() ? line.charAt(pos) : ' ';
        if ("DIWECF".indexOf(first) < 0) {
            return 0;
        }
        for (String level : LEVELS) {
            int end = pos + level.length();
            if (line.startsWith(level, pos) && end < line.length()
                    && (line.charAt(end) == ' ' || line.charAt(end) == ':')) {
                return end;
            }
        }
        return 0;
    }

    private static int loggerNameEnd(String line, int pos) {
        int i = pos;
        while (i < line.length()) {
            char c = line.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.') {
                i++;
            } else {
                break;
            }
        }
        return i;
    }

    /** End of a leading {@code YYYY-MM-DD HH:MM:SS[,mmm]} or {@code HH:MM:SS[,mmm]}, else 0. */
    private static int timestampEnd(String s) {
        int pos = 0;
        if (s.length() >= 10 && digits(s, 0, 4) && s.charAt(4) == '-' && digits(s, 5, 2) && s.charAt(7) == '-'
                && digits(s, 8, 2)) {
            if (s.length() < 19 || (s.charAt(10) != ' ' && s.charAt(10) != 'T')) {
                return 0;
            }
            pos = 11;
        }
        if (s.length() < pos + 8 || !(digits(s, pos, 2) && s.charAt(pos + 2) == ':' && digits(s, pos + 3, 2)
                && s.charAt(pos + 5) == ':' && digits(s, pos + 6, 2))) {
            return 0;
        }
        pos += 8;
        if (pos < s.length() && (s.charAt(pos) == ',' || s.charAt(pos) == '.')) {
            int fracEnd = pos + 1;
            while (fracEnd < s.length() && Character.isDigit(s.charAt(fracEnd))) {
                fracEnd++;
            }
            if (fracEnd > pos + 1) {
                pos = fracEnd;
            }
        }
        if (pos < s.length() && s.charAt(pos) == 'Z') {
            pos++;
        }
        // The prefix must end at a separator, so "10:15:03abc" is not a time.
        return pos == s.length() || s.charAt(pos) == ' ' ? pos : 0;
    }

    private static boolean digits(String s, int from, int n) {
        for (int i = from; i < from + n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static int skipSpaces(String s, int pos) {
        while (pos < s.length() && s.charAt(pos) == ' ') {
            pos++;
        }
        return pos;
    }
}
