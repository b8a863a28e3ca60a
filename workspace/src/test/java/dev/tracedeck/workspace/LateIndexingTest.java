package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recording a trace writes its row and findings only: the file's hash and its messages in the index are left to the
 * first search, which reads the file again, and only while it is still the file recorded.
 */
abstract class LateIndexingTest {

    private TestWorkspace workspace;

    /** The workspace of the kind under test, made for this test. */
    abstract TestWorkspace workspace(Path dir) throws Exception;

    TestWorkspace workspace() throws Exception {
        if (workspace == null) {
            workspace = workspace(dir);
        }
        return workspace;
    }

    @TempDir
    Path dir;

    /** Which files a search read again to index them, as "path i/n". */
    private final List<String> read = new ArrayList<>();
    private final IndexingListener listener = new IndexingListener() {
        @Override
        public ImportListener reading(String path, int index, int count) {
            read.add(Path.of(path).getFileName() + " " + index + "/" + count);
            return ImportListener.NONE;
        }
    };

    @Test
    void recordingNeitherHashesNorIndexes() throws Exception {
        Path log = Files.copy(TestTraces.BEFORE, dir.resolve("run.log"));
        try (WorkspaceStore store = workspace().open()) {
            Trace trace = TestTraces.read(log);
            RunRecord run = store.record(log, trace, Optional.of(TestTraces.validate(trace)));
            assertFalse(run.file().hashed());
            assertEquals(IndexState.NOT_YET, run.index());
            assertTrue(run.errors().getAsLong() > 0, "the findings are recorded at once");
            assertEquals(List.of(), store.search("tools:add_entry", 10));
            assertEquals(List.of(new UnindexedFile(FileIdentity.key(log), IndexState.NOT_YET, Optional.empty())),
                    store.unindexedFiles());
        }
        assertEquals(0, workspace().count("SELECT count(*) FROM search_docs"));
        assertEquals(0, workspace().count("SELECT count(*) FROM traces WHERE sha256 <> ''"));
    }

    @Test
    void theFirstSearchIndexesWhatWasRecordedSinceAndTakesItsHash() throws Exception {
        Path before = Files.copy(TestTraces.BEFORE, dir.resolve("before.log"));
        Path after = Files.copy(TestTraces.AFTER, dir.resolve("after.log"));
        try (WorkspaceStore store = workspace().open()) {
            store.record(before, TestTraces.read(before), Optional.empty());
            store.record(after, TestTraces.read(after), Optional.empty());

            assertEquals(List.of(), store.indexPending(Importers.standard(), listener));

            assertEquals(List.of("after.log 1/2", "before.log 2/2"), read);
            for (RunRecord run : store.runs()) {
                assertEquals(FileIdentity.sha256(Path.of(run.file().path())), run.file().sha256());
                assertTrue(run.indexed());
            }
            List<SearchHit> hits = store.search("tools:add_entry", 1000);
            assertTrue(hits.stream().anyMatch(h -> h.file().equals(FileIdentity.key(before))), hits.toString());
            assertTrue(hits.stream().anyMatch(h -> h.file().equals(FileIdentity.key(after))), hits.toString());
            for (SearchHit h : hits) {
                assertTrue(Files.readAllLines(Path.of(h.file())).get(h.line() - 1).contains("add_entry"), h.toString());
            }
            assertEquals(List.of(), store.unindexedFiles());

            read.clear();
            store.indexPending(Importers.standard(), listener);
            store.record(before, TestTraces.read(before), Optional.empty());
            store.indexPending(Importers.standard(), listener);
            assertEquals(List.of(), read, "indexed once: recorded again with the same size and time, it is not read again");
            assertTrue(store.runs().stream().allMatch(r -> r.indexed() && r.file().hashed()));
        }
    }

    @Test
    void aFileThatChangedOrWentSinceItWasRecordedIsNeitherHashedNorIndexedAndSaysWhy() throws Exception {
        Path changed = Files.copy(TestTraces.BEFORE, dir.resolve("changed.log"));
        Path gone = Files.copy(TestTraces.AFTER, dir.resolve("gone.log"));
        try (WorkspaceStore store = workspace().open()) {
            store.record(changed, TestTraces.read(changed), Optional.empty());
            store.record(gone, TestTraces.read(gone), Optional.empty());
            Files.writeString(changed, "2025-09-05 10:16:00,000 [x.py:y] one more line\n", StandardOpenOption.APPEND);
            Files.setLastModifiedTime(changed, FileTime.fromMillis(Files.getLastModifiedTime(changed).toMillis() + 5_000));
            Files.delete(gone);

            List<UnindexedFile> left = store.indexPending(Importers.standard(), listener);

            assertEquals(List.of(), read, "neither is read");
            assertEquals(List.of(
                    new UnindexedFile(FileIdentity.key(changed), IndexState.NOT_YET, Optional.of("changed since it was recorded")),
                    new UnindexedFile(FileIdentity.key(gone), IndexState.NOT_YET, Optional.of("no longer there"))),
                    left);
            assertTrue(store.runs().stream().noneMatch(r -> r.file().hashed()), "no hash of content other than the one recorded");
            assertEquals(List.of(), store.search("tools:add_entry", 10));

            store.record(changed, TestTraces.read(changed), Optional.empty());
            assertEquals(List.of(new UnindexedFile(FileIdentity.key(gone), IndexState.NOT_YET, Optional.of("no longer there"))),
                    store.indexPending(Importers.standard(), listener), "recorded again, it is indexed");
            assertFalse(store.search("tools:add_entry", 10).isEmpty());
        }
    }

