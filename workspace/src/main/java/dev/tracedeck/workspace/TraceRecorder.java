package dev.tracedeck.workspace;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One trace into the tables, inside the caller's transaction: its identity, summaries and findings. Neither the file's
 * hash nor the search index: those are left for later ({@link Completion}). What a finding quotes of the trace (its
 * message, its thread's id) is kept with its secrets redacted ({@link Redactor#secrets()}): the workspace outlives
 * the trace and is copied about; the fingerprint, taken of the finding as read, still matches.
 */
final class TraceRecorder {

    private final Connection c;
    private final Dialect dialect;

    TraceRecorder(Connection c, Dialect dialect) {
        this.c = c;
        this.dialect = dialect;
    }

    /**
     * Records the trace read from the file {@code observed} (its size and time now, and its hash when taken). A file
     * recorded before with the same size and time, or the same hash, keeps its hash and its index; otherwise it is taken as new content, whose hash and index
     * are not taken yet, and what was recorded of the old content (findings, the count of its text) goes. Its old
     * messages stay in the index until it is indexed again, and no search shows them meanwhile.
     *
     * @return the identity recorded
     */
    FileIdentity record(FileIdentity observed, Trace trace, Optional<Validation> validation, Fingerprints fingerprints, Instant now)
            throws SQLException {
        Optional<FileIdentity> before = RunQueries.identity(c, observed.path());
        boolean sameContent = before.isPresent() && (before.get().sameSizeAndTime(observed)
                || observed.hashed() && before.get().hashed() && before.get().size() == observed.size()
                && before.get().sha256().equals(observed.sha256()));
        FileIdentity identity = sameContent ? observed.withHash(before.get().sha256()) : observed;
        long id = upsert(identity, trace.report(), trace.threads().size(), now);
        dialect.opened(c, id, now);
        if (!sameContent) {
            update("DELETE FROM findings WHERE trace_id = ?", id);
            update("DELETE FROM rule_counts WHERE trace_id = ?", id);
            update("UPDATE traces SET errors = NULL, warnings = NULL, validated_at = NULL, index_chars = NULL WHERE id = ?", id);
        }
        if (validation.isPresent()) {
            validation(id, validation.get(), fingerprints, now);
        }
        return identity;
    }

    private long upsert(FileIdentity f, ImportReport r, int threads, Instant now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO traces (path, size, modified_millis, sha256, format, records, threads, other_records,
                                    malformed_records, first_opened, last_opened)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (path) DO UPDATE SET size = excluded.size, modified_millis = excluded.modified_millis,
                  sha256 = excluded.sha256, format = excluded.format, records = excluded.records,
                  threads = excluded.threads, other_records = excluded.other_records,
                  malformed_records = excluded.malformed_records, last_opened = excluded.last_opened""")) {
            s.setString(1, f.path());
            s.setLong(2, f.size());
            s.setLong(3, f.modifiedMillis());
            s.setString(4, f.sha256());
            s.setString(5, r.format());
            s.setLong(6, r.records());
            s.setInt(7, threads);
            s.setLong(8, r.otherRecords());
            s.setLong(9, r.malformedRecords());
            s.setString(10, now.toString());
            s.setString(11, now.toString());
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM traces WHERE path = ?")) {
            s.setString(1, f.path());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private void validation(long id, Validation v, Fingerprints fingerprints, Instant now) throws SQLException {
        update("DELETE FROM findings WHERE trace_id = ?", id);
        update("DELETE FROM rule_counts WHERE trace_id = ?", id);
        Map<String, long[]> perRule = new LinkedHashMap<>();
        Redactor redactor = Redactor.secrets();
        try (PreparedStatement s = c.prepareStatement(dialect.insertFinding())) {
            for (Finding f : v.findings()) {
                long[] counts = perRule.computeIfAbsent(f.ruleId(), k -> new long[3]);
                counts[f.severity() == Severity.ERROR ? 0 : f.severity() == Severity.WARNING ? 1 : 2]++;
                s.setLong(1, id);
                s.setString(2, fingerprints.of(f));
                s.setString(3, f.ruleId());
                s.setString(4, f.severity().id());
                s.setString(5, dialect.text(redactor.redact(f.threadId())));
                if (f.msgIdx().isPresent()) {
                    s.setInt(6, f.msgIdx().getAsInt());
                } else {
                    s.setNull(6, Types.INTEGER);
                }
                s.setInt(7, f.line());
                s.setString(8, dialect.text(redactor.redact(f.message())));
                s.addBatch();
            }
            s.executeBatch();
        }
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO rule_counts (trace_id, rule, errors, warnings, infos) VALUES (?, ?, ?, ?, ?)")) {
            for (Map.Entry<String, long[]> e : perRule.entrySet()) {
                s.setLong(1, id);
                s.setString(2, e.getKey());
                s.setLong(3, e.getValue()[0]);
                s.setLong(4, e.getValue()[1]);
                s.setLong(5, e.getValue()[2]);
                s.addBatch();
            }
            s.executeBatch();
        }
        try (PreparedStatement s = c.prepareStatement("UPDATE traces SET errors = ?, warnings = ?, validated_at = ? WHERE id = ?")) {
            s.setLong(1, v.count(Severity.ERROR));
            s.setLong(2, v.count(Severity.WARNING));
            s.setString(3, now.toString());
            s.setLong(4, id);
            s.executeUpdate();
        }
    }

    private void update(String sql, long id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setLong(1, id);
            s.executeUpdate();
        }
    }
}
