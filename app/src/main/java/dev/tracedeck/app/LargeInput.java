package dev.tracedeck.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * Whether a batch command's input is large enough for the JIT's optimizing compiler. The batch JVM starts with the
 * quick compiler (C1) alone, which finishes sooner on logs up to a few hundred MiB, with half the CPU; from about half
 * a GiB of input C2's faster code wins (docs/performance.md, "What the launcher gives each JVM, and why"). JSON traces keep every message they hold, so from half
 * a GiB of them a young generation of 256 MiB collects a quarter as often as the batch JVM's 64 MiB. A log's bytes
 * weigh nothing here: most of a log is state-dump lines its reader skips as bytes, and what it keeps its checks
 * finish on C1 sooner than C2 compiles them ({@code validate} on the 1.1 GiB Mycelian log: C2's compiler alone took
 * 4.3 s of CPU, more than C1's slower code lost).
 */
final class LargeInput {

    /** 512 MiB, in KiB. */
    static final long LARGE_KIB = 512L * 1024;
    /** A compressed file counts this many times its size: about what a text log shrinks to. */
    private static final int GZIP_FACTOR = 8;

    private LargeInput() {
    }

    /**
     * {@link JvmHandoff#LARGE_JSON}, {@link JvmHandoff#LARGE} or empty, from the sizes of the arguments that name
     * regular files.
     */
    static OptionalInt handoff(String... args) {
        long all = 0;
        long json = 0;
        for (String arg : args) {
            String name = withoutGz(arg.toLowerCase(Locale.ROOT));
            if (name.endsWith(".log")) {
                continue;
            }
            long kib = kib(arg);
            all += kib;
            if (name.endsWith(".json") || name.endsWith(".jsonl")) {
                json += kib;
            }
        }
        if (json >= LARGE_KIB) {
            return OptionalInt.of(JvmHandoff.LARGE_JSON);
        }
        return all >= LARGE_KIB ? OptionalInt.of(JvmHandoff.LARGE) : OptionalInt.empty();
    }

    private static long kib(String arg) {
        try {
            Path file = Path.of(arg);
            if (!Files.isRegularFile(file)) {
                return 0;
            }
            long kib = Files.size(file) / 1024;
            return arg.toLowerCase(Locale.ROOT).endsWith(".gz") ? kib * GZIP_FACTOR : kib;
        } catch (InvalidPathException | IOException | SecurityException e) {
            return 0; // not a file this JVM can size: the command itself says what is wrong with it
        }
    }

    private static String withoutGz(String name) {
        return name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
    }
}
