package dev.tracedeck.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The logs the app opens when it is given none: the launcher points {@value #PROPERTY} at the repository's
 * sample-logs folder, so a first run shows something real rather than an empty window. The tour's pair comes first:
 * the run before a fix ({@code before-…}), which the window opens on, its first finding selected once checked, then the
 * run after it ({@code after-…}), which File ▸ Compare proposes beside it; the other samples follow by name.
 */
final class SampleLogs {

    static final String PROPERTY = "tracedeck.samples";

    private SampleLogs() {
    }

    /** The {@code .log} files in {@code folder}, the before and after runs first, then by name; none when unset or unreadable. */
    static List<Path> fromProperty(String folder) {
        if (folder == null || folder.isBlank()) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(Path.of(folder))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log"))
                    .sorted(Comparator.comparingInt(SampleLogs::tourPlace).thenComparing(Path::getFileName)).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static int tourPlace(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith("before-") ? 0 : name.startsWith("after-") ? 1 : 2;
    }
}
