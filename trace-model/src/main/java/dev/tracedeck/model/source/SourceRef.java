package dev.tracedeck.model.source;

import java.util.Objects;

/**
 * Where a piece of the trace came from: a file and an inclusive range of physical lines, counted from 1.
 *
 * <p>A record that spans several physical lines (a preview with newlines, an indented JSON dump) has
 * {@code lastLine > firstLine}. The file is the name the user opened, exactly as given, so that a
 * view can show it and an editor can jump to it.
 */
public record SourceRef(String file, int firstLine, int lastLine) {

    public SourceRef {
        Objects.requireNonNull(file, "file");
        if (firstLine < 1 || lastLine < firstLine) {
            throw new IllegalArgumentException("bad line range " + firstLine + ".." + lastLine);
        }
    }

    public static SourceRef line(String file, int line) {
        return new SourceRef(file, line, line);
    }

    public int lineCount() {
        return lastLine - firstLine + 1;
    }

    /** "file:12" or "file:12-15", the form editors and compilers use. */
    public String display() {
        return file + ":" + lines();
    }

    /** "12" or "12-15". */
    public String lines() {
        return firstLine == lastLine ? Integer.toString(firstLine) : firstLine + "-" + lastLine;
    }
}
