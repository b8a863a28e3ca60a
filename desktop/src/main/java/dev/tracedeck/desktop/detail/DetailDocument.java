package dev.tracedeck.desktop.detail;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Styled text for the detail pane, built without the toolkit so it can be rendered off the FX thread and
 * tested as plain text. A line holds spans, each with a CSS style class ("" for plain); a line may carry
 * a style class of its own (a marked state entry, a section heading).
 *
 * @param focus the line the pane should bring into view when it shows the document (a blamed state entry),
 *              or -1 to start at the top
 */
public record DetailDocument(List<Line> lines, int focus) {

    public static final DetailDocument EMPTY = new DetailDocument(List.of());

    public DetailDocument {
        lines = List.copyOf(lines);
        if (focus < -1 || focus >= lines.size()) {
            throw new IllegalArgumentException("focus line " + focus + " of " + lines.size());
        }
    }

    public DetailDocument(List<Line> lines) {
        this(lines, -1);
    }

    /** The line to bring into view, empty to start at the top. */
    public OptionalInt focusLine() {
        return focus < 0 ? OptionalInt.empty() : OptionalInt.of(focus);
    }

    public record Span(String text, String style) {
        public Span {
            Objects.requireNonNull(text);
            Objects.requireNonNull(style);
            if (text.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("a span is part of one line");
            }
        }
    }

    /**
     * One line. The gutter, when not empty, is drawn beside the text rather than in it, so text that wraps
     * stays indented under its own column (a state entry's content under "content", not under "idx").
     */
    public record Line(List<Span> gutter, List<Span> spans, String style) {
        public Line {
            gutter = List.copyOf(gutter);
            spans = List.copyOf(spans);
            Objects.requireNonNull(style);
        }

        public Line(List<Span> spans, String style) {
            this(List.of(), spans, style);
        }

        /** Gutter and text as they read on screen. */
        public String text() {
            return gutterText() + spans.stream().map(Span::text).collect(Collectors.joining());
        }

        public String gutterText() {
            return gutter.stream().map(Span::text).collect(Collectors.joining());
        }

        /** The text without the gutter: what the text area holds. */
        public String bodyText() {
            return spans.stream().map(Span::text).collect(Collectors.joining());
        }
    }

    /** The plain text with gutters, lines joined by "\n": what a reader sees, and what tests read. */
    public String text() {
        return lines.stream().map(Line::text).collect(Collectors.joining("\n"));
    }

    public boolean hasGutter() {
        return lines.stream().anyMatch(l -> !l.gutter().isEmpty());
    }

    /** The lines whose text contains {@code part}, for tests and lookups. */
    public List<Line> linesContaining(String part) {
        return lines.stream().filter(l -> l.text().contains(part)).toList();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Appends spans to the current line; {@link #end} closes it. Not thread-safe; one per render. */
    public static final class Builder {
        private final List<Line> lines = new ArrayList<>();
        private List<Span> gutter = new ArrayList<>();
        private List<Span> current = new ArrayList<>();
        private int focus = -1;

        /** Makes the line being built the one to bring into view; the first call wins. */
        public Builder focus() {
            if (focus < 0) {
                focus = lines.size();
            }
            return this;
        }

        /** Adds one-line text to the current line's gutter. */
        public Builder gutter(String text, String style) {
            gutter.add(new Span(text, style));
            return this;
        }

        public Builder add(String text) {
            return add(text, "");
        }

        /** Adds one-line text; newlines in {@code text} start new lines with the same span style. */
        public Builder add(String text, String style) {
            int start = 0;
            int nl;
            while ((nl = text.indexOf('\n', start)) >= 0) {
                addSpan(text.substring(start, nl), style);
                end();
                start = nl + 1;
            }
            addSpan(text.substring(start), style);
            return this;
        }

        /** Closes the current line, giving it {@code style}. */
        public Builder end(String style) {
            lines.add(new Line(gutter, current, style));
            gutter = new ArrayList<>();
            current = new ArrayList<>();
            return this;
        }

        public Builder end() {
            return end("");
        }

        /** A whole plain line. */
        public Builder line(String text, String style) {
            return add(text, style).end();
        }

        public Builder blank() {
            if (!current.isEmpty() || !gutter.isEmpty()) {
                end();
            }
            return end();
        }

        public DetailDocument build() {
            if (!current.isEmpty() || !gutter.isEmpty()) {
                end();
            }
            return new DetailDocument(lines, focus);
        }

        private void addSpan(String text, String style) {
            String clean = text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            if (!clean.isEmpty()) {
                current.add(new Span(clean, style));
            }
        }
    }
}
