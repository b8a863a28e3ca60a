package dev.tracedeck.workspace;

import dev.tracedeck.importers.ImportListener;

/** Hears a search bring the files recorded since the last one into the index, one file after the other. */
public interface IndexingListener {

    IndexingListener NONE = new IndexingListener() {
        @Override
        public ImportListener reading(String path, int index, int count) {
            return ImportListener.NONE;
        }
    };

    /** File {@code index} (from 1) of {@code count} is read again to index it; what returns hears that import. */
    ImportListener reading(String path, int index, int count);

    /** That file is read, or could not be. */
    default void doneReading(String path) {
    }
}
