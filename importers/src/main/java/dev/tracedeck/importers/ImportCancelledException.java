package dev.tracedeck.importers;

/** The listener asked the import to stop; nothing is returned. */
public final class ImportCancelledException extends ImportException {
    public ImportCancelledException(String file) {
        super(file, 0, "import cancelled", null);
    }
}
