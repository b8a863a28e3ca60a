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
    private final Dialect dialect;
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

    SearchIndexer(Connection c, Dialect dialect) {
        this.c = c;
        this.dialect = dialect;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    void index(long traceId, Trace trace) throws SQLException {
        boolean hadHits = deleteHits(traceId);
        try (PreparedStatement find = c.prepareStatement("SELECT id FROM search_docs WHERE digest = ?");
             PreparedStatement doc = c.prepareStatement(dialect.insertDoc(), Statement.RETURN_GENERATED_KEYS);
             PreparedStatement text = c.prepareStatement(dialect.insertText());
             PreparedStatement hit = c.prepareStatement(dialect.insertHit())) {
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
                if (keys.next()) {
                    id = keys.getLong(1);
                }
            }
            if (id >= 0) {
                insertText.setLong(1, id);
                insertText.setString(2, dialect.text(redactor.redact(content)));
                insertText.setString(3, dialect.text(redactor.redact(tools)));
                insertText.setString(4, dialect.text(redactor.redact(args)));
                insertText.executeUpdate();
            } else {
                // Another writer indexed the same message meanwhile (a shared workspace): its row is the one.
                id = existingDoc(digest);
            }
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
        insertHit.setString(3, dialect.text(redactor.redact(e.threadId())));
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
            for (String sql : dialect.dropOrphans()) {
                s.execute(sql);
            }
        }
    }

    private long existingDoc(String digest) throws SQLException {
        findDoc.setString(1, digest);
        try (ResultSet rs = findDoc.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("the message " + digest + " was neither inserted nor found");
            }
            return rs.getLong(1);
        }
    }
}
