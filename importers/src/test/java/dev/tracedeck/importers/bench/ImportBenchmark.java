package dev.tracedeck.importers.bench;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.management.ObjectName;

/**
 * Imports one file the way the app does ({@code Importers.standard().read(ImportSource.of(path), listener)})
 * and reports how long it took and how much heap it needed.
 *
 * <pre>java -Xmx…m -cp … dev.tracedeck.importers.bench.ImportBenchmark FILE</pre>
 *
 * <ul>
 *   <li><b>One measured run, cold by default.</b> A user opens a log once in a fresh JVM, so the cold figure is
 *       the honest one; {@code -Dbench.warmup=true} first imports the file once unmeasured (dropping that trace
 *       and collecting before the measured run) to show the JIT-warm throughput.</li>
 *   <li><b>Peak heap</b>: the sum of the peak usage of every heap memory pool, with the peaks reset just before
 *       the import. Pools peak at different moments, so the sum is an upper bound of the real peak; it includes
 *       garbage the collector had not yet reclaimed, which is why the script also runs with {@code -Xmx} equal to
 *       the file size: finishing at all proves the import fits in that much heap.</li>
 *   <li><b>Retained heap</b>: heap in use after {@code System.gc()} while the {@link Trace} is still held, i.e.
 *       what the open trace costs, baseline included.</li>
 * </ul>
 * The last line ({@code RESULT …}) repeats the figures as {@code key=value} pairs for scripts.
 * {@code -Dbench.histogram=N} also prints the N classes that hold the most of the retained heap (the JVM's
 * {@code GC.class_histogram}), to see where an import's memory goes.
 */
public final class ImportBenchmark {

    private static final double MIB = 1024.0 * 1024.0;

    private ImportBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: ImportBenchmark FILE   (-Dbench.warmup=true for one unmeasured import first)");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        long size = Files.size(file);
        boolean warmup = Boolean.getBoolean("bench.warmup");

        if (warmup) {
            long t0 = System.nanoTime();
            Trace first = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "warm-up import: %d events in %.2f s (not measured)%n", first.events().size(), s);
            first = null;
        }

        collect();
        long baseline = usedHeap();
        long[] gcBefore = gcTotals();
        resetPeaks();

        long start = System.nanoTime();
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        long nanos = System.nanoTime() - start;

        long peak = peakHeap();
        long[] gcAfter = gcTotals();
        collect();
        long retained = usedHeap();

        ImportReport report = trace.report();
        double seconds = nanos / 1e9;
        double sizeMib = size / MIB;
        long xmx = xmxBytes();
        PrintfOut o = new PrintfOut();
        o.line("Tracedeck import benchmark");
        o.line("  file             %s", file);
        o.line("  size             %.1f MiB (%d bytes)", sizeMib, size);
        o.line("  format           %s", trace.format());
        o.line("  lines            %d", report.lines());
        o.line("  records          %d (other %d, malformed %d)", report.records(), report.otherRecords(), report.malformedRecords());
        o.line("  events           %d", trace.events().size());
        o.line("  threads          %d", trace.threads().size());
        o.line("  wall time        %.2f s (%s)", seconds, warmup ? "after one warm-up import" : "one cold run, no warm-up");
        o.line("  throughput       %.1f MiB/s", sizeMib / seconds);
        o.line("  peak heap        %.1f MiB (sum of heap pool peaks during the import; an upper bound)", peak / MIB);
        o.line("  retained heap    %.1f MiB (after System.gc(), Trace still held; baseline %.1f MiB before import)",
                retained / MIB, baseline / MIB);
        o.line("  peak <= size     %s (peak/size = %.2f)", peak <= size ? "yes" : "NO", peak / (double) size);
        o.line("  gc               %s: %d collections, %.2f s during the import", gcNames(), gcAfter[0] - gcBefore[0],
                (gcAfter[1] - gcBefore[1]) / 1000.0);
        o.line("  -Xmx             %s (Runtime.maxMemory %.1f MiB)", xmx > 0 ? (xmx / (1024 * 1024)) + "m" : "not set (JVM default)",
                Runtime.getRuntime().maxMemory() / MIB);
        o.line("  java             %s (%s %s)", System.getProperty("java.version"), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"));
        o.line("  processors       %d (Runtime.availableProcessors)", Runtime.getRuntime().availableProcessors());
        o.line("RESULT size_mib=%.1f seconds=%.2f mib_per_s=%.1f peak_heap_mib=%.1f retained_heap_mib=%.1f events=%d records=%d"
                        + " lines=%d xmx_mib=%d processors=%d warmup=%s",
                sizeMib, seconds, sizeMib / seconds, peak / MIB, retained / MIB, trace.events().size(), report.records(),
                report.lines(), xmx / (1024 * 1024), Runtime.getRuntime().availableProcessors(), warmup);
        int histogram = Integer.getInteger("bench.histogram", 0);
        if (histogram > 0) {
            printHistogram(histogram);
        }
        Reference.reachabilityFence(trace);
    }

    /** The top {@code rows} lines of the JVM's class histogram of live objects (forces a full GC). */
    private static void printHistogram(int rows) throws Exception {
        Object out = ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
        String[] lines = String.valueOf(out).split("\n");
        System.out.println("retained heap by class (GC.class_histogram, top " + rows + "):");
        for (int i = 0; i < Math.min(lines.length, rows + 2); i++) {
            System.out.println("  " + lines[i]);
        }
    }

    private static final class PrintfOut {
        void line(String format, Object... args) {
            System.out.println(String.format(Locale.ROOT, format, args));
        }
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).toList();
    }

    private static void resetPeaks() {
        heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    private static long peakHeap() {
        return heapPools().stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    private static long usedHeap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static void collect() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
    }

    /** {collections, milliseconds} summed over all collectors. */
    static long[] gcTotals() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    private static String gcNames() {
        return String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList());
    }

    /** The -Xmx the JVM was started with, in bytes, or -1. */
    private static long xmxBytes() {
        long found = -1;
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-Xmx")) {
                found = parseSize(arg.substring(4));
            } else if (arg.startsWith("-XX:MaxHeapSize=")) {
                found = parseSize(arg.substring("-XX:MaxHeapSize=".length()));
            }
        }
        return found;
    }

    private static long parseSize(String s) {
        char unit = Character.toLowerCase(s.charAt(s.length() - 1));
        long mult = switch (unit) {
            case 'k' -> 1024L;
            case 'm' -> 1024L * 1024;
            case 'g' -> 1024L * 1024 * 1024;
            case 't' -> 1024L * 1024 * 1024 * 1024;
            default -> 1L;
        };
        String digits = Character.isDigit(unit) ? s : s.substring(0, s.length() - 1);
        return Long.parseLong(digits) * mult;
    }
}
