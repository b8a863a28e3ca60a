package dev.tracedeck.workspace;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The workspace's tables, versioned. {@code PRAGMA user_version} holds the version and {@code PRAGMA
 * application_id} marks the file as a Tracedeck workspace. Each migration runs in its own transaction together
 * with the version bump, so a workspace is always at one version or the next, never in between. Migrations are
 * only ever appended: version N of a file is always made by the first N scripts, whatever version created it.
 *
 * <ul>
 *   <li>1: traces (file identity, import and validation summaries), per-rule counts, findings with their
 *       fingerprints, triage marks, notes and bookmarks on events.</li>
 *   <li>2: the full-text index: each distinct message once ({@code search_docs} + FTS5 {@code search_fts}), where it
 *       occurs ({@code search_hits}), and which content of each trace is indexed ({@code traces.indexed_sha256}).</li>
 *   <li>3: how much message text a trace's content brings into the index ({@code traces.index_chars}), counted when it
 *       is indexed, so that a search knows a file over the index's limit without reading it again. Recording leaves
 *       the hash ({@code sha256} is {@code ''} until taken) and the index to whoever needs them first.</li>
 *   <li>4: baselines kept by name ({@code baselines}): the file {@code baseline write} writes, when and by whom.</li>
 * </ul>
 */
final class Schema {

    /** "TDWS" — the file is a Tracedeck workspace. */
    static final int APPLICATION_ID = 0x54445753;
    static final int CURRENT = 4;

    private static final List<List<String>> MIGRATIONS = List.of(
            List.of("""
                    CREATE TABLE traces (
                      id INTEGER PRIMARY KEY,
                      path TEXT NOT NULL UNIQUE,
                      size INTEGER NOT NULL,
                      modified_millis INTEGER NOT NULL,
                      sha256 TEXT NOT NULL,
                      format TEXT NOT NULL,
                      records INTEGER NOT NULL,
                      threads INTEGER NOT NULL,
                      other_records INTEGER NOT NULL,
                      malformed_records INTEGER NOT NULL,
                      errors INTEGER,
                      warnings INTEGER,
                      validated_at TEXT,
                      first_opened TEXT NOT NULL,
                      last_opened TEXT NOT NULL)""",
                    "CREATE INDEX traces_sha256 ON traces(sha256)",
                    """
                    CREATE TABLE rule_counts (
                      trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
                      rule TEXT NOT NULL,
                      errors INTEGER NOT NULL,
                      warnings INTEGER NOT NULL,
                      infos INTEGER NOT NULL,
                      PRIMARY KEY (trace_id, rule)) WITHOUT ROWID""",
                    """
                    CREATE TABLE findings (
                      trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
                      fingerprint TEXT NOT NULL,
                      rule TEXT NOT NULL,
                      severity TEXT NOT NULL,
                      thread TEXT NOT NULL,
                      msg_idx INTEGER,
                      line INTEGER NOT NULL,
                      message TEXT NOT NULL,
                      PRIMARY KEY (trace_id, fingerprint)) WITHOUT ROWID""",
                    "CREATE INDEX findings_fingerprint ON findings(fingerprint)",
                    """
                    CREATE TABLE triage (
                      fingerprint TEXT PRIMARY KEY,
                      status TEXT NOT NULL CHECK (status IN ('confirmed', 'false-positive', 'accepted')),
                      note TEXT NOT NULL,
                      marked_at TEXT NOT NULL) WITHOUT ROWID""",
                    """
                    CREATE TABLE notes (
                      id INTEGER PRIMARY KEY,
                      trace_sha256 TEXT NOT NULL,
                      seq INTEGER NOT NULL,
                      text TEXT NOT NULL,
                      created_at TEXT NOT NULL)""",
                    "CREATE INDEX notes_event ON notes(trace_sha256, seq)",
                    """
                    CREATE TABLE bookmarks (
                      trace_sha256 TEXT NOT NULL,
                      seq INTEGER NOT NULL,
                      label TEXT NOT NULL,
                      created_at TEXT NOT NULL,
                      PRIMARY KEY (trace_sha256, seq)) WITHOUT ROWID"""),
            List.of("ALTER TABLE traces ADD COLUMN indexed_sha256 TEXT",
                    "CREATE TABLE search_docs (id INTEGER PRIMARY KEY, digest TEXT NOT NULL UNIQUE, role TEXT NOT NULL)",
                    "CREATE VIRTUAL TABLE search_fts USING fts5(content, tools, args, tokenize = 'unicode61')",
                    """
                    CREATE TABLE search_hits (
                      trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
                      doc_id INTEGER NOT NULL REFERENCES search_docs(id),
                      thread TEXT NOT NULL,
                      seq INTEGER NOT NULL,
                      line INTEGER NOT NULL,
                      PRIMARY KEY (trace_id, doc_id, thread)) WITHOUT ROWID""",
                    "CREATE INDEX search_hits_doc ON search_hits(doc_id)"),
            List.of("ALTER TABLE traces ADD COLUMN index_chars INTEGER"),
            // The author only where authors are recorded (a copy from a shared workspace brings them).
            List.of("""
                    CREATE TABLE baselines (
                      name TEXT PRIMARY KEY,
                      written_at TEXT NOT NULL,
                      author TEXT,
                      findings INTEGER NOT NULL,
                      content TEXT NOT NULL)"""));

    private Schema() {
    }

    static int version(Connection c) throws SQLException {
        return intPragma(c, "user_version");
    }

    static int applicationId(Connection c) throws SQLException {
        return intPragma(c, "application_id");
    }

    static int tableCount(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
            return rs.getInt(1);
        }
    }

    /** Brings the schema from its version up to {@code target}, one transaction per step. */
    static void migrate(Connection c, int target) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            for (int next = version(c) + 1; next <= target; next = version(c) + 1) {
                // Another process may have migrated meanwhile: the version is read again inside the transaction.
                try (Statement s = c.createStatement()) {
                    if (version(c) >= next) {
                        c.commit();
                        continue;
                    }
                    for (String sql : MIGRATIONS.get(next - 1)) {
                        s.execute(sql);
                    }
                    s.execute("PRAGMA application_id = " + APPLICATION_ID);
                    s.execute("PRAGMA user_version = " + next);
                    c.commit();
                } catch (SQLException e) {
                    c.rollback();
                    throw e;
                }
            }
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static int intPragma(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA " + name)) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }
}
