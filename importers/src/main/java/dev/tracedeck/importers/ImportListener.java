package dev.tracedeck.importers;

import dev.tracedeck.model.event.Event;

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

    /** Polled between records; once true the import throws {@link ImportCancelledException}. */
    default boolean isCancelled() {
        return false;
    }
}