    @Test
    void aHashedFileTouchedWithItsBytesUnchangedKeepsItsFindingsAndIndexWhenRecordedAgainAndOneChangedInPlaceDoesNot()
            throws Exception {
        Path touched = Files.copy(TestTraces.BEFORE, dir.resolve("touched.log"));
        Path rewritten = Files.copy(TestTraces.BEFORE, dir.resolve("rewritten.log"));
        try (WorkspaceStore store = workspace().open()) {
            for (Path log : List.of(touched, rewritten)) {
                Trace trace = TestTraces.read(log);
                store.record(log, trace, Optional.of(TestTraces.validate(trace)));
            }
            assertEquals(List.of(), store.indexPending(Importers.standard(), listener));
            // The same bytes with a later time (a checkout, a copy); and one byte changed in place, size kept.
            Files.setLastModifiedTime(touched, FileTime.fromMillis(Files.getLastModifiedTime(touched).toMillis() + 5_000));
            byte[] bytes = Files.readAllBytes(rewritten);
            int at = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("add_entry");
            bytes[at] = 'A';
            Files.write(rewritten, bytes);
            Files.setLastModifiedTime(rewritten, FileTime.fromMillis(Files.getLastModifiedTime(touched).toMillis()));

            RunRecord kept = store.record(touched, TestTraces.read(touched), Optional.empty());
            RunRecord dropped = store.record(rewritten, TestTraces.read(rewritten), Optional.empty());

            assertTrue(kept.errors().isPresent() && kept.errors().getAsLong() > 0, "its findings are still the file's");
            assertTrue(kept.indexed(), "so is its index");
            assertEquals(Files.getLastModifiedTime(touched).toMillis(), kept.file().modifiedMillis());
            assertTrue(dropped.errors().isEmpty(), "another content: what was recorded of the old one goes");
            assertFalse(dropped.indexed());
            assertEquals(FileIdentity.sha256(rewritten), dropped.file().sha256(), "its new hash, taken to tell, is kept");
        }
    }

    @Test
    void aFileOverTheIndexLimitIsReadOnceAndThenSaidWithoutReadingItAgain() throws Exception {
        Path log = Files.copy(TestTraces.BEFORE, dir.resolve("run.log"));
        try (WorkspaceStore store = workspace().open()) {
            store.record(log, TestTraces.read(log), Optional.empty());
            List<UnindexedFile> tooMuch = List.of(new UnindexedFile(FileIdentity.key(log), IndexState.TOO_MUCH_TEXT, Optional.empty()));

            assertEquals(tooMuch, store.indexPending(Importers.standard(), listener, 100));
            assertEquals(List.of(), store.indexPending(Importers.standard(), listener, 100), "nothing left to try");

            assertEquals(List.of("run.log 1/1"), read, "its text is counted once");
            assertEquals(tooMuch, store.unindexedFiles(100));
            assertTrue(store.runs().get(0).file().hashed(), "hashed all the same");
            assertEquals(List.of(), store.indexPending(Importers.standard(), listener, Long.MAX_VALUE), "a larger limit indexes it");
            assertFalse(store.search("tools:add_entry", 10).isEmpty());
        }
    }

    @Test
    void aFileRecordedInAFormatThisBuildDoesNotReadIsLeftAndSaysSo() throws Exception {
        Path log = Files.writeString(dir.resolve("x.log"), "synthetic");
        try (WorkspaceStore store = workspace().open()) {
            store.record(log, TestTraces.synthetic("x.log", 3, "s"), Optional.empty());
            assertEquals(List.of(new UnindexedFile(FileIdentity.key(log), IndexState.NOT_YET,
                            Optional.of("recorded as synthetic, a format this Tracedeck does not read"))),
                    store.indexPending(Importers.standard(), listener));
            assertEquals(List.of(), read);
        }
    }
}
