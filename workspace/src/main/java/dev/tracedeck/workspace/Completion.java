package dev.tracedeck.workspace;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;

/**
 * What recording leaves for later, done for one recorded file: its SHA-256 and its messages in the search index. The
 * hash is taken on another thread ({@code hashing}) while the trace is read (a search reads the file again), and both are kept only
 * when the file still has the size and time recorded, before and after, and was not recorded again meanwhile: else the
 * hash and the index would be of other content than the row describes, and the file waits until it is recorded again.
 */
final class Completion {

    /** The trace of the file being completed: read again, or the one in hand. */
    @FunctionalInterface
    interface TraceSource {
        Trace read() throws ImportException;
    }

    private final WorkspaceStore store;
    private final long indexLimit;
    private final Executor hashing;

    /** @param hashing where a file's hash is taken while it is read; the caller's thread runs it first when direct */
    Completion(WorkspaceStore store, long indexLimit, Executor hashing) {
        this.store = store;
        this.indexLimit = indexLimit;
        this.hashing = hashing;
    }

    /**
     * Hashes and indexes the file recorded as {@code recorded}: empty when it is indexed now, else why not (over the
     * index's limit, or not yet and why).
     */
    Optional<UnindexedFile> complete(FileIdentity recorded, TraceSource source) throws WorkspaceException {
        String path = recorded.path();
        if (!recorded.stillOnDisk()) {
            return notYet(path, Files.exists(Path.of(path)) ? "changed since it was recorded" : "no longer there");
        }
        FutureTask<String> hashing = new FutureTask<>(recorded.hashed() ? recorded::sha256 : () -> FileIdentity.sha256(Path.of(path)));
        if (recorded.hashed()) {
            hashing.run();
        } else {
            this.hashing.execute(hashing);
        }
        Trace trace;
        String sha256;
        try {
            trace = source.read();
            sha256 = hashing.get();
        } catch (ImportException e) {
            return notYet(path, "cannot be read (" + e.getMessage() + ")");
        } catch (ExecutionException e) {
            return notYet(path, "cannot be read (" + e.getCause().getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkspaceException(path + ": interrupted while indexing it", new InterruptedIOException());
        } finally {
            hashing.cancel(true);
        }
        if (!recorded.stillOnDisk()) {
            return notYet(path, "changed while it was indexed");
        }
        long chars = IndexLimit.count(trace.events(), indexLimit);
        boolean fits = chars <= indexLimit;
        return store.write("index " + path, c -> {
            // On a shared workspace indexers take turns (the messages are shared between traces), and the trace's own
            // record waits too.
            store.dialect().lock(c, "index");
            store.dialect().lock(c, "trace:" + path);
            Optional<FileIdentity> now = RunQueries.identity(c, path);
            if (now.isEmpty() || !now.get().sameSizeAndTime(recorded) || now.get().hashed() && !now.get().sha256().equals(sha256)) {
                return notYet(path, "recorded again while it was indexed");
            }
            long id = RunQueries.id(c, path);
            SearchIndexer indexer = new SearchIndexer(c, store.dialect());
            if (fits) {
                indexer.index(id, trace);
            } else {
                // What is indexed of an older content of the file goes, nothing comes.
                indexer.forget(id);
            }
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE traces SET sha256 = ?, index_chars = ?, indexed_sha256 = ? WHERE id = ?")) {
                s.setString(1, sha256);
                s.setLong(2, chars);
                s.setString(3, fits ? sha256 : null);
                s.setLong(4, id);
                s.executeUpdate();
            }
            return fits ? Optional.<UnindexedFile>empty()
                    : Optional.of(new UnindexedFile(path, IndexState.TOO_MUCH_TEXT, Optional.empty()));
        });
    }

    /**
     * Completes each of {@code recorded}, one after the other, reading it again with the format it was recorded with.
     *
     * @return the files left out of the index, and why
     */
    List<UnindexedFile> readAndComplete(List<RunQueries.Row> recorded, Importers importers, IndexingListener listener)
            throws WorkspaceException {
        List<UnindexedFile> left = new ArrayList<>();
        for (int i = 0; i < recorded.size(); i++) {
            RunQueries.Row row = recorded.get(i);
            String path = row.file().path();
            if (importers.importer(row.format()).isEmpty()) {
                notYet(path, "recorded as " + row.format() + ", a format this Tracedeck does not read").ifPresent(left::add);
                continue;
            }
            int index = i + 1;
            complete(row.file(), () -> {
                ImportListener progress = listener.reading(path, index, recorded.size());
                try {
                    return importers.read(ImportSource.of(Path.of(path)), progress, row.format());
                } finally {
                    listener.doneReading(path);
                }
            }).ifPresent(left::add);
        }
        return left;
    }

    private static Optional<UnindexedFile> notYet(String path, String reason) {
        return Optional.of(new UnindexedFile(path, IndexState.NOT_YET, Optional.of(reason)));
    }
}
