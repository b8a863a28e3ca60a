package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.model.trace.Trace;

/** Placeholder while the real importer is written. */
public final class MycelianLogImporter implements TraceImporter {
    public static final String FORMAT_ID = "mycelian-log";

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    @Override
    public int confidence(String head) {
        return 1;
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        throw new ImportException(source.name(), 0, "not yet", null);
    }
}
