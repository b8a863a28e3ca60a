package dev.tracedeck.importers;

/**
 * Hears how an import is going and may ask it to stop. Called on the importing thread, every few thousand
 * lines, so an implementation should be cheap (the app batches updates to the FX thread).
 */
public interface ImportListener {

    ImportListener NONE = new ImportListener() { };

    /** {@code bytesRead} of {@code totalBytes} stored bytes read; {@code totalBytes} is -1 when unknown. */
    default void progress(long bytesRead, long totalBytes) {
    }

    /** Polled between records; once true the import throws {@link ImportCancelledException}. */
    default boolean isCancelled() {
        return false;
    }
}
