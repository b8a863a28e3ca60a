package dev.tracedeck.workspace;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What differs between the two kinds of workspace — an SQLite file and a PostgreSQL database — in the SQL the store
 * runs: the statements that are written differently, the search, the triage marks (a shared workspace keeps every
 * change and who made it), locking and the words for a failure. Everything else the store runs is the same SQL on
 * both.
 */
abstract class Dialect {

    /** Who is recorded as doing what, in a workspace that records it. */
    final String author;

    Dialect(String author) {
        this.author = author;
    }

    /** True when the workspace records who opened a run, marked a finding or wrote a note. */
    abstract boolean recordsAuthors();

    /** Inserts a finding (8 parameters), nothing when the trace already has one with its fingerprint. */
    abstract String insertFinding();

    /** Inserts where a message occurs (trace, doc, thread, seq, line), nothing when that is known. */
    abstract String insertHit();

    /** Inserts a distinct message (digest, role); may insert nothing when another writer just did ({@link #docId}). */
    abstract String insertDoc();

    /**
     * The ids of those of the messages {@code digests} the index holds, by digest. One look-up each: an SQLite file is
     * read in the process, where a statement costs no round trip.
     */
    Map<String, Long> findDocs(Connection c, List<String> digests) throws SQLException {
        Map<String, Long> found = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM search_docs WHERE digest = ?")) {
            for (String digest : digests) {
                s.setString(1, digest);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        found.put(digest, rs.getLong(1));
                    }
                }
            }
        }
        return found;
    }

    /**
     * Inserts the distinct messages {@code docs}, each {digest, role}, and gives the ids of those it inserted, by
     * digest; one another writer inserted meanwhile is left out ({@link #insertDoc}).
     */
    Map<String, Long> insertDocs(Connection c, List<String[]> docs) throws SQLException {
        Map<String, Long> inserted = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement(insertDoc(), Statement.RETURN_GENERATED_KEYS)) {
            for (String[] doc : docs) {
                s.setString(1, doc[0]);
                s.setString(2, doc[1]);
                s.executeUpdate();
                try (ResultSet keys = s.getGeneratedKeys()) {
                    if (keys.next()) {
                        inserted.put(doc[0], keys.getLong(1));
                    }
                }
            }
        }
        return inserted;
    }

    /** Puts a message's text in the index: id, content, tools, args. */
    abstract String insertText();

    /** Statements that take out of the index the messages no trace holds any more. */
    abstract List<String> dropOrphans();

    /** A note on an event: trace, seq, text, created, and the author where {@link #recordsAuthors()}. */
    abstract String insertNote();

    /** The column of a note's author as read: {@code NULL} where authors are not recorded. */
    abstract String noteAuthor();

    /** The columns of the current triage marks as read: fingerprint, status, note, marked_at, author. */
    abstract String markColumns(String alias);

    /** Text as the workspace can hold it (PostgreSQL's text holds no NUL character). */
    String text(String s) {
        return s;
    }

    /**
     * Holds {@code key} until the transaction ends, so that two writers of the same thing take turns; nothing where
     * the database already lets one writer at a time (SQLite's IMMEDIATE transactions).
     */
    void lock(Connection c, String key) throws SQLException {
    }

    /** Records that the author opened the trace {@code traceId} now; nothing where authors are not recorded. */
    void opened(Connection c, long traceId, Instant now) throws SQLException {
    }

    /** Before a long read that should come a batch at a time ({@link WorkspaceCopy}); nothing where rows stream anyway. */
    void beginReading(Connection c) throws SQLException {
    }

    void endReading(Connection c) throws SQLException {
    }

    /** After rows were copied in with their ids: the next id each table hands out comes after them. */
    void afterCopy(Connection c) throws SQLException {
    }

    abstract List<SearchHit> search(Connection c, String query, int limit) throws SQLException;

    /** What is wrong with a query, when {@code e} is the database refusing it rather than failing. */
    abstract Optional<String> queryProblem(SQLException e);

    /** Marks {@code fingerprint}, inside the caller's transaction. */
    abstract void mark(Connection c, TriageMark mark) throws SQLException;

    /** Takes the mark off {@code fingerprint}, inside the caller's transaction; true when there was one. */
    abstract boolean unmark(Connection c, String fingerprint, Instant now) throws SQLException;

    /** Every change of the marks on {@code fingerprint}, oldest first; only what the workspace keeps of them. */
    abstract List<TriageChange> history(Connection c, String fingerprint) throws SQLException;

    /** A failure in words, with no password in them. */
    abstract String reason(SQLException e);

    /** What a failure to reach the database while doing something adds, when it is that: e.g. the server went away. */
    Optional<String> unreachable(SQLException e) {
        return Optional.empty();
    }
}
