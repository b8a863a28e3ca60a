package dev.tracedeck.importers;

import java.util.List;

/**
 * The file holds no record of any format Tracedeck reads. Refusing it is the point: a checker that reported
 * "0 errors" for a file it could not read would be worse than none.
 */
public final class UnrecognizedFormatException extends ImportException {

    private final List<String> tried;

    public UnrecognizedFormatException(String file, String detail, List<String> tried) {
        super(file, 0, "not a format Tracedeck knows" + (detail.isEmpty() ? "" : " (" + detail + ")")
                + "; tried: " + String.join(", ", tried), null);
        this.tried = List.copyOf(tried);
    }

    /** The format ids that were tried. */
    public List<String> tried() {
        return tried;
    }
}
