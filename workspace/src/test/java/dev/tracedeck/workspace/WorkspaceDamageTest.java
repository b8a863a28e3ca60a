package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** A workspace damaged in the middle, and a disk that fills up: each refused in one line that names the file. */
class WorkspaceDamageTest {

    private static final int PAGE = 4096;

    @TempDir
    Path dir;

    @Test
    void aWorkspaceWithGarbageInAPageInTheMiddleIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path ws = dir.resolve("ws.db");
        try (WorkspaceStore store = WorkspaceStore.open(ws, TestTraces.CLOCK)) {
            for (int i = 0; i < 4; i++) {
                Path file = Files.copy(TestTraces.BEFORE, dir.resolve("run-" + i + ".log"));
                Trace trace = TestTraces.read(file);
                store.record(file, trace, Optional.of(TestTraces.validate(trace)));
                store.complete(file, trace);
            }
        }
        long pages = Files.size(ws) / PAGE;
        assertTrue(pages > 20, "a workspace of many pages: " + pages);
        byte[] before = Files.readAllBytes(ws);
        // Garbage over a few pages in the middle, never the header page: the file still opens as a workspace.
        byte[] garbage = new byte[3 * PAGE];
        new Random(7).nextBytes(garbage);
        try (FileChannel ch = FileChannel.open(ws, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(garbage), pages / 2 * PAGE);
        }
        byte[] damaged = Files.readAllBytes(ws);

        Path another = Files.copy(TestTraces.AFTER, dir.resolve("another.log"));
        Trace trace = TestTraces.read(another);
        WorkspaceException refused = assertThrows(WorkspaceException.class, () -> {
            try (WorkspaceStore store = WorkspaceStore.open(ws, TestTraces.CLOCK)) {
                store.record(another, trace, Optional.of(TestTraces.validate(trace)));
            }
        });
        assertTrue(refused.getMessage().startsWith(ws + ": the workspace is damaged ("), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("move it aside to start a new one, or put back a copy"), refused.getMessage());
        assertEquals(1, refused.getMessage().lines().count());
        assertTrue(java.util.Arrays.equals(damaged, Files.readAllBytes(ws)), "nothing was written into it");
        assertFalse(java.util.Arrays.equals(before, damaged));
    }

    @Test
    void aFullDiskSaysSoNamingTheWorkspace() throws Exception {
        Path ws = dir.resolve("ws.db");
        Trace trace = TestTraces.synthetic("big.log", 3_000, "full");
        Path file = Files.writeString(dir.resolve("big.log"), "stand-in for the trace's file\n");
        try (WorkspaceStore store = WorkspaceStore.open(ws, TestTraces.CLOCK)) {
            store.record(file, trace, Optional.empty());
            // SQLite's own SQLITE_FULL, as a full disk gives it: the file may not grow past the pages it has.
            store.write("cap the file", c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA max_page_count = " + pageCount(s));
                }
                return null;
            });
            WorkspaceException full = assertThrows(WorkspaceException.class, () -> store.complete(file, trace));
            assertTrue(full.getMessage().startsWith(ws + ": cannot index " + FileIdentity.key(file) + " (the disk is full: "),
                    full.getMessage());
            assertFalse(full.getMessage().contains("not a Tracedeck workspace"), full.getMessage());
        }
    }

    @Test
    void theReasonOfAFailureIsChosenByWhatSqliteSaid() {
        assertTrue(WorkspaceFiles.reason(new SQLiteException("[SQLITE_FULL] Insertion failed because database is full "
                + "(database or disk is full)", SQLiteErrorCode.SQLITE_FULL)).startsWith("the disk is full: "));
        assertTrue(WorkspaceFiles.reason(new SQLiteException("[SQLITE_IOERR_WRITE] disk I/O error",
                SQLiteErrorCode.SQLITE_IOERR_WRITE)).startsWith("a read or write of the file failed: "));
        assertTrue(WorkspaceFiles.reason(new SQLException("opening the -shm file",
                new IOException("No space left on device"))).startsWith("the disk is full: "));
        assertTrue(WorkspaceFiles.reason(new SQLiteException("[SQLITE_CORRUPT] database disk image is malformed",
                SQLiteErrorCode.SQLITE_CORRUPT)).startsWith("the file is damaged: "));
        assertEquals("[SQLITE_ERROR] no such table: x", WorkspaceFiles.reason(new SQLiteException("[SQLITE_ERROR] no such table: x",
                SQLiteErrorCode.SQLITE_ERROR)));
    }

    @Test
    void aFullDiskWhileCheckingTheFileIsNotCalledAnotherKindOfFile() {
        Path ws = dir.resolve("ws.db");
        assertEquals(ws + ": cannot open the workspace (the disk is full: [SQLITE_FULL] database or disk is full)",
                WorkspaceFiles.unreadable(ws, new SQLiteException("[SQLITE_FULL] database or disk is full",
                        SQLiteErrorCode.SQLITE_FULL)).getMessage());
        assertEquals(ws + ": cannot open the workspace (a read or write of the file failed: [SQLITE_IOERR_SHMOPEN] x)",
                WorkspaceFiles.unreadable(ws, new SQLiteException("[SQLITE_IOERR_SHMOPEN] x",
                        SQLiteErrorCode.SQLITE_IOERR_SHMOPEN)).getMessage());
        assertEquals(ws + ": not a Tracedeck workspace ([SQLITE_NOTADB] file is not a database)",
                WorkspaceFiles.unreadable(ws, new SQLiteException("[SQLITE_NOTADB] file is not a database",
                        SQLiteErrorCode.SQLITE_NOTADB)).getMessage());
    }

    private static long pageCount(Statement s) throws SQLException {
        try (var rs = s.executeQuery("PRAGMA page_count")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
