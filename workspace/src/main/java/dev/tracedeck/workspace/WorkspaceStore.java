package dev.tracedeck.workspace;

import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * The workspace: one SQLite file, no server, holding every trace opened or validated (its file's identity and
 * summaries, never a copy), the findings' fingerprints, triage marks, notes and bookmarks on events, and a
 * full-text index of the messages and tool calls, built when a search first needs it.
 *
 * <p>Safe to share between processes: WAL mode, a busy timeout, and every write one IMMEDIATE transaction, so a
 * process killed mid-write loses that write and nothing else. Nothing from a trace reaches SQL except as a bound
 * parameter. Not thread-safe: one store per thread (each holds its own connection).
 */
public final class WorkspaceStore implements AutoCloseable {

    private final WorkspaceAddress address;
    private final Connection connection;
    private final Dialect dialect;
    private final Clock clock;
    private final boolean readOnly;

    private WorkspaceStore(WorkspaceAddress address, Connection connection, Dialect dialect, Clock clock, boolean readOnly) {
        this.address = address;
        this.connection = connection;
        this.dialect = dialect;
        this.clock = clock;
        this.readOnly = readOnly;
    }

    private WorkspaceStore(Path file, Connection connection, Clock clock, boolean readOnly) {
        this(WorkspaceAddress.file(file), connection, new SqliteDialect(), clock, readOnly);
    }

    /**
     * Opens the workspace at {@code address}: an SQLite file as {@link #open(Path, Clock)} opens it, or a database on a
     * PostgreSQL server, shared by many users, its tables created or brought up to date first. There, what is recorded
     * carries its author ({@link Author#current()}).
     */
    public static WorkspaceStore open(WorkspaceAddress address, Clock clock) throws WorkspaceException {
        return address.isServer() ? openServer(address, clock, Author.current()) : open(address.filePath(), clock);
    }

    /** {@link #open(WorkspaceAddress, Clock)} on a server, recording {@code author} as who does what. */
    static WorkspaceStore openServer(WorkspaceAddress address, Clock clock, String author) throws WorkspaceException {
        return new WorkspaceStore(address, PostgresWorkspace.connect(address), new PostgresDialect(author), clock, false);
    }

    /** As {@link #openForReading(Path, Clock)}; a server's workspace is opened as {@link #open(WorkspaceAddress, Clock)}. */
    public static WorkspaceStore openForReading(WorkspaceAddress address, Clock clock) throws WorkspaceException {
        return address.isServer() ? open(address, clock) : openForReading(address.filePath(), clock);
    }

    /** As {@link #openToSearch(Path, Clock)}; a server's workspace is opened as {@link #open(WorkspaceAddress, Clock)}. */
    public static WorkspaceStore openToSearch(WorkspaceAddress address, Clock clock) throws WorkspaceException {
        return address.isServer() ? open(address, clock) : openToSearch(address.filePath(), clock);
    }

    /**
     * Opens the workspace at {@code file}, creating it (and its directory) when absent and migrating it from an
     * earlier version. A file that is not a workspace, or from a newer Tracedeck, is refused unchanged.
     */
    public static WorkspaceStore open(Path file, Clock clock) throws WorkspaceException {
        WorkspaceFiles.checkBeforeOpening(file);
        if (Files.exists(file) && !WorkspaceFiles.writable(file)) {
            throw readOnly(file, Files.isWritable(file) ? "its directory can't be written" : "the file can't be written");
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new WorkspaceException(file + ": cannot create the workspace's directory (" + e.getMessage() + ")", e);
        }
        Connection c = null;
        try {
            c = WorkspaceFiles.connect(file, false);
            WorkspaceFiles.checkIntact(c, file);
            Schema.migrate(c, Schema.CURRENT);
            return new WorkspaceStore(file, c, clock, false);
        } catch (SQLException e) {
            closeQuietly(c);
            throw new WorkspaceException(file + ": cannot open the workspace (" + WorkspaceFiles.reason(e) + ")", e);
        } catch (WorkspaceException e) {
            closeQuietly(c);
            throw e;
        }
    }

