package dev.tracedeck.importers;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.zip.ZipException;

/**
 * An import that could not go on: the file can't be opened or read, or is not in a format we know. Bad
 * records are not errors (they are kept as events); this is for whole-file failures. The message names the
 * file and, where one applies, the line.
 */
public class ImportException extends Exception {

    private final String file;
    private final long line;

    public ImportException(String file, long line, String reason, Throwable cause) {
        super(file + (line > 0 ? ":" + line : "") + ": " + reason, cause);
        this.file = file;
        this.line = line;
    }

    public static ImportException unreadable(String file, IOException e) {
        String reason;
        if (e instanceof NoSuchFileException) {
            reason = "no such file";
        } else if (e instanceof AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof ZipException) {
            reason = "not a valid gzip file (" + e.getMessage() + ")";
        } else if (e.getMessage() != null && e.getMessage().contains("Is a directory")) {
            reason = "is a directory";
        } else {
            reason = "cannot be read (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
        }
        return new ImportException(file, 0, reason, e);
    }

    public String file() {
        return file;
    }

    /** The line the problem was found at, 0 when it concerns the whole file. */
    public long line() {
        return line;
    }
}
