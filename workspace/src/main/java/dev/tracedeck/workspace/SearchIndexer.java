package dev.tracedeck.workspace;

import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The full-text index: message contents, tool names and tool arguments. Each distinct message is indexed once
 * (a Mycelian log dumps the whole state after every message, so nearly every entry repeats); where it occurs is
 * kept once per trace and thread, at its first occurrence (event sequence number and source line). The texts and
 * thread ids go in with their secrets redacted ({@link Redactor#secrets()}, one redactor per trace, so a value keeps
 * one pseudonym in it): the index is a copy of the trace's words that outlives the trace. A search for
 * {@code secret} finds where they were.
 */
final class SearchIndexer {

    private static final int BATCH = 2_000;

    private final Connection c;
    private final Map<String, Long> docsByDigest = new HashMap<>();
    /** Dumps share unchanged entries between snapshots: a repeated entry is found by identity, not hashed again. */
    private final Map<StateEntry, Long> docsByEntry = new IdentityHashMap<>();
    private final Set<String> hitsSeen = new HashSet<>();
    private final MessageDigest sha256;
    private final Redactor redactor = Redactor.secrets();
    private PreparedStatement findDoc;
    private PreparedStatement insertDoc;
    private PreparedStatement insertText;
    private PreparedStatement insertHit;
    private int pendingHits;

    SearchIndexer(Connection c) {
        this.c = c;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    void index(long traceId, Trace trace) throws SQLException {
        boolean hadHits = deleteHits(traceId);
        try (PreparedStatement find = c.prepareStatement("SELECT id FROM search_docs WHERE digest = ?");
             PreparedStatement doc = c.prepareStatement("INSERT INTO search_docs (digest, role) VALUES (?, ?)",
                     Statement.RETURN_GENERATED_KEYS);
             PreparedStatement text = c.prepareStatement("INSERT INTO search_fts (rowid, content, tools, args) VALUES (?, ?, ?, ?)");
             PreparedStatement hit = c.prepareStatement(
                     "INSERT OR IGNORE INTO search_hits (trace_id, doc_id, thread, seq, line) VALUES (?, ?, ?, ?, ?)")) {
            findDoc = find;
            insertDoc = doc;
            insertText = text;
            insertHit = hit;
            for (Event event : trace.events()) {
                event(traceId, event);
            }
            if (pendingHits > 0) {
                insertHit.executeBatch();
            }
        }
        if (hadHits) {
            dropOrphans();
        }
    }

    /** Takes a trace out of the index: where its messages occur, and the messages no other trace holds. */
    void forget(long traceId) throws SQLException {
        if (deleteHits(traceId)) {
            dropOrphans();
        }
    }

    private boolean deleteHits(long traceId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM search_hits WHERE trace_id = ?")) {
            s.setLong(1, traceId);
            return s.executeUpdate() > 0;
        }
    }

    private void event(long traceId, Event e) throws SQLException {
        Payload p = e.payload();
        int line = e.firstLine();
        if (p instanceof Payload.ConversationMessage m) {
            Message msg = m.message();
            hit(traceId, e, line, doc(msg.role(), msg.content(), names(msg.toolCalls()), arguments(msg.toolCalls())));
        } else if (p instanceof Payload.ToolInvocation t) {
            hit(traceId, e, line, doc("tool-call", "", t.call().name(), t.call().rawArguments()));
        } else if (p instanceof Payload.ControlMessage control) {
            hit(traceId, e, line, doc("control", control.content(), "", ""));
        } else if (p instanceof Payload.StateDump dump) {
            StateSnapshot snapshot = dump.snapshot();
            for (int i = 0; i < snapshot.size(); i++) {
                StateEntry entry = snapshot.entries().get(i);
                Long id = docsByEntry.get(entry);
                if (id == null) {
                    String role = entry.role().isEmpty() ? entry.type() : entry.type() + "/" + entry.role();
                    id = doc(role, entry.content(), String.join(" ", entry.toolNames()), "");
                    docsByEntry.put(entry, id);
                }
                hit(traceId, e, snapshot.entryLine(i), id);
            }
        }
    }

    private static String names(List<ToolCall> calls) {
        return calls.stream().map(ToolCall::name).collect(Collectors.joining(" "));
    }

    private static String arguments(List<ToolCall> calls) {
        return calls.stream().map(ToolCall::rawArguments).collect(Collectors.joining("\n"));
    }

    private long doc(String role, String content, String tools, String args) throws SQLException {
        // The role is left out: a message and its entry in a state dump are one message, typed differently.
        for (String field : new String[] {content, tools, args}) {
            byte[] bytes = field.getBytes(StandardCharsets.UTF_8);
            sha256.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
            sha256.update((byte) ':');
            sha256.update(bytes);
        }
        String digest = HexFormat.of().formatHex(sha256.digest());
        Long known = docsByDigest.get(digest);
        if (known != null) {
            return known;
        }
        findDoc.setString(1, digest);
        long id = -1;
        try (ResultSet rs = findDoc.executeQuery()) {
            if (rs.next()) {
                id = rs.getLong(1);
            }
        }
        if (id < 0) {
            insertDoc.setString(1, digest);
            insertDoc.setString(2, role);
            insertDoc.executeUpdate();
            try (ResultSet keys = insertDoc.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
            insertText.setLong(1, id);
            insertText.setString(2, redactor.redact(content));
            insertText.setString(3, redactor.redact(tools));
            insertText.setString(4, redactor.redact(args));
            insertText.executeUpdate();
        }
        docsByDigest.put(digest, id);
        return id;
    }

    private void hit(long traceId, Event e, int line, long docId) throws SQLException {
        if (!hitsSeen.add(e.threadId() + '\0' + docId)) {
            return;
        }
        insertHit.setLong(1, traceId);
        insertHit.setLong(2, docId);
        insertHit.setString(3, redactor.redact(e.threadId()));
        insertHit.setInt(4, e.seq());
        insertHit.setInt(5, line);
        insertHit.addBatch();
        if (++pendingHits == BATCH) {
            insertHit.executeBatch();
            pendingHits = 0;
        }
    }

    /** Messages no trace holds any more leave the index. */
    private void dropOrphans() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("""
                    DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_docs d
                      WHERE NOT EXISTS (SELECT 1 FROM search_hits h WHERE h.doc_id = d.id))""");
            s.execute("DELETE FROM search_docs WHERE NOT EXISTS (SELECT 1 FROM search_hits h WHERE h.doc_id = search_docs.id)");
        }
    }

    /**
     * The hits of traces indexed for the content recorded: a file recorded again with other content keeps its old
     * messages in the index until it is indexed again, and they are not its messages any more.
     */
    static List<SearchHit> search(Connection c, String query, int limit) throws SQLException {
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
}
