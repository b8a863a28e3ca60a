package dev.tracedeck.workspace;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The SQL of a workspace in one SQLite file: FTS5 for the search, one mark per fingerprint, no authors. */
final class SqliteDialect extends Dialect {

    SqliteDialect() {
        super("");
    }

    @Override
    boolean recordsAuthors() {
        return false;
    }

    @Override
    String insertFinding() {
        return """
                INSERT OR IGNORE INTO findings (trace_id, fingerprint, rule, severity, thread, msg_idx, line, message)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""";
    }

    @Override
    String insertHit() {
        return "INSERT OR IGNORE INTO search_hits (trace_id, doc_id, thread, seq, line) VALUES (?, ?, ?, ?, ?)";
    }

    @Override
    String insertDoc() {
        return "INSERT INTO search_docs (digest, role) VALUES (?, ?)";
    }

    @Override
    String insertText() {
        return "INSERT INTO search_fts (rowid, content, tools, args) VALUES (?, ?, ?, ?)";
    }

    @Override
    List<String> dropOrphans() {
        return List.of("""
                DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_docs d
                  WHERE NOT EXISTS (SELECT 1 FROM search_hits h WHERE h.doc_id = d.id))""",
                "DELETE FROM search_docs WHERE NOT EXISTS (SELECT 1 FROM search_hits h WHERE h.doc_id = search_docs.id)");
    }

    @Override
    String insertNote() {
        return "INSERT INTO notes (trace_sha256, seq, text, created_at) VALUES (?, ?, ?, ?)";
    }

    @Override
    String noteAuthor() {
        return "NULL";
    }

    @Override
    String markColumns(String alias) {
        return alias + "fingerprint, " + alias + "status, " + alias + "note, " + alias + "marked_at, NULL";
    }

    /**
     * The hits of traces indexed for the content recorded: a file recorded again with other content keeps its old
     * messages in the index until it is indexed again, and they are not its messages any more.
     */
    @Override
    List<SearchHit> search(Connection c, String query, int limit) throws SQLException {
        List<SearchHit> hits = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("""
                WITH matched AS MATERIALIZED (
                  SELECT rowid AS doc_id, snippet(search_fts, -1, ?, ?, '…', 12) AS snip
                  FROM search_fts WHERE search_fts MATCH ?)
                SELECT t.path, h.thread, h.seq, h.line, m.snip
                FROM matched m JOIN search_hits h ON h.doc_id = m.doc_id
                  JOIN traces t ON t.id = h.trace_id AND t.indexed_sha256 = t.sha256
                ORDER BY t.path, h.seq, h.line
                LIMIT ?""")) {
            s.setString(1, String.valueOf(SearchHit.START));
            s.setString(2, String.valueOf(SearchHit.END));
            s.setString(3, query);
            s.setInt(4, limit);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    hits.add(new SearchHit(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4),
                            rs.getString(5).replaceAll("\\s+", " ").strip()));
                }
            }
        }
        return hits;
    }

    @Override
    Optional<String> queryProblem(SQLException e) {
        return SearchQueryException.problem(e);
    }

    @Override
    void mark(Connection c, TriageMark mark) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO triage (fingerprint, status, note, marked_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (fingerprint) DO UPDATE SET status = excluded.status, note = excluded.note,
                  marked_at = excluded.marked_at""")) {
            s.setString(1, mark.fingerprint());
            s.setString(2, mark.status().id());
            s.setString(3, mark.note());
            s.setString(4, mark.markedAt().toString());
            s.executeUpdate();
        }
    }

    @Override
    boolean unmark(Connection c, String fingerprint, Instant now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM triage WHERE fingerprint = ?")) {
            s.setString(1, fingerprint);
            return s.executeUpdate() > 0;
        }
    }

    /** An SQLite workspace keeps the current mark alone: its one change is the history there is. */
    @Override
    List<TriageChange> history(Connection c, String fingerprint) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT status, note, marked_at FROM triage WHERE fingerprint = ?")) {
            s.setString(1, fingerprint);
            try (ResultSet rs = s.executeQuery()) {
                List<TriageChange> changes = new ArrayList<>();
                while (rs.next()) {
                    changes.add(new TriageChange(fingerprint, TriageStatus.parse(rs.getString(1)), rs.getString(2),
                            Instant.parse(rs.getString(3)), ""));
                }
                return changes;
            }
        }
    }

    @Override
    String reason(SQLException e) {
        return WorkspaceFiles.reason(e);
    }
}
