package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link WorkspaceStoreTest} on an SQLite workspace. */
class SqliteWorkspaceStoreTest extends WorkspaceStoreTest {

    @Override
    TestWorkspace workspace(Path dir) {
        return TestWorkspace.sqlite(dir.resolve("ws.db"));
    }

    @Override
    Optional<String> author() {
        return Optional.empty();
    }

    @Test
    void opensInWalMode() throws Exception {
        try (WorkspaceStore store = workspace().open()) {
            store.record(TestTraces.AFTER, TestTraces.read(TestTraces.AFTER), Optional.empty());
        }
        try (Connection c = WorkspaceFiles.connect(dir.resolve("ws.db"), true); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
            assertEquals("wal", rs.getString(1));
        }
    }
}
