package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process killed with SIGKILL in the middle of a write loses that write and nothing else; two writers at once
 * never corrupt the file. The writer is a child JVM ({@link WorkspaceWriter}) killed while it writes.
 */
class CrashSafetyTest {

    @TempDir
    Path dir;

    @Test
    @DisabledOnOs(OS.WINDOWS) // destroyForcibly is SIGKILL on Unix only
    void aKillDuringAnImportLosesThatImportAlone() throws Exception {
        Path ws = dir.resolve("ws.db");
        int done = killWhileWriting(ws, "import", 3);
        try (Connection c = WorkspaceFiles.connect(ws, false)) {
            assertEquals("ok", SchemaTest.integrity(c));
            long indexed = count(c, "SELECT count(*) FROM traces WHERE indexed_sha256 = sha256");
            // Every finished import is there (the child may finish one more between the signal and its death).
            assertTrue(indexed >= done, indexed + " traces indexed after " + done + " finished imports");
            // The one killed is recorded (its row is written first, in a transaction of its own) or not, and not indexed.
            long traces = count(c, "SELECT count(*) FROM traces");
            assertTrue(traces == indexed || traces == indexed + 1, traces + " traces, " + indexed + " indexed");
            // Every indexed trace is whole: all its messages, none of the one killed.
            assertEquals(indexed * WorkspaceWriter.MESSAGES_PER_TRACE, count(c, "SELECT count(*) FROM search_hits"));
            assertEquals(indexed * WorkspaceWriter.MESSAGES_PER_TRACE, count(c, "SELECT count(*) FROM search_docs"));
        }
        try (WorkspaceStore store = WorkspaceStore.open(ws, Clock.systemUTC())) {
            assertEquals(WorkspaceWriter.MESSAGES_PER_TRACE, store.search("trace0", 100_000).size());
            store.mark("f", TriageStatus.CONFIRMED, "still writable");
        }
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aKillDuringTriageWritesLosesAtMostTheWriteUnderWay() throws Exception {
        Path ws = dir.resolve("ws.db");
        int done = killWhileWriting(ws, "triage", 300);
        try (Connection c = WorkspaceFiles.connect(ws, false)) {
            assertEquals("ok", SchemaTest.integrity(c));
            long marks = count(c, "SELECT count(*) FROM triage");
            // Every finished write is there (the child may get a few more done before the signal lands), none half-written.
            assertTrue(marks >= done, marks + " marks after " + done + " finished writes");
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT fingerprint, note FROM triage ORDER BY fingerprint")) {
                for (int i = 0; i < marks; i++) {
                    assertTrue(rs.next());
                    assertEquals(String.format("%064x", i), rs.getString(1), "no write in the middle is lost");
                    assertEquals("mark " + i, rs.getString(2));
                }
            }
        }
    }

    @Test
    void twoWritersAtOnceBothGetThroughAndTheFileStaysWhole() throws Exception {
        Path ws = dir.resolve("ws.db");
        WorkspaceStore.open(ws, Clock.systemUTC()).close();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                writers.add(pool.submit(() -> {
                    try (WorkspaceStore store = WorkspaceStore.open(ws, Clock.systemUTC())) {
                        for (int i = 0; i < 3; i++) {
                            Path file = java.nio.file.Files.writeString(dir.resolve("w" + writer + "-" + i + ".log"), "w" + writer + i);
                            dev.tracedeck.model.trace.Trace trace = TestTraces.synthetic(file.toString(), 2_000, "w" + writer + "t" + i);
                            store.record(file, trace, Optional.empty());
                            store.complete(file, trace);
                            for (int m = 0; m < 20; m++) {
                                store.mark("w" + writer + "-" + i + "-" + m, TriageStatus.CONFIRMED, "");
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : writers) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = WorkspaceFiles.connect(ws, true)) {
            assertEquals("ok", SchemaTest.integrity(c));
            assertEquals(6, count(c, "SELECT count(*) FROM traces"));
            assertEquals(120, count(c, "SELECT count(*) FROM triage"));
            assertEquals(6 * 2_000, count(c, "SELECT count(*) FROM search_hits"));
        }
    }

    /** Starts the writer, kills it (SIGKILL) as soon as it begins write number {@code killAt}; the writes it finished. */
    private int killWhileWriting(Path ws, String mode, int killAt) throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, WorkspaceWriter.class.getName(), ws.toString(), mode);
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.redirectInput(ProcessBuilder.Redirect.from(new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null")));
        Process child = builder.start();
        int done = 0;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("done ")) {
                    done = Integer.parseInt(line.substring(5)) + 1;
                } else if (line.equals("begin " + killAt)) {
                    if (mode.equals("import")) {
                        awaitWalWrite(ws);
                    }
                    child.destroyForcibly();
                    break;
                }
            }
        } finally {
            child.destroyForcibly();
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the writer did not die");
        }
        assertEquals(killAt, done, "the writer had finished the writes before the one under way");
        assertTrue(child.exitValue() != 0, "killed, not ended");
        return done;
    }

    /**
     * Waits until the write under way reaches the WAL file: an import's transaction is far bigger than SQLite's page
     * cache, so its pages spill to the WAL long before it commits. The kill then lands inside the transaction.
     */
    private static void awaitWalWrite(Path ws) throws Exception {
        Path wal = ws.resolveSibling(ws.getFileName() + "-wal");
        String before = walState(wal);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (walState(wal).equals(before) && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }

    private static String walState(Path wal) throws Exception {
        return java.nio.file.Files.exists(wal)
                ? java.nio.file.Files.size(wal) + "@" + java.nio.file.Files.getLastModifiedTime(wal) : "none";
    }

    private static long count(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.getLong(1);
        }
    }

}
