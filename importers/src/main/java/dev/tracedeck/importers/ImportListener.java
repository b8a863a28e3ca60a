package dev.tracedeck.importers;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.TraceThread;

/**
 * Hears how an import is going and may ask it to stop. Called on the importing thread, every few thousand
 * lines, so an implementation should be cheap (the app batches updates to the FX thread).
 */
public interface ImportListener {

    ImportListener NONE = new ImportListener() { };

    /** {@code bytesRead} of {@code totalBytes} stored bytes read; {@code totalBytes} is -1 when unknown. */
    default void progress(long bytesRead, long totalBytes) {
    }

    /**
     * Each event as the import adds it, in seq order, while the file is still being read: the window shows the first
     * rows at once. Called once per event, so it must be cheap. Formats that can only be assembled at the end (spans
     * grouped into traces) add theirs then; a text-call pass run after the import may give events new payloads.
     */
    default void added(Event event) {
    }

    /**
     * A thread the import has read to its end, as the trace will hold it, and the format whose rules judge it: nothing
     * read later belongs to it, so a window can check it while the rest of the file is read. Called on the importing
     * thread, in the order the threads are read, only by importers whose threads end where the next one starts (a
     * file of conversations, a line each); every other thread is known only once the trace is built. The built trace
     * is the verdict: what the file's end adds (a record saying it is cut short, in the thread read last) is in it, so
     * whoever checks ahead compares the two (see {@code ChecksAhead}).
     */
    default void threadRead(TraceThread thread, String rulesFormat) {
    }

    /** Polled between records; once true the import throws {@link ImportCancelledException}. */
    default boolean isCancelled() {
        return false;
    }
}
