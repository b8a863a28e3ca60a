package dev.tracedeck.workspace;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies everything one workspace holds into another, empty one, of either kind: an SQLite file into a database shared
 * on PostgreSQL, and back. Runs, findings, marks, notes, bookmarks, named baselines and the search index go row by row, with their ids,
 * in one transaction of the target: a copy cut short (a full disk, a server gone) leaves the target as it was. What
 * only a shared workspace keeps — each mark's history and who opened each run — does not fit in a file: a copy back
 * takes the current marks alone, and says so ({@link Summary#historyLeft()}).
 */
public final class WorkspaceCopy {

    private static final int BATCH = 1_000;
    private static final String TRACE_COLUMNS = "id, path, size, modified_millis, sha256, format, records, threads, other_records, "
            + "malformed_records, errors, warnings, validated_at, first_opened, last_opened, indexed_sha256, index_chars";

    private WorkspaceCopy() {
    }

    /**
     * What was copied: rows per kind, and how many changes of marks a copy into a file left behind (only the last of
     * each fingerprint's survives there).
     */
    public record Summary(Map<String, Long> rows, long historyLeft) {
    }

    public static Summary copy(WorkspaceStore from, WorkspaceStore to) throws WorkspaceException {
        if (from.address().equals(to.address())) {
            throw new WorkspaceException(to.address() + ": the workspace to copy into is the one copied from");
        }
        Connection source = from.connection();
        Dialect in = from.dialect();
        Dialect out = to.dialect();
        try {
            // A server's rows come through a cursor, a batch at a time, which needs a transaction.
            in.beginReading(source);
            return copy(from, to, source, in, out);
        } catch (SQLException e) {
            throw from.failure("read it to copy it", e);
        } catch (WorkspaceException e) {
            if (e.getCause() instanceof NotEmpty) {
                throw new WorkspaceException(to.address() + ": holds a workspace already; copy into an empty one (a new file, "
                        + "or a new database)", e);
            }
            throw e;
        } finally {
            try {
                in.endReading(source);
            } catch (SQLException e) {
                // the copy's own outcome is the one to report
            }
        }
    }

    private static Summary copy(WorkspaceStore from, WorkspaceStore to, Connection source, Dialect in, Dialect out)
            throws WorkspaceException {
        return to.write("copy " + from.address() + " into it", target -> {
            long held = count(target, "SELECT (SELECT count(*) FROM traces) + (SELECT count(*) FROM triage) "
                    + "+ (SELECT count(*) FROM notes) + (SELECT count(*) FROM bookmarks) + (SELECT count(*) FROM baselines)");
            if (held > 0) {
                throw new NotEmpty();
            }
            Map<String, Long> rows = new LinkedHashMap<>();
            rows.put("runs", rows(source, "SELECT " + TRACE_COLUMNS + " FROM traces ORDER BY id", target,
                    "INSERT INTO traces (" + TRACE_COLUMNS + ") VALUES (" + marks(17) + ")", out));
            rows(source, "SELECT trace_id, rule, errors, warnings, infos FROM rule_counts", target,
                    "INSERT INTO rule_counts (trace_id, rule, errors, warnings, infos) VALUES (?, ?, ?, ?, ?)", out);
            rows.put("findings", rows(source, "SELECT trace_id, fingerprint, rule, severity, thread, msg_idx, line, message FROM findings",
                    target, "INSERT INTO findings (trace_id, fingerprint, rule, severity, thread, msg_idx, line, message) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", out));
            long historyLeft = 0;
            if (in.recordsAuthors() && out.recordsAuthors()) {
                rows.put("triage changes", rows(source, "SELECT fingerprint, status, note, marked_at, author FROM triage_history ORDER BY id",
                        target, "INSERT INTO triage_history (fingerprint, status, note, marked_at, author) VALUES (?, ?, ?, ?, ?)", out));
                rows(source, "SELECT trace_id, author, first_opened, last_opened FROM trace_opens", target,
                        "INSERT INTO trace_opens (trace_id, author, first_opened, last_opened) VALUES (?, ?, ?, ?)", out);
            } else if (out.recordsAuthors()) {
                rows.put("triage marks", rows(source, "SELECT fingerprint, status, note, marked_at FROM triage ORDER BY fingerprint",
                        target, "INSERT INTO triage_history (fingerprint, status, note, marked_at) VALUES (?, ?, ?, ?)", out));
            } else {
                rows.put("triage marks", rows(source, "SELECT fingerprint, status, note, marked_at FROM triage ORDER BY fingerprint",
                        target, "INSERT INTO triage (fingerprint, status, note, marked_at) VALUES (?, ?, ?, ?)", out));
                if (in.recordsAuthors()) {
                    historyLeft = count(source, "SELECT count(*) FROM triage_history") - rows.get("triage marks");
                }
            }
            String noteColumns = "id, trace_sha256, seq, text, created_at" + (in.recordsAuthors() && out.recordsAuthors() ? ", author" : "");
            rows.put("notes", rows(source, "SELECT " + noteColumns + " FROM notes ORDER BY id", target,
                    "INSERT INTO notes (" + noteColumns + ") VALUES (" + marks(noteColumns.split(",").length) + ")", out));
            rows.put("bookmarks", rows(source, "SELECT trace_sha256, seq, label, created_at FROM bookmarks", target,
                    "INSERT INTO bookmarks (trace_sha256, seq, label, created_at) VALUES (?, ?, ?, ?)", out));
            rows.put("baselines", rows(source, "SELECT name, written_at, author, findings, content FROM baselines", target,
                    "INSERT INTO baselines (name, written_at, author, findings, content) VALUES (?, ?, ?, ?, ?)", out));
            rows.put("indexed messages", rows(source, "SELECT id, digest, role FROM search_docs ORDER BY id", target,
                    "INSERT INTO search_docs (id, digest, role) VALUES (?, ?, ?)", out));
            rows(source, in.recordsAuthors() ? "SELECT doc_id, content, tools, args FROM search_text"
                    : "SELECT rowid, content, tools, args FROM search_fts", target, out.insertText(), out);
            rows(source, "SELECT trace_id, doc_id, thread, seq, line FROM search_hits", target,
                    "INSERT INTO search_hits (trace_id, doc_id, thread, seq, line) VALUES (?, ?, ?, ?, ?)", out);
            out.afterCopy(target);
            return new Summary(rows, historyLeft);
        });
    }

    /** The target holds something already. */
    private static final class NotEmpty extends SQLException {
        private static final long serialVersionUID = 1L;
    }

    private static long rows(Connection source, String select, Connection target, String insert, Dialect out) throws SQLException {
        try (Statement s = source.createStatement()) {
            s.setFetchSize(BATCH);
            return rows(s, select, target, insert, out);
        }
    }

    private static long rows(Statement s, String select, Connection target, String insert, Dialect out) throws SQLException {
        long copied = 0;
        try (ResultSet rs = s.executeQuery(select); PreparedStatement into = target.prepareStatement(insert)) {
            int columns = rs.getMetaData().getColumnCount();
            int pending = 0;
            while (rs.next()) {
                for (int i = 1; i <= columns; i++) {
                    Object value = rs.getObject(i);
                    into.setObject(i, value instanceof String text ? out.text(text) : value);
                }
                into.addBatch();
                copied++;
                if (++pending == BATCH) {
                    into.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                into.executeBatch();
            }
        }
        return copied;
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String marks(int n) {
        List<String> marks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            marks.add("?");
        }
        return String.join(", ", marks);
    }
}
