package dev.tracedeck.workspace;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SQL of a workspace on a PostgreSQL server, shared by many users at once: the search is PostgreSQL's own
 * (a tsvector per message, queries read by {@code websearch_to_tsquery}), every triage change is a row of its own with
 * its author, and writers of the same thing take turns through transaction-scoped advisory locks.
 */
final class PostgresDialect extends Dialect {

    /** ts_headline's options: the marks {@link SearchHit} reads, and a short fragment, as FTS5's snippet gives. */
    private static final String HEADLINE = "StartSel=" + SearchHit.START + ", StopSel=" + SearchHit.END
            + ", MaxWords=12, MinWords=4, ShortWord=0, MaxFragments=1, FragmentDelimiter=\" … \"";

    /**
     * Marked words with only punctuation or spaces between them: one mark, as FTS5 marks a phrase ({@code add_entry}
     * is the phrase "add entry" to both).
     */
    private static final java.util.regex.Pattern ADJACENT = java.util.regex.Pattern.compile(
            SearchHit.END + "([^\\p{L}\\p{N}" + SearchHit.START + SearchHit.END + "]*)" + SearchHit.START);

    PostgresDialect(String author) {
        super(author);
    }

    @Override
    boolean recordsAuthors() {
        return true;
    }

    @Override
    String insertFinding() {
        return """
                INSERT INTO findings (trace_id, fingerprint, rule, severity, thread, msg_idx, line, message)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""";
    }

    @Override
    String insertHit() {
        return "INSERT INTO search_hits (trace_id, doc_id, thread, seq, line) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
    }

    @Override
    String insertDoc() {
        return "INSERT INTO search_docs (digest, role) VALUES (?, ?) ON CONFLICT (digest) DO NOTHING";
    }

