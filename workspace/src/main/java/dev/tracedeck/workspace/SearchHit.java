package dev.tracedeck.workspace;

import java.util.Objects;

/**
 * One place a matching message occurs: the trace file, the thread, the event's sequence number and the source
 * line, with a snippet of the match ({@code [term]} marks the matched words).
 */
public record SearchHit(String file, String thread, int seq, int line, String snippet) {

    public SearchHit {
        Objects.requireNonNull(file);
        Objects.requireNonNull(thread);
        Objects.requireNonNull(snippet);
    }
}
