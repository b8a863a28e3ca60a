package dev.tracedeck.workspace;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One place a matching message occurs: the trace file, the thread, the event's sequence number and the source
 * line, with a snippet of the match whose matched words lie between {@link #START} and {@link #END} — characters no
 * message shows, so a bracket the message itself holds is never taken for a mark.
 *
 * @param marked the snippet with its marks
 */
public record SearchHit(String file, String thread, int seq, int line, String marked) {

    /** Before a matched word in {@link #marked()}. */
    public static final char START = '\u0002';
    /** After it. */
    public static final char END = '\u0003';

    /** A piece of the snippet: matched words, or the text between them. */
    public record Piece(String text, boolean match) {
    }

    public SearchHit {
        Objects.requireNonNull(file);
        Objects.requireNonNull(thread);
        Objects.requireNonNull(marked);
    }

    /** The snippet for a terminal or a script: {@code [term]} marks the matched words. */
    public String snippet() {
        return marked.replace(START, '[').replace(END, ']');
    }

    /** The snippet as pieces, for a view that marks the matched words in its own way. */
    public List<Piece> pieces() {
        List<Piece> pieces = new ArrayList<>();
        int at = 0;
        while (at < marked.length()) {
            int start = marked.indexOf(START, at);
            if (start < 0) {
                pieces.add(new Piece(marked.substring(at), false));
                break;
            }
            if (start > at) {
                pieces.add(new Piece(marked.substring(at, start), false));
            }
            int end = marked.indexOf(END, start + 1);
            int stop = end < 0 ? marked.length() : end;
            pieces.add(new Piece(marked.substring(start + 1, stop), true));
            at = end < 0 ? marked.length() : end + 1;
        }
        return pieces;
    }
}
