package dev.tracedeck.cli;

import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportSource;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files a command was given, each once: a file named twice (or by two paths) would be counted twice. {@code -}
 * is standard input.
 */
public final class InputFiles {

    /** Standard input, as a file argument. */
    static final String STDIN = "-";

    private InputFiles() {
    }

    /** What to import for {@code file}: standard input for {@code -}, else the file. */
    public static ImportSource source(Path file) {
        if (file.toString().equals(STDIN)) {
            // Not closed after reading: the process's standard input is the caller's, not this source's.
            return ImportSource.onlyOnce(STDIN, () -> new FilterInputStream(System.in) {
                @Override
                public void close() {
                }
            });
        }
        return ImportSource.of(file);
    }

    /**
     * Whether {@code file} can be recorded in the workspace, which keeps a file's path, size and hash to tell later
     * whether it is still the file it checked: standard input, a FIFO or a process substitution can't be read again
     * (and a pipe has no path that names its content), so it is not recorded, which is said once on {@code err}.
     */
    static boolean recordable(Path file, PrintWriter err, String command) {
        boolean stdin = file.toString().equals(STDIN);
        if (!stdin && !ImportSource.readableOnlyOnce(file)) {
            return true;
        }
        err.println(TerminalText.line(command + ": " + file + (stdin ? " (standard input)" : " (not a regular file)")
                + " is not recorded in the workspace: it can't be read again to tell later whether it changed"));
        err.flush();
        return false;
    }

    /**
     * {@code files} in order without repeats of one file (by its real path, so {@code a.log}, {@code ./a.log} and a
     * link to it are one), each repeat said once on {@code err}. Standard input and files that can't be resolved
     * (their command says why) are kept as given.
     */
    static List<Path> distinct(List<Path> files, PrintWriter err, String command) {
        Map<Object, Path> seen = new LinkedHashMap<>();
        List<Path> kept = new ArrayList<>();
        for (Path file : files) {
            Object key = key(file);
            Path first = seen.putIfAbsent(key, file);
            if (first == null) {
                kept.add(file);
            } else {
                err.println(command + ": " + file + (file.toString().equals(first.toString()) ? " is given more than once"
                        : " is the same file as " + first) + "; read once");
            }
        }
        err.flush();
        return kept;
    }

    private static Object key(Path file) {
        if (file.toString().equals(STDIN)) {
            // Standard input is read once: a second - would read nothing.
            return STDIN;
        }
        try {
            return file.toRealPath();
        } catch (IOException e) {
            return new Object();
        }
    }
}
