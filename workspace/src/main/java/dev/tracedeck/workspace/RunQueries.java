package dev.tracedeck.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Reading the recorded traces back, and comparing each with its file on disk. */
final class RunQueries {

    private RunQueries() {
    }

    static Optional<FileIdentity> identity(Connection c, String path) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT size, modified_millis, sha256 FROM traces WHERE path = ?")) {
            s.setString(1, path);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(new FileIdentity(path, rs.getLong(1), rs.getLong(2), rs.getString(3))) : Optional.empty();
            }
        }
    }

    static long id(Connection c, String path) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM traces WHERE path = ?")) {
            s.setString(1, path);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("no trace recorded at " + path);
                }
                return rs.getLong(1);
            }
        }
    }

    /** Every recorded trace, most recently opened first, with how its file compares now. */
    static List<RunRecord> all(Connection c, long indexLimit, Dialect dialect, Optional<String> openedBy) throws SQLException {
        List<Row> rows = openedBy.isEmpty() ? rows(c, "", List.of(), indexLimit)
                : rows(c, "WHERE id IN (SELECT trace_id FROM trace_opens WHERE author = ?)", List.of(openedBy.get()), indexLimit);
        Map<Long, List<String>> openers = dialect.recordsAuthors() ? openers(c) : Map.of();
        Map<String, FileStatus> onDisk = new HashMap<>();
        for (Row row : rows) {
            onDisk.put(row.file().path(), status(row.file()));
        }
        Map<Long, Map<String, RunRecord.RuleCount>> counts = ruleCounts(c, OptionalLong.empty());
        List<RunRecord> runs = new ArrayList<>();
        for (Row row : rows) {
            FileStatus status = onDisk.get(row.file().path());
            Optional<String> movedTo = Optional.empty();
            if (status == FileStatus.MISSING && row.file().hashed()) {
                movedTo = rows.stream().filter(r -> r.file().sha256().equals(row.file().sha256())
                                && onDisk.get(r.file().path()) == FileStatus.UNCHANGED)
                        .map(r -> r.file().path()).findFirst();
            }
            runs.add(row.record(status, movedTo, counts.getOrDefault(row.id(), Map.of()))
                    .openedBy(openers.getOrDefault(row.id(), List.of())));
        }
        return runs;
    }

    /** Who opened each trace, the last one first. */
    private static Map<Long, List<String>> openers(Connection c) throws SQLException {
        Map<Long, List<String>> openers = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT trace_id, author FROM trace_opens ORDER BY trace_id, last_opened DESC, author");
             ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                openers.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(rs.getString(2));
            }
        }
        return openers;
    }

    /** The trace recorded for {@code path}, as {@link #all} has it, looking at that file alone on disk. */
    static Optional<RunRecord> one(Connection c, String path, long indexLimit) throws SQLException {
        List<Row> rows = rows(c, "WHERE path = ?", List.of(path), indexLimit);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Row row = rows.get(0);
        FileStatus status = status(row.file());
        Optional<String> movedTo = Optional.empty();
        if (status == FileStatus.MISSING && row.file().hashed()) {
            movedTo = rows(c, "WHERE sha256 = ? AND path <> ?", List.of(row.file().sha256(), path), indexLimit).stream()
                    .filter(r -> status(r.file()) == FileStatus.UNCHANGED).map(r -> r.file().path()).findFirst();
        }
        return Optional.of(row.record(status, movedTo, ruleCounts(c, OptionalLong.of(row.id())).getOrDefault(row.id(), Map.of())));
    }

    /** The recorded files a search does not cover, most recently opened first. */
    static List<UnindexedFile> unindexed(Connection c, long indexLimit) throws SQLException {
        List<UnindexedFile> files = new ArrayList<>();
        for (Row row : rows(c, "WHERE sha256 = '' OR indexed_sha256 IS NULL OR indexed_sha256 <> sha256", List.of(), indexLimit)) {
            files.add(new UnindexedFile(row.file().path(), row.index(), Optional.empty()));
        }
        return files;
    }

    /**
     * The recorded traces a search does not cover yet and may: not indexed for the content recorded (or not hashed
     * yet), and not known to hold more text than the index takes from one trace.
     */
    static List<Row> toIndex(Connection c, long indexLimit) throws SQLException {
        return rows(c, "WHERE (sha256 = '' OR indexed_sha256 IS NULL OR indexed_sha256 <> sha256) "
                + "AND (index_chars IS NULL OR index_chars <= ?)", List.of(indexLimit), indexLimit);
    }

    /** A row of the traces table. */
    record Row(long id, FileIdentity file, String format, long records, long threads, long other, long malformed,
               OptionalLong errors, OptionalLong warnings, Instant first, Instant last, IndexState index) {

        RunRecord record(FileStatus status, Optional<String> movedTo, Map<String, RunRecord.RuleCount> counts) {
            return new RunRecord(file, format, records, threads, other, malformed, errors, warnings, counts, first, last,
                    index, movedTo.isPresent() ? FileStatus.MOVED : status, movedTo);
        }
    }

    static List<Row> rows(Connection c, String where, List<?> parameters, long indexLimit) throws SQLException {
        List<Row> rows = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("""
                SELECT id, path, size, modified_millis, sha256, format, records, threads, other_records, malformed_records,
                       errors, warnings, first_opened, last_opened,
                       sha256 <> '' AND indexed_sha256 IS NOT NULL AND indexed_sha256 = sha256, index_chars
                FROM traces %s ORDER BY last_opened DESC, path""".formatted(where))) {
            for (int i = 0; i < parameters.size(); i++) {
                s.setObject(i + 1, parameters.get(i));
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    OptionalLong chars = optionalLong(rs, 16);
                    IndexState index = rs.getBoolean(15) ? IndexState.INDEXED
                            : chars.isPresent() && chars.getAsLong() > indexLimit ? IndexState.TOO_MUCH_TEXT : IndexState.NOT_YET;
                    rows.add(new Row(rs.getLong(1), new FileIdentity(rs.getString(2), rs.getLong(3), rs.getLong(4), rs.getString(5)),
                            rs.getString(6), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getLong(10),
                            optionalLong(rs, 11), optionalLong(rs, 12), Instant.parse(rs.getString(13)),
                            Instant.parse(rs.getString(14)), index));
                }
            }
        }
        return rows;
    }

    /** Size and modification time against the recorded ones; the content is not hashed again to list. */
    static FileStatus status(FileIdentity recorded) {
        Path path = Path.of(recorded.path());
        try {
            if (!Files.isRegularFile(path) && !Files.isDirectory(path)) {
                return FileStatus.MISSING;
            }
            boolean same = FileIdentity.size(path) == recorded.size()
                    && FileIdentity.modifiedMillis(path) == recorded.modifiedMillis();
            return same ? FileStatus.UNCHANGED : FileStatus.CHANGED;
        } catch (IOException e) {
            return FileStatus.MISSING;
        }
    }

    private static Map<Long, Map<String, RunRecord.RuleCount>> ruleCounts(Connection c, OptionalLong traceId) throws SQLException {
        Map<Long, Map<String, RunRecord.RuleCount>> counts = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT trace_id, rule, errors, warnings FROM rule_counts"
                + (traceId.isPresent() ? " WHERE trace_id = ?" : "") + " ORDER BY rule")) {
            if (traceId.isPresent()) {
                s.setLong(1, traceId.getAsLong());
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    counts.computeIfAbsent(rs.getLong(1), k -> new java.util.LinkedHashMap<>())
                            .put(rs.getString(2), new RunRecord.RuleCount(rs.getLong(3), rs.getLong(4)));
                }
            }
        }
        return counts;
    }

    private static OptionalLong optionalLong(ResultSet rs, int column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(value);
    }
}
