package dev.tracedeck.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An input that gives its bytes once (standard input, a FIFO, a process substitution) is read once and then
 * imported exactly as the same bytes in a file: every format's detection and import, texts read back as ranges,
 * and gzip told by its magic bytes, as such an input has no name ending in .gz. A hang fails the test.
 */
class ReadOnlyOnceTest {

    private static final Duration HANG = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void everySampleReadOnceImportsAsTheFileDoes() throws Exception {
        List<Path> samples;
        try (Stream<Path> files = Files.walk(Path.of("../sample-logs"), 2)) {
            samples = files.filter(f -> f.toString().matches(".*\\.(log|json|jsonl)")).sorted().toList();
        }
        Assumptions.assumeTrue(samples.size() > 20, "the bundled samples are there");
        for (Path sample : samples) {
            ImportSource once = ImportSource.onlyOnce(sample.toString(), openedOnce(Files.readAllBytes(sample)));
            Trace fromOnce = assertTimeoutPreemptively(HANG, () -> Importers.standard().read(once, ImportListener.NONE));
            assertSameEvents(Importers.standard().read(ImportSource.of(sample), ImportListener.NONE), fromOnce, sample);
        }
    }

    @Test
    void gzipIsToldByItsMagicBytes() throws Exception {
        Path sample = Path.of("../sample-logs/openai/cut-short.jsonl");
        ImportSource once = ImportSource.onlyOnce("-", openedOnce(gzip(Files.readAllBytes(sample))));

        Trace trace = assertTimeoutPreemptively(HANG, () -> Importers.standard().read(once, ImportListener.NONE));

        assertTrue(once.isGzip());
        assertFalse(once.reread().isPresent(), "a decompressed stream's offsets are not the copy's");
        assertSameEvents(Importers.standard().read(ImportSource.of(sample), ImportListener.NONE), trace, sample, false);
    }

    @Test
    void anEmptyInputIsRefusedAsEmpty() {
        ImportSource once = ImportSource.onlyOnce("-", openedOnce(new byte[0]));

        ImportException e = assertThrows(ImportException.class, () -> Importers.standard().read(once, ImportListener.NONE));
        assertEquals("-: is empty", e.getMessage());
    }

    @Test
    void anInputThatFailsWhileReadIsUnreadableNamingIt() {
        ImportSource once = ImportSource.onlyOnce("-", () -> new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("Input/output error");
            }
        });

        ImportException e = assertThrows(ImportException.class, () -> Importers.standard().read(once, ImportListener.NONE));
        assertTrue(e.getMessage().startsWith("-: cannot be read (") && e.getMessage().contains("Input/output error"),
                e.getMessage());
    }

    @Test
    void aFifoIsReadOnce() throws Exception {
        Path fifo = dir.resolve("trace.log");
        Assumptions.assumeTrue(mkfifo(fifo), "mkfifo is there (POSIX)");
        Path sample = Path.of("../sample-logs/mycelian/trimmed-state.log");
        byte[] bytes = Files.readAllBytes(sample);
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(bytes);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.setDaemon(true);
        writer.start();

        assertTrue(ImportSource.readableOnlyOnce(fifo));
        ImportSource source = ImportSource.of(fifo);
        Trace trace = assertTimeoutPreemptively(HANG, () -> Importers.standard().read(source, ImportListener.NONE));

        assertEquals(bytes.length, source.size());
        assertSameEvents(Importers.standard().read(ImportSource.of(sample), ImportListener.NONE), trace, sample);
        assertFalse(ImportSource.readableOnlyOnce(sample));
        assertFalse(ImportSource.readableOnlyOnce(dir), "a directory is refused as one, not read");
    }

    /** An input that can be opened once: a second open fails the test instead of waiting for a writer. */
    private static ImportSource.Opener openedOnce(byte[] bytes) {
        AtomicInteger opens = new AtomicInteger();
        return () -> {
            if (opens.incrementAndGet() > 1) {
                throw new AssertionError("opened a second time");
            }
            return new ByteArrayInputStream(bytes);
        };
    }

    private static void assertSameEvents(Trace expected, Trace actual, Path sample) {
        assertSameEvents(expected, actual, sample, true);
    }

    /** @param sameHolding whether each text is held or a range as in the file (not so for a decompressed input) */
    private static void assertSameEvents(Trace expected, Trace actual, Path sample, boolean sameHolding) {
        assertEquals(expected.events().size(), actual.events().size(), sample.toString());
        assertEquals(expected.threads().size(), actual.threads().size(), sample.toString());
        for (int i = 0; i < expected.events().size(); i++) {
            Event e = expected.events().get(i);
            Event a = actual.events().get(i);
            assertEquals(e.kind(), a.kind(), sample + " event " + i);
            assertEquals(e.keyword(), a.keyword(), sample + " event " + i);
            assertEquals(e.text(), a.text(), sample + " event " + i);
            if (sameHolding) {
                assertEquals(e.sourceText().isHeld(), a.sourceText().isHeld(), sample + " event " + i + ": held or a range");
            }
        }
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        }
        return out.toByteArray();
    }

    private static boolean mkfifo(Path fifo) {
        try {
            return new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
