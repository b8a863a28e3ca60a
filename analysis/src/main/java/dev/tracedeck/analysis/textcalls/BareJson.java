package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds JSON objects shaped like calls anywhere in a message, for the formats without markers. Every
 * {@code {} followed by a quoted key is tried; an object that is not a call is looked into, since calls sit
 * inside other JSON too ({@code {"tool_calls": [{…}]}}).
 */
final class BareJson {

    /** A call-shaped object and where it stands. */
    record Found(int start, int end, CallShape shape, JsonRead read) {
    }

    /** Every object found opens with '{'. */
    static final TextAnchors ANCHORS = TextAnchors.of('{');

    /** Reading stops after this many characters per character of text, so a pathological message stays cheap. */
    private static final int BUDGET_FACTOR = 20;

    private BareJson() {
    }

    static List<Found> scan(String text) {
        List<Found> found = new ArrayList<>();
        if (!text.contains("name") && !text.contains("function") && !text.contains("tool")) {
            return found;
        }
        long budget = (long) BUDGET_FACTOR * text.length() + 10_000;
        CountedScan.add(text.length());
        int i = CountedScan.indexOf(text, '{', 0);
        while (i >= 0 && budget > 0) {
            int key = TextScanning.skipSpace(text, i + 1, text.length());
            int next = i + 1;
            if (key < text.length() && (text.charAt(key) == '"' || text.charAt(key) == '\'')) {
                JsonRead read = LenientJson.read(text, i, text.length());
                budget -= read.end() - i;
                var shape = read.value().flatMap(v -> CallShape.of(v, read, text));
                if (shape.isPresent()) {
                    found.add(new Found(i, read.extent(text), shape.get(), read));
                    next = Math.max(next, read.end());
                }
            }
            i = CountedScan.indexOf(text, '{', next);
        }
        return found;
    }
}