    /**
     * Opens the workspace at {@code file} for reading only (runs, search, listing marks): it works on a read-only
     * directory or mount, and never creates, migrates or changes anything. A file that does not exist yet is opened as
     * {@link #open} opens it, so that a first listing says there is nothing recorded.
     */
    public static WorkspaceStore openForReading(Path file, Clock clock) throws WorkspaceException {
        if (!Files.exists(file)) {
            return open(file, clock);
        }
        WorkspaceFiles.checkBeforeOpening(file);
        try {
            Connection c = WorkspaceFiles.connect(file, true);
            if (Schema.version(c) < Schema.CURRENT) {
                c.close();
                if (!WorkspaceFiles.writable(file)) {
                    throw readOnly(file, "its tables are of an older Tracedeck and can't be updated");
                }
                return open(file, clock);
            }
            return new WorkspaceStore(file, c, clock, true);
        } catch (SQLException e) {
            throw new WorkspaceException(file + ": cannot open the workspace (" + WorkspaceFiles.reason(e) + ")", e);
        }
    }

    /**
     * Opens the workspace at {@code file} for a search: for writing when it can be written, so that the search can
     * first index what was recorded since the last one ({@link #indexPending}); else for reading ({@link #readOnly()}).
     */
    public static WorkspaceStore openToSearch(Path file, Clock clock) throws WorkspaceException {
        return !Files.exists(file) || WorkspaceFiles.writable(file) ? open(file, clock) : openForReading(file, clock);
    }

    /** True when opened for reading only: nothing can be recorded or indexed through it. */
    public boolean readOnly() {
        return readOnly;
    }

    private static WorkspaceException readOnly(Path file, String why) {
        return new WorkspaceException(file + ": the workspace is read-only (" + why + "); give another --workspace, or "
                + "--no-workspace to record nothing");
    }

    /** The SQLite file; a workspace on a server has none ({@link #address()}). */
    public Path file() {
        return address.filePath();
    }

    /** Where the workspace is: its file, or its server (said without a password). */
    public WorkspaceAddress address() {
        return address;
    }

    /** True when the workspace records who did what: one shared on a server. */
    public boolean recordsAuthors() {
        return dialect.recordsAuthors();
    }

    Dialect dialect() {
        return dialect;
    }

    Connection connection() {
        return connection;
    }

    /** The schema version this build writes. */
    public static int schemaVersion() {
        return Schema.CURRENT;
    }

    /**
     * Records a trace that was opened (and, with {@code validation}, validated) from {@code path}: its size and time,
     * import summary, the validation's summary and findings. The file's hash and its messages in the full-text index
     * are left for later — to {@link #complete} with the trace in hand, or to the first search ({@link #indexPending})
     * — so recording costs a command next to nothing: both read the whole file. A file recorded before under the same
     * path is updated; when its size or time changed, what was recorded of the old content (findings, hash, index)
     * no longer counts. One transaction: all of it is recorded, or none. A validation whose evidence can't be read
     * back as it was read (the file changed since) is refused whole, before anything is written, with the file and
     * line in the message.
     */
    public RunRecord record(Path path, Trace trace, Optional<Validation> validation) throws WorkspaceException {
        return record(path, trace, validation, fingerprints(validation));
    }

    /**
     * {@link #record(Path, Trace, Optional)} with the validation's findings' fingerprints already taken where it
     * ran, so they are the ones that run reported and the file is not read again for them.
     */
    public RunRecord record(Path path, Trace trace, Validation validation, Fingerprints fingerprints) throws WorkspaceException {
        return record(path, trace, Optional.of(validation), fingerprints);
    }

    private RunRecord record(Path path, Trace trace, Optional<Validation> validation, Fingerprints fingerprints)
            throws WorkspaceException {
        FileIdentity observed;
        try {
            observed = hashedWhenTouched(FileIdentity.observe(path));
        } catch (IOException e) {
            throw new WorkspaceException(path + ": cannot read the file to record it (" + e.getMessage() + ")", e);
        }
        Instant now = clock.instant();
        FileIdentity identity = observed;
        write("record " + path, c -> {
            dialect.lock(c, "trace:" + identity.path());
            return new TraceRecorder(c, dialect).record(identity, trace, validation, fingerprints, now);
        });
        return recorded(observed.path(), IndexLimit.chars());
    }

