package dev.tracedeck.analysis.config;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/**
 * A rule configuration ({@code --config}) or model profiles file ({@code --models}) that can't be used: it can't be
 * read, is not JSON, or holds a key, rule or value Tracedeck does not know. The message names the file and, where
 * one applies, the line, in the form an import error has ({@code FILE:LINE: reason}): a usage error, said in one line.
 */
public class ConfigException extends Exception {

    private final String file;
    private final long line;

    public ConfigException(String file, long line, String reason, Throwable cause) {
        super(file + (line > 0 ? ":" + line : "") + ": " + reason, cause);
        this.file = file;
        this.line = line;
    }

    static ConfigException unreadable(String file, IOException e) {
        String reason;
        if (e instanceof NoSuchFileException) {
            reason = "no such file";
        } else if (e instanceof AccessDeniedException) {
            reason = "permission denied";
        } else if (e.getMessage() != null && e.getMessage().contains("Is a directory")) {
            reason = "is a directory";
        } else {
            reason = "cannot be read (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")";
        }
        return new ConfigException(file, 0, reason, e);
    }

    public String file() {
        return file;
    }

    /** The line the problem was found at, 0 when it concerns the whole file. */
    public long line() {
        return line;
    }
}