    /** All of them in one statement: one round trip to the server, however many there are. */
    @Override
    Map<String, Long> findDocs(Connection c, List<String> digests) throws SQLException {
        Map<String, Long> found = new HashMap<>();
        if (digests.isEmpty()) {
            return found;
        }
        try (PreparedStatement s = c.prepareStatement("SELECT digest, id FROM search_docs WHERE digest = ANY (?)")) {
            s.setArray(1, c.createArrayOf("text", digests.toArray()));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    found.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return found;
    }

    /** All of them in one statement, which returns the ids it gave; a digest another writer inserted meanwhile is skipped. */
    @Override
    Map<String, Long> insertDocs(Connection c, List<String[]> docs) throws SQLException {
        Map<String, Long> inserted = new HashMap<>();
        if (docs.isEmpty()) {
            return inserted;
        }
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO search_docs (digest, role) SELECT * FROM unnest(?::text[], ?::text[])
                ON CONFLICT (digest) DO NOTHING RETURNING digest, id""")) {
            s.setArray(1, c.createArrayOf("text", docs.stream().map(d -> d[0]).toArray()));
            s.setArray(2, c.createArrayOf("text", docs.stream().map(d -> text(d[1])).toArray()));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    inserted.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return inserted;
    }

    @Override
    String insertText() {
        return "INSERT INTO search_text (doc_id, content, tools, args) VALUES (?, ?, ?, ?)";
    }

    @Override
    List<String> dropOrphans() {
        // search_text goes with its doc (ON DELETE CASCADE).
        return List.of("DELETE FROM search_docs d WHERE NOT EXISTS (SELECT 1 FROM search_hits h WHERE h.doc_id = d.id)");
    }

    @Override
    String insertNote() {
        return "INSERT INTO notes (trace_sha256, seq, text, created_at, author) VALUES (?, ?, ?, ?, ?)";
    }

    @Override
    String noteAuthor() {
        return "author";
    }

    @Override
    String markColumns(String alias) {
        return alias + "fingerprint, " + alias + "status, " + alias + "note, " + alias + "marked_at, " + alias + "author";
    }

    @Override
    String text(String s) {
        return s.indexOf('\0') < 0 ? s : s.replace('\0', '\uFFFD');
    }

    @Override
    void lock(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
            s.setString(1, key);
            s.executeQuery().close();
        }
    }

    /** pgjdbc reads a result a batch at a time (the statement's fetch size) only inside a transaction. */
    @Override
    void beginReading(Connection c) throws SQLException {
        c.setAutoCommit(false);
    }

    @Override
    void endReading(Connection c) throws SQLException {
        c.rollback();
        c.setAutoCommit(true);
    }

    @Override
    void afterCopy(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String table : List.of("traces", "notes", "search_docs")) {
                s.execute("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), coalesce(max(id), 0) + 1, false) FROM " + table);
            }
        }
    }

    @Override
    void opened(Connection c, long traceId, Instant now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO trace_opens (trace_id, author, first_opened, last_opened) VALUES (?, ?, ?, ?)
                ON CONFLICT (trace_id, author) DO UPDATE SET last_opened = excluded.last_opened""")) {
            s.setLong(1, traceId);
            s.setString(2, author);
            s.setString(3, now.toString());
            s.setString(4, now.toString());
            s.executeUpdate();
        }
    }

    /**
     * The first {@code limit} hits in order, and only then their snippets: a headline reads the whole message again, so
     * it is made for the hits shown alone. The query is read as an SQLite workspace reads it ({@link PostgresQuery});
     * the snippet is of the first field holding a word it looks for, as FTS5's is of the best one. The matching
     * messages are found first, through the words' GIN indexes, as the SQLite search does: left to itself the planner
     * misjudges a phrase's selectivity and walks every hit in path order, testing each message, so a phrase found in one
     * run of thousands reads them all (docs/performance.md, "A workspace shared on PostgreSQL").
     */
    @Override
    List<SearchHit> search(Connection c, String query, int limit) throws SQLException {
        PostgresQuery.Condition condition;
        try {
            condition = PostgresQuery.parse(query);
        } catch (PostgresQuery.Problem e) {
            throw new BadQuery(e.getMessage());
        }
        String highlight = condition.highlight().isEmpty() ? "''::tsquery" : condition.highlight();
        List<SearchHit> hits = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("""
                WITH matched AS MATERIALIZED (SELECT d.doc_id FROM search_text d WHERE %s),
                found AS (
                  SELECT t.path, h.thread, h.seq, h.line, h.doc_id
                  FROM matched m JOIN search_hits h ON h.doc_id = m.doc_id
                    JOIN traces t ON t.id = h.trace_id AND t.indexed_sha256 = t.sha256
                  ORDER BY t.path, h.seq, h.line
                  LIMIT ?),
                q AS MATERIALIZED (SELECT %s AS query)
                SELECT f.path, f.thread, f.seq, f.line,
                  ts_headline('simple', CASE
                      WHEN d.content_words @@ q.query THEN d.content
                      WHEN d.tools_words @@ q.query THEN d.tools
                      ELSE d.args END, q.query, ?)
                FROM found f JOIN search_text d ON d.doc_id = f.doc_id, q
                ORDER BY f.path, f.seq, f.line""".formatted(condition.sql(), highlight))) {
            int i = 1;
            for (String p : condition.parameters()) {
                s.setString(i++, p);
            }
            s.setInt(i++, limit);
            for (String p : condition.highlightParameters()) {
                s.setString(i++, p);
            }
            s.setString(i, HEADLINE);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    hits.add(new SearchHit(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4),
                            ADJACENT.matcher(rs.getString(5)).replaceAll("$1").replaceAll("\\s+", " ").strip()));
                }
            }
        }
        return hits;
    }

    /** A query {@link PostgresQuery} can't read. */
    private static final class BadQuery extends SQLException {
        private static final long serialVersionUID = 1L;

        BadQuery(String problem) {
            super(problem, "42601");
        }
    }

    @Override
    Optional<String> queryProblem(SQLException e) {
        return e instanceof BadQuery ? Optional.of(e.getMessage()) : Optional.empty();
    }

    @Override
    void mark(Connection c, TriageMark mark) throws SQLException {
        lock(c, "triage:" + mark.fingerprint());
        insertChange(c, mark.fingerprint(), mark.status().id(), mark.note(), mark.markedAt());
    }

    @Override
    boolean unmark(Connection c, String fingerprint, Instant now) throws SQLException {
        lock(c, "triage:" + fingerprint);
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM triage WHERE fingerprint = ?")) {
            s.setString(1, fingerprint);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
            }
        }
        insertChange(c, fingerprint, null, "", now);
        return true;
    }

    private void insertChange(Connection c, String fingerprint, String status, String note, Instant at) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO triage_history (fingerprint, status, note, marked_at, author) VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, fingerprint);
            s.setString(2, status);
            s.setString(3, text(note));
            s.setString(4, at.toString());
            s.setString(5, author);
            s.executeUpdate();
        }
    }

    @Override
    List<TriageChange> history(Connection c, String fingerprint) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT status, note, marked_at, author FROM triage_history WHERE fingerprint = ? ORDER BY id")) {
            s.setString(1, fingerprint);
            try (ResultSet rs = s.executeQuery()) {
                List<TriageChange> changes = new ArrayList<>();
                while (rs.next()) {
                    String status = rs.getString(1);
                    changes.add(new TriageChange(fingerprint, status == null ? Optional.empty() : TriageStatus.parse(status),
                            rs.getString(2), Instant.parse(rs.getString(3)), rs.getString(4) == null ? "" : rs.getString(4)));
                }
                return changes;
            }
        }
    }

    @Override
    String reason(SQLException e) {
        return unreachable(e).orElseGet(() -> WorkspaceFiles.oneLine(e));
    }

    /** SQLSTATE class 08 (connection exception), 57P01-03 (the server shutting down), or an I/O failure under it. */
    @Override
    Optional<String> unreachable(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.startsWith("28") || state.equals("08004") && String.valueOf(e.getMessage()).contains("password")) {
            return Optional.of("the server refused the credentials: " + WorkspaceFiles.oneLine(e) + "; a password comes from "
                    + "PGPASSWORD, ~/.pgpass (or PGPASSFILE) or a service file");
        }
        if (state.startsWith("08") || state.startsWith("57P")) {
            return Optional.of("the server went away or can't be reached: " + WorkspaceFiles.oneLine(e));
        }
        return Optional.empty();
    }
}