    /**
     * The file's identity, hashed when it was recorded and hashed before with this size but another time: a file
     * touched, checked out or copied over with the same bytes. Its hash then tells whether its content is what was
     * recorded, whose findings and index it keeps; one read of the file, outside the write transaction, and only then.
     */
    private FileIdentity hashedWhenTouched(FileIdentity observed) throws IOException, WorkspaceException {
        Optional<FileIdentity> before = read("look up " + observed.path(), c -> RunQueries.identity(c, observed.path()));
        if (before.isEmpty() || !before.get().hashed() || before.get().size() != observed.size()
                || before.get().sameSizeAndTime(observed)) {
            return observed;
        }
        return observed.withHash(FileIdentity.sha256(Path.of(observed.path())));
    }

    /**
     * Does what recording left for later, for the file just recorded from {@code path} as {@code trace}: takes its
     * hash and puts its messages in the index (unless over the index's limit). Nothing is done when the file no
     * longer has the size and time recorded: the trace in hand would not be its content. Reads the whole file: run it
     * where nobody waits (the app's workspace thread).
     */
    public RunRecord complete(Path path, Trace trace) throws WorkspaceException {
        return complete(path, trace, IndexLimit.chars());
    }

    RunRecord complete(Path path, Trace trace, long indexLimit) throws WorkspaceException {
        RunRecord record = recorded(FileIdentity.key(path), indexLimit);
        if (record.index() == IndexState.NOT_YET || !record.file().hashed()) {
            // The trace is in hand, not read again: the hash is taken here, with nothing to overlap.
            new Completion(this, indexLimit, Runnable::run).complete(record.file(), () -> trace);
            return recorded(record.file().path(), indexLimit);
        }
        return record;
    }

    /**
     * Indexes the recorded files a search does not cover yet (recorded since the last search, within the index's
     * limit), one after the other, each read again with the format it was recorded with, its hash taken meanwhile on
     * {@code hashing} (a thread of its own, so that it overlaps the reading). A file that changed since it was recorded, is gone or can't be read is left as it is.
     *
     * @return the files this tried and left out of the index, and why: not yet (with the reason), or too much text
     *     (see {@link #unindexedFiles()} for all of them)
     */
    public List<UnindexedFile> indexPending(Importers importers, IndexingListener listener, Executor hashing)
            throws WorkspaceException {
        return indexPending(importers, listener, hashing, IndexLimit.chars());
    }

    /** Hashing each file on the calling thread before it is read again. */
    List<UnindexedFile> indexPending(Importers importers, IndexingListener listener) throws WorkspaceException {
        return indexPending(importers, listener, Runnable::run, IndexLimit.chars());
    }

    List<UnindexedFile> indexPending(Importers importers, IndexingListener listener, long indexLimit) throws WorkspaceException {
        return indexPending(importers, listener, Runnable::run, indexLimit);
    }

    List<UnindexedFile> indexPending(Importers importers, IndexingListener listener, Executor hashing, long indexLimit)
            throws WorkspaceException {
        List<RunQueries.Row> pending = read("list the traces not in the index", c -> RunQueries.toIndex(c, indexLimit));
        return new Completion(this, indexLimit, hashing).readAndComplete(pending, importers, listener);
    }

    /**
     * The validation's fingerprints, taken before anything is written: a trace whose evidence the file no longer
     * holds as it was read is not recorded at all, rather than with fingerprints of something else.
     */
    private static Fingerprints fingerprints(Optional<Validation> validation) throws WorkspaceException {
        if (validation.isEmpty()) {
            return Fingerprints.NONE;
        }
        try {
            return Fingerprints.of(validation.get());
        } catch (SourceChangedException e) {
            throw new WorkspaceException(e.getMessage() + "; its findings can't be fingerprinted, so nothing of it is recorded", e);
        }
    }

    /** Every recorded trace, most recently opened first, with how its file compares now. */
    public List<RunRecord> runs() throws WorkspaceException {
        return read("list the traces", c -> RunQueries.all(c, IndexLimit.chars(), dialect, Optional.empty()));
    }

