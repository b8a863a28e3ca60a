package dev.tracedeck.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The logs the app opens when it is given none: the launcher points {@value #PROPERTY} at the repository's
 * sample-logs folder, so a first run shows something real rather than an empty window.
 */
final class SampleLogs {

    static final String PROPERTY = "tracedeck.samples";

    private SampleLogs() {
    }

    /** The {@code .log} files in {@code folder}, sorted by name; none when unset or unreadable. */
    static List<Path> fromProperty(String folder) {
        if (folder == null || folder.isBlank()) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(Path.of(folder))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
