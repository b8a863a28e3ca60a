package dev.tracedeck.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;

/**
 * Opening the file: connections with the workspace's settings, and the check that runs before anything is
 * written — a file that is not a Tracedeck workspace, or one from a newer Tracedeck, is refused and never
 * modified (it is read with a read-only connection, or not opened by SQLite at all when it is no database).
 */
final class WorkspaceFiles {

    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    /**
     * The files this process found intact, by path and file key: the check reads every page (seconds on a workspace of
     * thousands of runs, see docs/performance.md), so it runs once per process and version of the file (its
     * size and time), not at every open.
     */
    private static final Set<List<Object>> INTACT = ConcurrentHashMap.newKeySet();
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
            throw unreadable(file, e);
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

    /**
     * Why the header of an SQLite file could not be read: it is no database only when SQLite says so; a full disk (its
     * -shm file can't be made), a failed read or a damaged file is said as such.
     */
    static WorkspaceException unreadable(Path file, SQLException e) {
        if (primaryCode(e) == SQLiteErrorCode.SQLITE_NOTADB.code) {
            return new WorkspaceException(file + ": not a Tracedeck workspace (" + oneLine(e) + ")", e);
        }
        return new WorkspaceException(file + ": cannot open the workspace (" + reason(e) + ")", e);
    }

    /**
     * Refuses a workspace whose pages SQLite finds damaged ({@code PRAGMA quick_check}): a page overwritten in the
     * middle of the file is otherwise found only by the command that happens to read it, and the others would go on
     * writing into a damaged file. Once per process and version of the file (see {@link #INTACT}).
     */
    static void checkIntact(Connection c, Path file) throws WorkspaceException {
        List<Object> key = identity(file);
        if (key != null && INTACT.contains(key)) {
            return;
        }
        String verdict;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA quick_check(1)")) {
            verdict = rs.next() ? rs.getString(1) : "ok";
        } catch (SQLException e) {
            throw damaged(file, reason(e), e);
        }
        if (!"ok".equals(verdict)) {
            throw damaged(file, "quick_check: " + oneLine(new Exception(verdict)), null);
        }
        if (key != null) {
            INTACT.add(key);
        }
    }

    private static WorkspaceException damaged(Path file, String why, Exception cause) {
        return new WorkspaceException(file + ": the workspace is damaged (" + why + "); move it aside to start a new "
                + "one, or put back a copy", cause);
    }

    /**
     * The file's real path, file key (its inode), size and time: a file put in its place, or changed since (written
     * over from outside, or by a checkpoint of this process), is checked again.
     */
    private static List<Object> identity(Path file) {
        try {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(file,
                    java.nio.file.attribute.BasicFileAttributes.class);
            Object key = a.fileKey();
            return List.of(file.toRealPath().toString(), key == null ? "" : key, a.size(), a.lastModifiedTime());
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * What went wrong, in words, for a failure of SQLite: a full disk and a failed read or write say so (the disk, not
     * the file, is what needs room or repair), a damaged file says it is damaged, anything else SQLite's own message.
     */
    static String reason(SQLException e) {
        int code = primaryCode(e);
        if (code == SQLiteErrorCode.SQLITE_FULL.code || mentionsNoSpace(e)) {
            return "the disk is full: " + oneLine(e);
        }
        if (code == SQLiteErrorCode.SQLITE_IOERR.code) {
            return "a read or write of the file failed: " + oneLine(e);
        }
        if (code == SQLiteErrorCode.SQLITE_CORRUPT.code) {
            return "the file is damaged: " + oneLine(e);
        }
        return oneLine(e);
    }

    private static boolean mentionsNoSpace(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains("No space left on device")) {
                return true;
            }
        }
        return false;
    }

    /** SQLite's primary result code of {@code e} (its extended code's low byte), or 0 when it has none. */
    static int primaryCode(SQLException e) {
        if (e instanceof org.sqlite.SQLiteException s) {
            return s.getResultCode().code & 0xff;
        }
        return e.getErrorCode() & 0xff;
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
