package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.*;

import dev.tracedeck.engine.text.CountFormat;
import java.util.Locale;

/** The small layouts every section uses: headings, aligned key/value rows, notices, text blocks. */
final class SectionLayout {

    static final int KEY_WIDTH = 12;

    /** Past this many characters a block is cut: a text area with megabytes in one event helps no one. */
    static final int MAX_BLOCK = 200_000;

    private SectionLayout() {
    }

    static void heading(DetailDocument.Builder out, String title) {
        heading(out, title, "");
    }

    /** A blank line, then "TITLE  note". */
    static void heading(DetailDocument.Builder out, String title, String note) {
        out.blank();
        out.add(title.toUpperCase(Locale.ROOT), HEADING);
        if (!note.isEmpty()) {
            out.add("  " + note, MUTED);
        }
        out.end(HEADING_LINE);
    }

    /** "key         value", keys padded so values line up. */
    static void field(DetailDocument.Builder out, String key, String value) {
        out.add(pad(key, KEY_WIDTH), KEY).add(value, VALUE).end();
    }

    static void warning(DetailDocument.Builder out, String text) {
        out.add("⚠ " + text, WARNING).end();
    }

    static void note(DetailDocument.Builder out, String text) {
        out.add(text, MUTED).end();
    }

    /** Multi-line text as it is, cut at {@link #MAX_BLOCK} characters with a note saying so. */
    static void text(DetailDocument.Builder out, String text, String style) {
        if (text.isEmpty()) {
            note(out, "(empty)");
            return;
        }
        boolean cut = text.length() > MAX_BLOCK;
        out.add(cut ? text.substring(0, MAX_BLOCK) : text, style).end();
        if (cut) {
            note(out, "… " + CountFormat.count(text.length() - MAX_BLOCK) + " more characters not shown");
        }
    }

    static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }

    static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    /** Newlines as "⏎" so a preview stays on its row. */
    static String oneLine(String s) {
        return s.indexOf('\n') < 0 && s.indexOf('\r') < 0 ? s : s.replace("\r", "").replace('\n', '⏎');
    }
}
