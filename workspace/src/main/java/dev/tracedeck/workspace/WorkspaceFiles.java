package dev.tracedeck.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import org.sqlite.SQLiteConfig;

/**
 * Opening the file: connections with the workspace's settings, and the check that runs before anything is
 * written — a file that is not a Tracedeck workspace, or one from a newer Tracedeck, is refused and never
 * modified (it is read with a read-only connection, or not opened by SQLite at all when it is no database).
 */
final class WorkspaceFiles {

    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    /** How long a write waits for another process's transaction to end before giving up. */
    static final int BUSY_TIMEOUT_MILLIS = 15_000;

    private WorkspaceFiles() {
    }

    /**
     * Refuses {@code file} unless it is absent, empty, an empty SQLite database (one whose creation was cut short)
     * or a Tracedeck workspace of this version or an earlier one.
     */
    static void checkBeforeOpening(Path file) throws WorkspaceException {
        if (!Files.exists(file)) {
            return;
        }
        if (!Files.isRegularFile(file)) {
            throw new WorkspaceException(file + ": not a Tracedeck workspace (not a regular file)");
        }
        byte[] head = new byte[SQLITE_MAGIC.length];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new WorkspaceException(file + ": cannot read the workspace (" + e.getMessage() + ")", e);
        }
        if (read == 0) {
            return;
        }
        if (read < head.length || !Arrays.equals(head, SQLITE_MAGIC)) {
            throw new WorkspaceException(file + ": not a Tracedeck workspace (not an SQLite database)");
        }
        // The header on disk may lag behind a WAL not yet checkpointed, so ask SQLite, read-only.
        int applicationId;
        int version;
        int tables;
        try (Connection c = connect(file, true)) {
            applicationId = Schema.applicationId(c);
            version = Schema.version(c);
            tables = Schema.tableCount(c);
        } catch (SQLException e) {
            throw new WorkspaceException(file + ": not a Tracedeck workspace (" + oneLine(e) + ")", e);
        }
        if (applicationId == 0 && version == 0 && tables == 0) {
            return;
        }
        if (applicationId != Schema.APPLICATION_ID) {
            throw new WorkspaceException(file + ": not a Tracedeck workspace (an SQLite database of another application)");
        }
        if (version > Schema.CURRENT) {
            throw new WorkspaceException(file + ": workspace version " + version + " is newer than this Tracedeck reads ("
                    + Schema.CURRENT + "); use a newer Tracedeck or another --workspace");
        }
    }

    /** A connection in WAL mode with a busy timeout, foreign keys on and IMMEDIATE transactions; or read-only. */
    static Connection connect(Path file, boolean readOnly) throws SQLException {
        NativeLibrary.prepare();
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        if (readOnly) {
            config.setReadOnly(true);
            if (!writable(file)) {
                // A workspace in WAL mode is read through its -shm file, which a read-only directory or mount can't
                // hold: SQLite then refuses to open it at all. Nothing here can write it, so it is read as immutable.
                config.setOpenMode(org.sqlite.SQLiteOpenMode.OPEN_URI);
                return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath().toUri() + "?mode=ro&immutable=1",
                        config.toProperties());
            }
        } else {
            config.setJournalMode(SQLiteConfig.JournalMode.WAL);
            // In WAL mode NORMAL survives a crash of the process (kill -9): a committed transaction is in the WAL
            // file; only a power loss can take back the last transactions, never corrupt the file.
            config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
            config.enforceForeignKeys(true);
            config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        }
        return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), config.toProperties());
    }

    /** Whether {@code file} and its directory (where SQLite puts the -wal and -shm files) can be written. */
    static boolean writable(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return Files.isWritable(file) && (parent == null || Files.isWritable(parent));
    }

    static String oneLine(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce((a, b) -> a + " " + b).orElse(message);
    }
}
