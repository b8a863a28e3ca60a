package dev.tracedeck.analysis.textcalls;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a recogniser looks at: the message's text and the names of the tools the trace knows, if any. It also
 * holds what every call's scoring asks of the whole text (its fences, where its trailing blanks start, code point
 * offsets), worked out once per message so that scoring a call costs no pass over the text.
 */
public final class ParseContext {

    /** Code point counts are kept at every this many UTF-16 units; an offset counts at most this far from one. */
    private static final int CODE_POINT_STEP = 64;

    private final String text;
    private final Set<String> knownTools;
    private final boolean cutByLog;
    private List<FencedRecognizer.Fence> fences;
    private List<BareJson.Found> bareJson;
    private int blankTail = -1;
    private int[] codePointsAt;

    /**
     * @param text       the assistant message's text
     * @param knownTools tool names the trace declares or calls; empty when the trace says nothing about its tools,
     *                   in which case names neither raise nor lower confidence
     * @param cutByLog   true when {@code text} is only the start of the message: a log kept a preview and cut the
     *                   rest (the preview's own marker, such as "...", already removed)
     */
    public ParseContext(String text, Set<String> knownTools, boolean cutByLog) {
        this.text = Objects.requireNonNull(text, "text");
        this.knownTools = Set.copyOf(knownTools);
        this.cutByLog = cutByLog;
    }

    public ParseContext(String text, Set<String> knownTools) {
        this(text, knownTools, false);
    }

    public String text() {
        return text;
    }

    public Set<String> knownTools() {
        return knownTools;
    }

    public boolean cutByLog() {
        return cutByLog;
    }

    /** True when a call ending at {@code end} runs into the log's cut: what it lacks, the log dropped. */
    boolean reachesCut(int end) {
        if (!cutByLog) {
            return false;
        }
        if (blankTail < 0) {
            int i = text.length();
            while (i > 0 && Character.isWhitespace(text.charAt(i - 1))) {
                i--;
            }
            CountedScan.add(text.length() - i + 1);
            blankTail = i;
        }
        return end >= blankTail;
    }

    /** The message's fences, found once. */
    List<FencedRecognizer.Fence> fences() {
        if (fences == null) {
            fences = FencedRecognizer.fences(text);
        }
        return fences;
    }

    /** The call-shaped JSON objects anywhere in the message, found once for the two recognisers of bare JSON. */
    List<BareJson.Found> bareJson() {
        if (bareJson == null) {
            bareJson = BareJson.scan(text);
        }
        return bareJson;
    }

    /** The span {@code [start, end)}, with its code point offsets counted from the nearest kept count. */
    TextSpan span(int start, int end) {
        return new TextSpan(start, end, codePoints(start), codePoints(end));
    }

    /** {@code text.codePointCount(0, offset)}: a surrogate pair counts once when both halves are before the offset. */
    private int codePoints(int offset) {
        if (codePointsAt == null) {
            codePointsAt = new int[text.length() / CODE_POINT_STEP + 1];
            int count = 0;
            for (int i = 0; i <= text.length(); i++) {
                if (i % CODE_POINT_STEP == 0) {
                    codePointsAt[i / CODE_POINT_STEP] = count;
                }
                if (i < text.length() && !pairEndsAt(i)) {
                    count++;
                }
            }
            CountedScan.add(text.length());
        }
        int base = offset / CODE_POINT_STEP * CODE_POINT_STEP;
        int count = codePointsAt[base / CODE_POINT_STEP];
        for (int i = base; i < offset; i++) {
            if (!pairEndsAt(i)) {
                count++;
            }
        }
        CountedScan.add(offset - base);
        return count;
    }

    private boolean pairEndsAt(int i) {
        return i > 0 && Character.isLowSurrogate(text.charAt(i)) && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
