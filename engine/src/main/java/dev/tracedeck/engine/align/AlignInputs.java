package dev.tracedeck.engine.align;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The files a list of inputs names: each file as given, and each folder's trace files (by extension, in name order,
 * not its subfolders), whose other files are passed over.
 *
 * @param files   the files to read, in order
 * @param skipped the files of folders that are no trace file by their name
 */
public record AlignInputs(List<Path> files, List<Path> skipped) {

    /** What a trace file is named: Tracedeck's inputs, optionally gzipped, and Inspect's zipped logs. */
    private static final List<String> EXTENSIONS = List.of(".log", ".json", ".jsonl", ".eval", ".af", ".gz");

    public AlignInputs {
        files = List.copyOf(files);
        skipped = List.copyOf(skipped);
    }

    /** @throws IOException naming the folder that can't be listed */
    public static AlignInputs of(List<Path> inputs) throws IOException {
        List<Path> files = new ArrayList<>();
        List<Path> skipped = new ArrayList<>();
        for (Path input : inputs) {
            if (!Files.isDirectory(input)) {
                files.add(input);
                continue;
            }
            try (Stream<Path> listed = Files.list(input)) {
                for (Path p : listed.sorted().toList()) {
                    if (!Files.isRegularFile(p) || p.getFileName().toString().startsWith(".")) {
                        continue;
                    }
                    (isTraceName(p) ? files : skipped).add(p);
                }
            } catch (IOException e) {
                throw new IOException(input + ": cannot list the folder (" + e.getMessage() + ")", e);
            }
        }
        return new AlignInputs(files, skipped);
    }

    static boolean isTraceName(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return EXTENSIONS.stream().anyMatch(name::endsWith);
    }
}
