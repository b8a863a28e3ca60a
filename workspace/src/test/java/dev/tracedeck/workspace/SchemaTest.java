package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaTest {

    @TempDir
    Path dir;

    /** Every earlier version: a file made by the first N migrations, with data in it, opens at the current one. */
    @Test
    void migratesAWorkspaceFromEveryEarlierVersionKeepingItsData() throws Exception {
        for (int version = 1; version < Schema.CURRENT; version++) {
            Path ws = dir.resolve("v" + version + ".db");
            try (Connection c = WorkspaceFiles.connect(ws, false); Statement s = c.createStatement()) {
                Schema.migrate(c, version);
                assertEquals(version, Schema.version(c));
                s.execute("""
                        INSERT INTO traces (path, size, modified_millis, sha256, format, records, threads, other_records,
                          malformed_records, errors, warnings, first_opened, last_opened)
                        VALUES ('/gone/run.log', 10, 1, 'abc', 'mycelian-log', 5, 2, 0, 0, 3, 1,
                          '2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z')""");
                s.execute("INSERT INTO rule_counts VALUES (1, 'duplicate-add-entry', 3, 0, 0)");
                s.execute("INSERT INTO triage VALUES ('f1', 'accepted', 'old news', '2025-01-03T00:00:00Z')");
                s.execute("INSERT INTO notes (trace_sha256, seq, text, created_at) VALUES ('abc', 4, 'look', '2025-01-03T00:00:00Z')");
                s.execute("INSERT INTO bookmarks VALUES ('abc', 9, 'here', '2025-01-03T00:00:00Z')");
            }
            try (WorkspaceStore store = WorkspaceStore.open(ws, TestTraces.CLOCK)) {
                RunRecord old = store.runs().get(0);
                assertEquals("/gone/run.log", old.file().path());
                assertEquals(3, old.errors().getAsLong());
                assertEquals(3, old.ruleCounts().get("duplicate-add-entry").errors());
                assertEquals(FileStatus.MISSING, old.status());
                assertFalse(old.indexed(), "traces recorded before the index existed are not indexed yet");
                assertEquals(java.util.Set.of("f1"), store.silencedFingerprints());
                assertEquals("look", store.annotations().notes("abc").get(0).text());
                assertEquals("here", store.annotations().bookmarks("abc").get(0).label());
                // The index works on the migrated file.
                Trace trace = TestTraces.read(TestTraces.AFTER);
                store.record(TestTraces.AFTER, trace, Optional.empty());
                store.complete(TestTraces.AFTER, trace);
                assertFalse(store.search("add_entry", 5).isEmpty());
            }
            try (Connection c = WorkspaceFiles.connect(ws, true)) {
                assertEquals(Schema.CURRENT, Schema.version(c));
                assertEquals(Schema.APPLICATION_ID, Schema.applicationId(c));
                assertEquals("ok", integrity(c));
            }
        }
    }

    @Test
    void createsTheWorkspaceAndItsDirectoryOnFirstUseAndAcceptsAnEmptyFile() throws Exception {
        Path nested = dir.resolve("a/b/workspace.db");
        WorkspaceStore.open(nested, TestTraces.CLOCK).close();
        assertTrue(Files.size(nested) > 0);
        Path empty = Files.createFile(dir.resolve("empty.db"));
        WorkspaceStore.open(empty, TestTraces.CLOCK).close();
        try (Connection c = WorkspaceFiles.connect(empty, true)) {
            assertEquals(Schema.CURRENT, Schema.version(c));
        }
    }

    @Test
    void refusesATextFileInOneLineAndLeavesItsBytesAlone() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "not a database at all\n");
        assertRefusedUnchanged(notes, "not a Tracedeck workspace (not an SQLite database)");
    }

    @Test
    void refusesAnotherApplicationsDatabaseAndLeavesItsBytesAlone() throws Exception {
        Path other = dir.resolve("other.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + other); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE contacts (name TEXT)");
            s.execute("INSERT INTO contacts VALUES ('ada')");
        }
        assertRefusedUnchanged(other, "not a Tracedeck workspace (an SQLite database of another application)");
    }

    @Test
    void refusesAWorkspaceFromANewerTracedeckAndLeavesItsBytesAlone() throws Exception {
        Path newer = dir.resolve("newer.db");
        WorkspaceStore.open(newer, TestTraces.CLOCK).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + newer); Statement s = c.createStatement()) {
            s.execute("PRAGMA user_version = " + (Schema.CURRENT + 1));
            s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
        }
        assertRefusedUnchanged(newer, "workspace version " + (Schema.CURRENT + 1) + " is newer than this Tracedeck reads");
    }

    private static void assertRefusedUnchanged(Path file, String reason) throws Exception {
        byte[] before = Files.readAllBytes(file);
        WorkspaceException e = assertThrows(WorkspaceException.class, () -> WorkspaceStore.open(file, TestTraces.CLOCK));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(reason), e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(file), "the file is never modified");
    }

    static String integrity(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
            return rs.getString(1);
        }
    }
}
