package dev.tracedeck.importers;

/**
 * Thrown by an importer that was chosen by sniffing but found, reading on, no record of its format at all.
 * {@link dev.tracedeck.importers.registry.Importers} turns it into an {@link UnrecognizedFormatException} naming every
 * format tried.
 */
public final class NotThisFormatException extends ImportException {

    private final String detail;

    public NotThisFormatException(String file, String detail) {
        super(file, 0, detail, null);
        this.detail = detail;
    }

    /** What the importer found instead, e.g. "no Mycelian log record in 1,204 lines". */
    public String detail() {
        return detail;
    }
}