    /**
     * The recorded traces {@code author} opened, as {@link #runs()} lists them; only a workspace that records authors
     * ({@link #recordsAuthors()}) knows who opened what.
     */
    public List<RunRecord> runsOpenedBy(String author) throws WorkspaceException {
        if (!dialect.recordsAuthors()) {
            throw new WorkspaceException(address + ": this workspace does not record who opened a trace (a shared one on "
                    + "PostgreSQL does)");
        }
        return read("list the traces", c -> RunQueries.all(c, IndexLimit.chars(), dialect, Optional.of(author)));
    }

    private RunRecord recorded(String path, long indexLimit) throws WorkspaceException {
        return read("read back " + path, c -> RunQueries.one(c, path, indexLimit))
                .orElseThrow(() -> new WorkspaceException(path + ": not recorded in the workspace " + address));
    }

    /**
     * Full-text search (SQLite FTS5 query syntax: words, "phrases", prefix*, AND/OR/NOT, column:term with the
     * columns {@code content}, {@code tools} and {@code args}) over the messages and tool calls of every trace indexed
     * ({@link #indexPending} first brings in the ones recorded since). A query the index can't read is a
     * {@link SearchQueryException} saying what is wrong with it.
     */
    public List<SearchHit> search(String query, int limit) throws WorkspaceException {
        try {
            return dialect.search(connection, query, limit);
        } catch (SQLException e) {
            Optional<String> problem = dialect.queryProblem(e);
            if (problem.isPresent()) {
                throw new SearchQueryException(query, problem.get(), e);
            }
            throw failure("search", e);
        }
    }

    /**
     * The recorded files that a search does not cover, most recently opened first: those recorded since the last
     * search ({@link IndexState#NOT_YET}), and those with more message text than the index takes from one trace
     * ({@link #indexLimitMiB()}, {@link IndexState#TOO_MUCH_TEXT}).
     */
    public List<UnindexedFile> unindexedFiles() throws WorkspaceException {
        // Straight from the table: listing the runs would look at every recorded file on disk, on every search.
        return unindexedFiles(IndexLimit.chars());
    }

    List<UnindexedFile> unindexedFiles(long indexLimit) throws WorkspaceException {
        return read("list the traces not in the index", c -> RunQueries.unindexed(c, indexLimit));
    }

    /** The most message text, in MiB of characters, that one trace brings into the search index. */
    public static long indexLimitMiB() {
        return IndexLimit.chars() >> 20;
    }

