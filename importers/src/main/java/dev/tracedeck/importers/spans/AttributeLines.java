package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.json.LineIndex;
import dev.tracedeck.model.source.SourceRef;

/**
 * Where an attribute of a span is: its own lines when the span is pretty-printed as in the file (a streamed document
 * keeps each span's text), else the span's lines; the pointer always reaches the attribute.
 */
final class AttributeLines {

    /** A span, its attributes list, an attribute (or events, an event, its attributes, one of them). */
    private static final int DEPTH = 4;

    private final String file;
    private final SpanFileEntry.Span span;
    private LineIndex index;

    AttributeLines(String file, SpanFileEntry.Span span) {
        this.file = file;
        this.span = span;
    }

    /** {@code pointer} is within the span: {@code /attributes/7}. */
    SourceRef at(String pointer) {
        SourceRef s = span.source();
        String full = s.pointer() + pointer;
        boolean json = span.text().startsWith("{") || span.text().startsWith("[");
        if (s.firstLine() == s.lastLine() || !json || span.text().lines().count() != s.lineCount()) {
            return new SourceRef(file, s.firstLine(), s.lastLine(), full);
        }
        if (index == null) {
            index = LineIndex.of(span.text(), s.firstLine(), s.pointer(), DEPTH);
        }
        // A scalar attribute (a flat key's string) is not indexed: the lines of the nearest container holding it.
        String at = full;
        while (!index.indexes(at) && at.length() > s.pointer().length() && at.lastIndexOf('/') >= s.pointer().length()) {
            at = at.substring(0, at.lastIndexOf('/'));
        }
        return new SourceRef(file, index.firstLine(at), Math.max(index.firstLine(at), index.lastLine(at)), full);
    }
}
