package dev.tracedeck.model.message;

import dev.tracedeck.model.text.PythonText;

/**
 * The rule loggers use to cut long text: keep the first {@code limit - 3} characters and append "...".
 * Mycelian previews use 200, tool arguments 1,500. The loggers are Python, so characters are code points
 * ({@link PythonText}).
 */
public final class Previews {

    public static final String ELLIPSIS = "...";
    public static final int MESSAGE_PREVIEW_LIMIT = 200;
    public static final int ARGS_LIMIT = 1500;

    private Previews() {
    }

    /** True when {@code text} has exactly the shape of a cut: the limit's length, ending in "...". */
    public static boolean looksCut(String text, int limit) {
        return text.endsWith(ELLIPSIS) && text.length() >= limit && PythonText.length(text) == limit;
    }

    /** The part of a cut preview that is original text ({@code text} itself when it was not cut). */
    public static String shownPart(String text, boolean cut) {
        return cut ? text.substring(0, text.length() - ELLIPSIS.length()) : text;
    }
}
