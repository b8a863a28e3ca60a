package dev.tracedeck.workspace;

import dev.tracedeck.model.trace.Trace;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The load measurement of scripts/workspace-load.sh: PROCESSES writer processes (each its own JVM, pool and author)
 * record and index RUNS runs between them into one workspace — a fresh database on a PostgreSQL server this process
 * starts ({@link TestPostgres}, loopback only), or an SQLite file — then the searches' latency is measured on the
 * whole. Every loop is bounded by its count and by a time limit, and the server stops with this process.
 *
 * <pre>SharedWorkspaceLoad postgresql|sqlite PROCESSES RUNS MESSAGES_PER_RUN DIRECTORY</pre>
 * <pre>SharedWorkspaceLoad writer ADDRESS FIRST COUNT MESSAGES_PER_RUN DIRECTORY</pre>
 */
public final class SharedWorkspaceLoad {

    private static final long LIMIT_SECONDS = 3_600;
    private static final List<String> QUERIES = List.of("zebra", "\"w42x42\"", "numb*", "content:message AND w3*", "zebra NOT w1x1");

    private SharedWorkspaceLoad() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("writer")) {
            write(WorkspaceAddress.parse(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]), Path.of(args[5]));
            return;
        }
        int processes = Integer.parseInt(args[1]);
        int runs = Integer.parseInt(args[2]);
        int messages = Integer.parseInt(args[3]);
        Path dir = Files.createDirectories(Path.of(args[4]));
        WorkspaceAddress address = args[0].equals("postgresql") ? TestPostgres.newDatabase()
                : WorkspaceAddress.file(dir.resolve("load-" + ProcessHandle.current().pid() + ".db"));
        System.out.printf("workspace %s: %d processes record %d runs of %d messages%n", address, processes, runs, messages);
        long start = System.nanoTime();
        List<Process> writers = new ArrayList<>();
        String classPath = System.getProperty("java.class.path");
        for (int p = 0; p < processes; p++) {
            int first = runs * p / processes;
            int count = runs * (p + 1) / processes - first;
            ProcessBuilder b = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                    "-cp", classPath, "-Dorg.postgresql.pgpassfile=" + System.getProperty("org.postgresql.pgpassfile", ""),
                    SharedWorkspaceLoad.class.getName(), "writer", address.isServer() ? address.toString() : address.filePath().toString(),
                    Integer.toString(first), Integer.toString(count), Integer.toString(messages), dir.toString());
            b.environment().put(Author.VARIABLE, "load" + p);
            b.redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            writers.add(b.start());
        }
        for (Process w : writers) {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(w.getInputStream(), StandardCharsets.UTF_8))) {
                out.lines().forEach(l -> System.out.println("  " + l));
            }
            if (!w.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS) || w.exitValue() != 0) {
                writers.forEach(Process::destroyForcibly);
                throw new IllegalStateException("a writer failed or ran out of time");
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        try (WorkspaceStore store = address.isServer() ? WorkspaceStore.openServer(address, Clock.systemUTC(), "load")
                : WorkspaceStore.open(address.filePath(), Clock.systemUTC())) {
            int recorded = store.runs().size();
            System.out.printf("recorded and indexed %d runs in %.1f s: %.1f runs/s (JVM starts included)%n", recorded, seconds,
                    recorded / seconds);
            for (String query : QUERIES) {
                long[] nanos = new long[7];
                int hits = 0;
                for (int i = 0; i < nanos.length; i++) {
                    long t = System.nanoTime();
                    hits = store.search(query, 200).size();
                    nanos[i] = System.nanoTime() - t;
                }
                Arrays.sort(nanos);
                System.out.printf("search %-26s %3d hits: median %.1f ms, min %.1f ms, max %.1f ms (7 rounds)%n", query, hits,
                        nanos[nanos.length / 2] / 1e6, nanos[0] / 1e6, nanos[nanos.length - 1] / 1e6);
            }
        }
    }

    /** One writer: COUNT runs from FIRST, each recorded then hashed and indexed, as a command and a search would. */
    private static void write(WorkspaceAddress address, int first, int count, int messages, Path dir) throws Exception {
        long start = System.nanoTime();
        try (WorkspaceStore store = WorkspaceStore.open(address, Clock.systemUTC())) {
            for (int i = first; i < first + count; i++) {
                Path file = Files.writeString(dir.resolve("run-" + i + ".log"), "run " + i);
                Trace trace = TestTraces.synthetic(file.toString(), messages, "w" + (i % 100) + "x" + i);
                store.record(file, trace, Optional.empty());
                store.complete(file, trace);
            }
        }
        System.out.printf("%s: %d runs in %.1f s%n", Author.current(), count, (System.nanoTime() - start) / 1e9);
    }
}
