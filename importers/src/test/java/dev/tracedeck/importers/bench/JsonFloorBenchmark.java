package dev.tracedeck.importers.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The floor under any JSON Lines import that keeps its texts, measured on the same file, machine and minutes as the
 * import ({@code scripts/benchmark-json-aim.sh} runs both): every line tokenized by Jackson's streaming parser on one
 * thread per core, as the import parses them, and every string value kept as a {@code String} — the messages'
 * contents, ids, names and arguments that a viewer must hold — with nothing else built: no tree, no events, no
 * threads, no checks. An import cannot be faster than this with Jackson and the texts in the heap; the gap between
 * the two is what the import itself costs.
 *
 * <pre>java -Xmx…m -cp … dev.tracedeck.importers.bench.JsonFloorBenchmark FILE</pre>
 *
 * One cold run, like {@link ImportBenchmark}; the last line ({@code RESULT …}) repeats the figures for scripts.
 */
public final class JsonFloorBenchmark {

    private static final double MIB = 1024.0 * 1024.0;
    /** Blocks of whole lines handed to the parsing threads, as the import's pipeline hands them lines. */
    private static final int BLOCK = 8 << 20;

    private JsonFloorBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: JsonFloorBenchmark FILE");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        long size = Files.size(file);
        int threads = Runtime.getRuntime().availableProcessors();
        long[] gcBefore = ImportBenchmark.gcTotals();

        long start = System.nanoTime();
        List<List<String>> kept = read(file, threads);
        long nanos = System.nanoTime() - start;

        long[] gcAfter = ImportBenchmark.gcTotals();
        long strings = kept.stream().mapToLong(List::size).sum();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        long retained = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        double seconds = nanos / 1e9;
        double sizeMib = size / MIB;
        out("JSON Lines floor: Jackson tokens, every string kept");
        out("  file             %s", file);
        out("  size             %.1f MiB (%d bytes)", sizeMib, size);
        out("  strings kept     %d", strings);
        out("  parsing threads  %d", threads);
        out("  wall time        %.2f s (one cold run, no warm-up)", seconds);
        out("  throughput       %.1f MiB/s", sizeMib / seconds);
        out("  retained heap    %.1f MiB (after System.gc(), strings still held)", retained / MIB);
        out("  gc               %d collections, %.2f s during the read", gcAfter[0] - gcBefore[0],
                (gcAfter[1] - gcBefore[1]) / 1000.0);
        out("RESULT size_mib=%.1f seconds=%.2f mib_per_s=%.1f retained_heap_mib=%.1f strings=%d threads=%d",
                sizeMib, seconds, sizeMib / seconds, retained / MIB, strings, threads);
        Reference.reachabilityFence(kept);
    }

    /** Every string value of every line, a list per block of lines, in file order. */
    private static List<List<String>> read(Path file, int threads) throws Exception {
        JsonFactory factory = new JsonFactory();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<List<String>>> blocks = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] carry = new byte[0];
            byte[] buffer = new byte[BLOCK];
            int n;
            while ((n = in.readNBytes(buffer, 0, BLOCK)) > 0) {
                byte[] joined = new byte[carry.length + n];
                System.arraycopy(carry, 0, joined, 0, carry.length);
                System.arraycopy(buffer, 0, joined, carry.length, n);
                int end = lastNewline(joined) + 1;
                carry = Arrays.copyOfRange(joined, end, joined.length);
                byte[] block = end == joined.length ? joined : Arrays.copyOf(joined, end);
                blocks.add(pool.submit(() -> strings(factory, block)));
            }
            if (carry.length > 0) {
                byte[] last = carry;
                blocks.add(pool.submit(() -> strings(factory, last)));
            }
            List<List<String>> kept = new ArrayList<>(blocks.size());
            for (Future<List<String>> block : blocks) {
                kept.add(block.get());
            }
            return kept;
        } finally {
            pool.shutdownNow();
        }
    }

    private static int lastNewline(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** The string values of a block's lines; a line that does not parse keeps what was read of it. */
    private static List<String> strings(JsonFactory factory, byte[] block) throws IOException {
        List<String> kept = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= block.length; i++) {
            if (i == block.length || block[i] == '\n') {
                if (i > start) {
                    try (JsonParser p = factory.createParser(block, start, i - start)) {
                        JsonToken t;
                        while ((t = p.nextToken()) != null) {
                            if (t == JsonToken.VALUE_STRING) {
                                kept.add(p.getText());
                            }
                        }
                    } catch (IOException e) {
                        // Not JSON: the import keeps such a line as malformed; the floor just goes on.
                    }
                }
                start = i + 1;
            }
        }
        return kept;
    }

    private static void out(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }
}