    /** Per recorded path, its last validation's distinct findings and how many are marked; a trace without findings is absent. */
    public Map<String, TriageProgress> triageProgress() throws WorkspaceException {
        return read("count the triage marks", c -> {
            Map<String, TriageProgress> progress = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT t.path, COUNT(*), COUNT(m.fingerprint) FROM traces t "
                    + "JOIN findings f ON f.trace_id = t.id LEFT JOIN triage m ON m.fingerprint = f.fingerprint GROUP BY t.path");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    progress.put(rs.getString(1), new TriageProgress(rs.getLong(2), rs.getLong(3)));
                }
            }
            return progress;
        });
    }

    /** Marks every finding with {@code fingerprint}, in every run, replacing an earlier mark. */
    public TriageMark mark(String fingerprint, TriageStatus status, String note) throws WorkspaceException {
        TriageMark mark = new TriageMark(fingerprint, status, note, clock.instant(),
                dialect.recordsAuthors() ? Optional.of(dialect.author) : Optional.empty());
        write("mark " + fingerprint, c -> {
            dialect.mark(c, mark);
            return null;
        });
        return mark;
    }

    /**
     * Takes the mark off every finding with {@code fingerprint}: they count as untriaged again, and a workspace
     * baseline no longer leaves them out. True when there was a mark.
     */
    public boolean unmark(String fingerprint) throws WorkspaceException {
        Instant now = clock.instant();
        return write("unmark " + fingerprint, c -> dialect.unmark(c, fingerprint, now));
    }

    /**
     * Every change of the mark on {@code fingerprint}, oldest first, each with who made it: a shared workspace keeps
     * them all; an SQLite one keeps the current mark alone, with no author.
     */
    public List<TriageChange> triageHistory(String fingerprint) throws WorkspaceException {
        return read("read the triage history of " + fingerprint, c -> dialect.history(c, fingerprint));
    }

    public Optional<TriageMark> markOf(String fingerprint) throws WorkspaceException {
        return marks().stream().filter(m -> m.fingerprint().equals(fingerprint)).findFirst();
    }

    /** Every triage mark, by fingerprint. */
    public List<TriageMark> marks() throws WorkspaceException {
        return read("read the triage marks", c -> {
            List<TriageMark> marks = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT " + dialect.markColumns("") + " FROM triage ORDER BY fingerprint");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    marks.add(mark(rs));
                }
            }
            return marks;
        });
    }

    /** Every triage mark, by fingerprint, with the rule and the place of the finding it marks (see {@link MarkedFinding}). */
    public List<MarkedFinding> markedFindings() throws WorkspaceException {
        return read("read the triage marks", c -> {
            List<MarkedFinding> marked = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT " + dialect.markColumns("m.") + """
                    , r.rule, r.path, r.line, r.runs
                    FROM triage m LEFT JOIN (
                      SELECT f.fingerprint, f.rule, t.path, f.line,
                             COUNT(*) OVER (PARTITION BY f.fingerprint) AS runs,
                             ROW_NUMBER() OVER (PARTITION BY f.fingerprint ORDER BY t.last_opened DESC, t.path) AS latest
                      FROM findings f JOIN traces t ON t.id = f.trace_id
                      WHERE f.fingerprint IN (SELECT fingerprint FROM triage)) r
                    ON r.fingerprint = m.fingerprint AND r.latest = 1
                    ORDER BY m.fingerprint""");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    marked.add(new MarkedFinding(mark(rs), Optional.ofNullable(rs.getString(6)), Optional.ofNullable(rs.getString(7)),
                            rs.getInt(8), rs.getInt(9)));
                }
            }
            return marked;
        });
    }

    /** A mark as {@link Dialect#markColumns} reads it. */
    private static TriageMark mark(ResultSet rs) throws SQLException {
        return new TriageMark(rs.getString(1), TriageStatus.parse(rs.getString(2)).orElseThrow(), rs.getString(3),
                Instant.parse(rs.getString(4)), Optional.ofNullable(rs.getString(5)));
    }

    /** The fingerprints marked accepted or false-positive: the baseline the workspace keeps. */
    public Set<String> silencedFingerprints() throws WorkspaceException {
        Set<String> silenced = new LinkedHashSet<>();
        for (TriageMark m : marks()) {
            if (m.status().silences()) {
                silenced.add(m.fingerprint());
            }
        }
        return silenced;
    }

    /**
     * The findings the last validation of the run recorded at {@code path} found, in the order of their lines, each
     * with the mark on its fingerprint; empty when the run is not recorded (see {@link #isRecorded}) or had none.
     */
    public List<RunFinding> findingsOf(Path path) throws WorkspaceException {
        String key = FileIdentity.key(path);
        return read("read the findings of " + key, c -> {
            List<RunFinding> found = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT f.fingerprint, f.rule, f.severity, f.thread, f.msg_idx, f.line, "
                    + "f.message, " + dialect.markColumns("m.") + """
                     FROM traces t JOIN findings f ON f.trace_id = t.id LEFT JOIN triage m ON m.fingerprint = f.fingerprint
                    WHERE t.path = ? ORDER BY f.line, f.rule, f.fingerprint""")) {
                s.setString(1, key);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        int msgIdx = rs.getInt(5);
                        OptionalInt idx = rs.wasNull() ? OptionalInt.empty() : OptionalInt.of(msgIdx);
                        Optional<TriageMark> mark = rs.getString(8) == null ? Optional.empty()
                                : Optional.of(new TriageMark(rs.getString(8), TriageStatus.parse(rs.getString(9)).orElseThrow(),
                                        rs.getString(10), Instant.parse(rs.getString(11)), Optional.ofNullable(rs.getString(12))));
                        found.add(new RunFinding(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), idx,
                                rs.getInt(6), rs.getString(7), mark));
                    }
                }
            }
            return found;
        });
    }

    /** True when a run is recorded at {@code path}. */
    public boolean isRecorded(Path path) throws WorkspaceException {
        String key = FileIdentity.key(path);
        return read("look up " + key, c -> RunQueries.identity(c, key).isPresent());
    }

    /**
     * Keeps {@code content}, a baseline as {@code baseline write} writes it with {@code findings} findings, under
     * {@code name}, replacing a baseline of that name: a team then validates against one baseline
     * ({@link #baseline(String)}). Who wrote it is recorded where authors are.
     */
    public NamedBaseline writeBaseline(String name, String content, int findings) throws WorkspaceException {
        if (!NamedBaseline.validName(name)) {
            throw new WorkspaceException(NamedBaseline.nameProblem(name));
        }
        NamedBaseline baseline = new NamedBaseline(name, findings, clock.instant(),
                dialect.recordsAuthors() ? Optional.of(dialect.author) : Optional.empty());
        write("write the baseline " + name, c -> {
            NamedBaselines.write(c, baseline, content, dialect);
            return null;
        });
        return baseline;
    }

    /** The baselines kept by name, by name. */
    public List<NamedBaseline> baselines() throws WorkspaceException {
        return read("list the baselines", NamedBaselines::all);
    }

    /** The content of the baseline kept as {@code name}, as {@code baseline write} wrote it; empty when there is none. */
    public Optional<String> baseline(String name) throws WorkspaceException {
        return read("read the baseline " + name, c -> NamedBaselines.content(c, name));
    }

    /** Fingerprints recorded for findings of any trace that start with {@code prefix} (to expand a short one). */
    public List<String> fingerprintsStartingWith(String prefix) throws WorkspaceException {
        return read("look up " + prefix, c -> {
            List<String> found = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT DISTINCT fingerprint FROM findings WHERE substr(fingerprint, 1, length(?)) = ? ORDER BY 1 LIMIT 10")) {
                s.setString(1, prefix);
                s.setString(2, prefix);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        found.add(rs.getString(1));
                    }
                }
            }
            return found;
        });
    }

    public Annotations annotations() {
        return new Annotations(this, clock);
    }

    @Override
    public void close() throws WorkspaceException {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new WorkspaceException(address + ": cannot close the workspace (" + dialect.reason(e) + ")", e);
        }
    }

    /** SQL work on the store's connection. */
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /**
     * Runs {@code work} in one IMMEDIATE transaction: all of it is written, or nothing. The failure reported is the
     * work's own (a full disk, a damaged page): SQLite may already have rolled the transaction back, and what the
     * rollback or the return to autocommit then say would hide it.
     */
    <T> T write(String what, Work<T> work) throws WorkspaceException {
        SQLException failed = null;
        try {
            connection.setAutoCommit(false);
            T result = work.run(connection);
            connection.commit();
            return result;
        } catch (SQLException e) {
            failed = e;
            rollbackQuietly(e);
            throw failure(what, e);
        } catch (RuntimeException e) {
            rollbackQuietly(e);
            throw e;
        } finally {
            try {
                connection.setAutoCommit(true);
            } catch (SQLException e) {
                if (failed == null) {
                    throw failure(what, e);
                }
                failed.addSuppressed(e);
            }
        }
    }

    private void rollbackQuietly(Exception failure) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    <T> T read(String what, Work<T> work) throws WorkspaceException {
        try {
            return work.run(connection);
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    /** The one line said for a failure of the database while doing {@code what}: the file, the work, and why in words. */
    WorkspaceException failure(String what, SQLException e) {
        String reason = e.getMessage() != null && e.getMessage().contains("SQLITE_BUSY")
                ? "another process held the workspace for over " + WorkspaceFiles.BUSY_TIMEOUT_MILLIS / 1000 + " s"
                : dialect.reason(e);
        return new WorkspaceException(address + ": cannot " + what + " (" + reason + ")", e);
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // already failing; the first error is the one to report
            }
        }
    }
}
