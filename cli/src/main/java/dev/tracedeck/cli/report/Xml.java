package dev.tracedeck.cli.report;

import dev.tracedeck.engine.text.TerminalText;

/**
 * Escaping for XML and HTML text and attributes. A character XML 1.0 forbids (C0 controls but tab and line ends, a
 * lone surrogate, U+FFFE, U+FFFF) is never written; it and the others a reader would act on instead of seeing
 * (DEL, C1 controls, bidi overrides and isolates) appear as their {@link TerminalText} escapes.
 */
final class Xml {

    private Xml() {
    }

    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        s.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\n', '\t', '\r' -> out.append((char) c);
                default -> {
                    if (TerminalText.isEscaped(c)) {
                        out.append(TerminalText.escape(c));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }
}
