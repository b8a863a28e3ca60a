package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

abstract class SearchIndexTest {

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

    @Test
    void indexesEachDistinctMessageOnceThoughTheDumpsRepeatIt() throws Exception {
        Trace trace = TestTraces.read(TestTraces.BEFORE);
        long stateEntries = trace.events().stream().filter(e -> e.payload() instanceof Payload.StateDump)
                .mapToLong(e -> ((Payload.StateDump) e.payload()).snapshot().size()).sum();
        try (WorkspaceStore store = workspace().open()) {
            recordAndIndex(store, TestTraces.BEFORE, trace);
            recordAndIndex(store, TestTraces.BEFORE, trace);
        }
        long docs = workspace().count("SELECT count(*) FROM search_docs");
        long distinct = workspace().count(workspace().distinctTexts());
        assertTrue(docs > 0 && docs < stateEntries, docs + " documents for " + stateEntries + " state entries");
        assertEquals(distinct, docs, "no message is indexed twice");
    }

    @Test
    void findsMessagesToolNamesAndArgumentsWithFileThreadSeqAndLine() throws Exception {
        Trace trace = TestTraces.read(TestTraces.BEFORE);
        try (WorkspaceStore store = workspace().open()) {
            recordAndIndex(store, TestTraces.BEFORE, trace);
            recordAndIndex(store, TestTraces.AFTER, TestTraces.read(TestTraces.AFTER));
            List<SearchHit> hits = store.search("tools:add_entry", 1000);
            assertFalse(hits.isEmpty());
            assertTrue(hits.stream().anyMatch(h -> h.file().endsWith("before-prebuilt-react.log")));
            assertTrue(hits.stream().anyMatch(h -> h.file().endsWith("after-tool-only.log")));
            for (SearchHit h : hits) {
                List<String> lines = Files.readAllLines(Path.of(h.file()));
                assertTrue(lines.get(h.line() - 1).contains("add_entry"), h + " points at " + lines.get(h.line() - 1));
            }
            SearchHit first = hits.get(0);
            Trace of = first.file().endsWith("before-prebuilt-react.log") ? trace : TestTraces.read(Path.of(first.file()));
            assertEquals(first.thread(), of.event(first.seq()).threadId());
            assertTrue(first.snippet().contains("[add_entry]"), first.snippet());
            assertTrue(first.pieces().stream().anyMatch(p -> p.match() && p.text().equals("add_entry")),
                    "the matched words apart, for a view to mark: " + first.pieces());
            assertEquals(first.snippet(), first.pieces().stream()
                    .map(p -> p.match() ? "[" + p.text() + "]" : p.text()).collect(java.util.stream.Collectors.joining()));
        }
    }

    @Test
    void aBadQueryIsOneLineAndATraceIsOnlyEverABoundParameter() throws Exception {
        try (WorkspaceStore store = workspace().open()) {
            recordAndIndex(store, TestTraces.AFTER, TestTraces.synthetic("x.log", 3, "'); DROP TABLE traces; --"));
            WorkspaceException e = assertThrows(SearchQueryException.class, () -> store.search("\"unclosed", 10));
            assertEquals("bad query '\"unclosed': a double quote is not closed", e.getMessage(), "the query's fault, not the workspace's");
            e = assertThrows(SearchQueryException.class, () -> store.search("zebra AND (", 10));
            assertTrue(e.getMessage().startsWith("bad query 'zebra AND (': it ends where more was expected"), e.getMessage());
            e = assertThrows(SearchQueryException.class, () -> store.search("who:zebra", 10));
            assertEquals("bad query 'who:zebra': who: is not a field; the fields are content:, tools: and args:", e.getMessage());
            assertEquals(3, store.search("zebra", 10).size());
            assertEquals(1, store.runs().size());
        }
    }

    @Test
    void aChangedFileIsIndexedAgainAndItsOldMessagesLeave() throws Exception {
        Path log = dir.resolve("run.log");
        Files.writeString(log, "one");
        try (WorkspaceStore store = workspace().open()) {
            recordAndIndex(store, log, TestTraces.synthetic("run.log", 5, "first"));
            Files.writeString(log, "two, longer");
            Trace second = TestTraces.synthetic("run.log", 4, "second");
            store.record(log, second, Optional.empty());
            assertEquals(0, store.search("first", 10).size(), "recorded again with other content: its old messages are not its own");
            store.complete(log, second);
            assertEquals(0, store.search("first", 10).size());
            assertEquals(4, store.search("second", 10).size());
        }
        assertEquals(4, workspace().count("SELECT count(*) FROM search_docs"));
    }

    @Test
    void aTraceWithMoreTextThanTheLimitIsRecordedUnindexedAndSearchesSaySo() throws Exception {
        Path log = dir.resolve("big.log");
        Files.writeString(log, "small");
        Trace small = TestTraces.synthetic("big.log", 3, "small");
        Trace big = TestTraces.synthetic("big.log", 40, "big");
        long limit = small.events().stream().mapToLong(e -> e.text().length()).sum() * 2;
        try (WorkspaceStore store = workspace().open()) {
            store.record(log, small, Optional.empty());
            store.complete(log, small, limit);
            assertEquals(3, store.search("zebra", 100).size());
            assertEquals(List.of(), store.unindexedFiles(limit));

            Files.writeString(log, "big, and over the limit");
            store.record(log, big, Optional.empty());
            RunRecord record = store.complete(log, big, limit);
            assertEquals(IndexState.TOO_MUCH_TEXT, record.index());
            assertTrue(record.file().hashed(), "hashed all the same");
            assertEquals(1, store.runs().size(), "recorded all the same");
            assertEquals(0, store.search("zebra", 100).size(), "the old content's messages left the index");
            assertEquals(List.of(new UnindexedFile(FileIdentity.key(log), IndexState.TOO_MUCH_TEXT, Optional.empty())),
                    store.unindexedFiles(limit));

            assertTrue(store.complete(log, big, Long.MAX_VALUE).indexed(), "a larger limit indexes it");
            assertEquals(40, store.search("zebra", 100).size());
            assertEquals(List.of(), store.unindexedFiles(limit), "indexed stays indexed");
        }
        assertEquals(40, workspace().count("SELECT count(*) FROM search_docs"));
    }

    private static void recordAndIndex(WorkspaceStore store, Path file, Trace trace) throws WorkspaceException {
        store.record(file, trace, Optional.empty());
        assertTrue(store.complete(file, trace).indexed(), file + " indexed");
    }

    static long count(Path ws, String sql) throws Exception {
        try (Connection c = WorkspaceFiles.connect(ws, true); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.getLong(1);
        }
    }
}
