package dev.tracedeck.desktop.common;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a search's words occur in a text, for highlighting them: each occurrence, case ignored, as the timeline's
 * search matches. The scan passes each position once, comparing only where the first character matches, and stops at
 * {@value #MAX} occurrences: a highlight of more shows nothing a reader can use, and a text of megabytes must not
 * cost a pass per keystroke beyond one.
 */
public final class MatchRanges {

    /** The most occurrences returned. */
    public static final int MAX = 1000;

    private MatchRanges() {
    }

    /** Start and end (exclusive) of each occurrence of {@code term} in {@code text}; none for an empty term. */
    public static List<int[]> of(String text, String term) {
        List<int[]> ranges = new ArrayList<>();
        if (text == null || term == null || term.isEmpty() || term.length() > text.length()) {
            return ranges;
        }
        char lower = Character.toLowerCase(term.charAt(0));
        char upper = Character.toUpperCase(term.charAt(0));
        int last = text.length() - term.length();
        int i = 0;
        while (i <= last && ranges.size() < MAX) {
            char c = text.charAt(i);
            if ((c == lower || c == upper) && text.regionMatches(true, i, term, 0, term.length())) {
                ranges.add(new int[] {i, i + term.length()});
                i += term.length();
            } else {
                i++;
            }
        }
        return ranges;
    }
}
