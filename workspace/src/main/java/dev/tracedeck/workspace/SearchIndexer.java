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
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
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
 *
 * <p>The messages go to the workspace {@value #BATCH} occurrences at a time: their ids looked up together, the new
 * ones inserted together ({@link Dialect#findDocs}, {@link Dialect#insertDocs}), then their texts and occurrences in
 * JDBC batches — a few round trips per batch to a server, not one per message. What is redacted, and in which order
 * (a secret's number is its order of appearance in the trace), is as if each message went in as it was met.
 */
final class SearchIndexer {

    private static final int BATCH = 2_000;

    /** A distinct message of this trace: its id once it is known, its fields until they are in the workspace. */
    private static final class Doc {
        final String digest;
        final String role;
        String content;
        String tools;
        String args;
        long id = -1;

        Doc(String digest, String role, String content, String tools, String args) {
            this.digest = digest;
            this.role = role;
            this.content = content;
            this.tools = tools;
            this.args = args;
        }

        /** Its text is in the workspace (or was found there): only its id is kept. */
        void stored(long id) {
            this.id = id;
            content = null;
            tools = null;
            args = null;
        }
    }

    /** Where a message occurs, waiting for its message's id. */
    private record Hit(Doc doc, String thread, int seq, int line) {
    }

    private final Connection c;
    private final Dialect dialect;
    private final Map<String, Doc> docsByDigest = new HashMap<>();
    /** Dumps share unchanged entries between snapshots: a repeated entry is found by identity, not hashed again. */
    private final Map<StateEntry, Doc> docsByEntry = new IdentityHashMap<>();
    private final Set<String> hitsSeen = new HashSet<>();
    private final MessageDigest sha256;
    private final Redactor redactor = Redactor.secrets();
    private final List<Hit> pending = new ArrayList<>();

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
        for (Event event : trace.events()) {
            event(traceId, event);
        }
        flush(traceId);
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
                Doc doc = docsByEntry.get(entry);
                if (doc == null) {
                    String role = entry.role().isEmpty() ? entry.type() : entry.type() + "/" + entry.role();
                    doc = doc(role, entry.content(), String.join(" ", entry.toolNames()), "");
                    docsByEntry.put(entry, doc);
                }
                hit(traceId, e, snapshot.entryLine(i), doc);
            }
        }
    }

    private static String names(List<ToolCall> calls) {
        return calls.stream().map(ToolCall::name).collect(Collectors.joining(" "));
    }

    private static String arguments(List<ToolCall> calls) {
        return calls.stream().map(ToolCall::rawArguments).collect(Collectors.joining("\n"));
    }

    private Doc doc(String role, String content, String tools, String args) {
        // The role is left out: a message and its entry in a state dump are one message, typed differently.
        for (String field : new String[] {content, tools, args}) {
            byte[] bytes = field.getBytes(StandardCharsets.UTF_8);
            sha256.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
            sha256.update((byte) ':');
            sha256.update(bytes);
        }
        String digest = HexFormat.of().formatHex(sha256.digest());
        return docsByDigest.computeIfAbsent(digest, d -> new Doc(d, role, content, tools, args));
    }

    private void hit(long traceId, Event e, int line, Doc doc) throws SQLException {
        if (!hitsSeen.add(e.threadId() + '\0' + doc.digest)) {
            return;
        }
        pending.add(new Hit(doc, e.threadId(), e.seq(), line));
        if (pending.size() == BATCH) {
            flush(traceId);
        }
    }

    /**
     * Puts the pending occurrences in the workspace, with the messages new to it: the messages' ids are looked up
     * together, and the new ones inserted together. Texts are redacted in the order they were met (a new message's
     * fields, then its occurrence's thread), as the pseudonyms of secrets are numbered in that order.
     */
    private void flush(long traceId) throws SQLException {
        if (pending.isEmpty()) {
            return;
        }
        Map<String, Doc> unknown = new LinkedHashMap<>();
        for (Hit h : pending) {
            if (h.doc().id < 0) {
                unknown.putIfAbsent(h.doc().digest, h.doc());
            }
        }
        dialect.findDocs(c, List.copyOf(unknown.keySet())).forEach((digest, id) -> unknown.remove(digest).stored(id));
        List<String[]> texts = new ArrayList<>();
        List<String> threads = new ArrayList<>(pending.size());
        Set<String> redacted = new HashSet<>();
        for (Hit h : pending) {
            Doc d = h.doc();
            if (unknown.containsKey(d.digest) && redacted.add(d.digest)) {
                texts.add(new String[] {d.digest, d.role, dialect.text(redactor.redact(d.content)),
                        dialect.text(redactor.redact(d.tools)), dialect.text(redactor.redact(d.args))});
            }
            threads.add(dialect.text(redactor.redact(h.thread())));
        }
        insert(unknown, texts);
        try (PreparedStatement insertHit = c.prepareStatement(dialect.insertHit())) {
            for (int i = 0; i < pending.size(); i++) {
                Hit h = pending.get(i);
                insertHit.setLong(1, traceId);
                insertHit.setLong(2, h.doc().id);
                insertHit.setString(3, threads.get(i));
                insertHit.setInt(4, h.seq());
                insertHit.setInt(5, h.line());
                insertHit.addBatch();
            }
            insertHit.executeBatch();
        }
        pending.clear();
    }

    /** Inserts the messages new to the workspace, each {digest, role, content, tools, args}, and their texts. */
    private void insert(Map<String, Doc> unknown, List<String[]> texts) throws SQLException {
        if (texts.isEmpty()) {
            return;
        }
        List<String[]> docs = texts.stream().map(t -> new String[] {t[0], t[1]}).toList();
        Map<String, Long> inserted = dialect.insertDocs(c, docs);
        try (PreparedStatement insertText = c.prepareStatement(dialect.insertText())) {
            for (String[] t : texts) {
                Long id = inserted.get(t[0]);
                if (id == null) {
                    continue;
                }
                insertText.setLong(1, id);
                insertText.setString(2, t[2]);
                insertText.setString(3, t[3]);
                insertText.setString(4, t[4]);
                insertText.addBatch();
                unknown.remove(t[0]).stored(id);
            }
            insertText.executeBatch();
        }
        if (!unknown.isEmpty()) {
            // Another writer indexed the same messages meanwhile (a shared workspace): its rows are the ones.
            Map<String, Long> found = dialect.findDocs(c, List.copyOf(unknown.keySet()));
            for (Doc d : unknown.values()) {
                Long id = found.get(d.digest);
                if (id == null) {
                    throw new SQLException("the message " + d.digest + " was neither inserted nor found");
                }
                d.stored(id);
            }
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
}
