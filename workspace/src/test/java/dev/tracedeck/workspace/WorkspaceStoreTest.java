package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Fingerprint;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

abstract class WorkspaceStoreTest {

    private TestWorkspace workspace;

    /** The workspace of the kind under test, made for this test. */
    abstract TestWorkspace workspace(Path dir) throws Exception;

    /** Who the workspace under test records as doing what: nobody in one that records no authors. */
    abstract Optional<String> author();

    TestWorkspace workspace() throws Exception {
        if (workspace == null) {
            workspace = workspace(dir);
        }
        return workspace;
    }

    @TempDir
    Path dir;

    @Test
    void recordsATraceWithItsIdentityImportAndValidationSummaries() throws Exception {
        Trace trace = TestTraces.read(TestTraces.BEFORE);
        Validation validation = TestTraces.validate(trace);
        try (WorkspaceStore store = workspace().open()) {
            RunRecord run = store.record(TestTraces.BEFORE, trace, Optional.of(validation));
            assertEquals(FileIdentity.key(TestTraces.BEFORE), run.file().path());
            assertFalse(run.file().hashed(), "the hash is left for later");
            assertEquals(IndexState.NOT_YET, run.index(), "so is the index");
            assertEquals(Files.size(TestTraces.BEFORE), run.file().size());
            assertEquals("mycelian-log", run.format());
            assertEquals(trace.report().records(), run.records());
            assertEquals(trace.threads().size(), run.threads());
            assertEquals(validation.count(Severity.ERROR), run.errors().getAsLong());
            assertEquals(validation.count(Severity.WARNING), run.warnings().getAsLong());
            assertTrue(run.ruleCounts().containsKey("duplicate-add-entry"), run.ruleCounts().toString());
            assertEquals(TestTraces.CLOCK.instant(), run.lastOpened());
            assertEquals(FileStatus.UNCHANGED, run.status());

            RunRecord completed = store.complete(TestTraces.BEFORE, trace);
            assertEquals(FileIdentity.sha256(TestTraces.BEFORE), completed.file().sha256());
            assertTrue(completed.indexed());
            assertEquals(run.errors(), completed.errors());
        }
    }

    @Test
    void keepsOneRowPerPath() throws Exception {
        Trace trace = TestTraces.read(TestTraces.AFTER);
        try (WorkspaceStore store = workspace().open()) {
            store.record(TestTraces.AFTER, trace, Optional.empty());
            RunRecord again = store.record(TestTraces.AFTER, trace, Optional.empty());
            assertEquals(1, store.runs().size());
            assertTrue(again.errors().isEmpty(), "only inspected: no validation summary");
        }
    }

    @Test
    void showsAFileThatChangedOrMovedSince() throws Exception {
        Path copy = Files.copy(TestTraces.AFTER, dir.resolve("run.log"));
        Path other = Files.copy(TestTraces.BEFORE, dir.resolve("other.log"));
        try (WorkspaceStore store = workspace().open()) {
            Trace trace = TestTraces.read(copy);
            store.record(copy, trace, Optional.empty());
            store.complete(copy, trace);
            store.record(other, TestTraces.read(other), Optional.empty());
            Files.writeString(other, "\nappended", java.nio.file.StandardOpenOption.APPEND);
            Files.setLastModifiedTime(other, FileTime.fromMillis(Files.getLastModifiedTime(other).toMillis() + 5_000));
            Path moved = Files.move(copy, dir.resolve("moved.log"), StandardCopyOption.ATOMIC_MOVE);
            assertEquals(FileStatus.MISSING, status(store, copy));
            assertEquals(FileStatus.CHANGED, status(store, other));
            store.record(moved, trace, Optional.empty());
            assertEquals(FileStatus.MISSING, status(store, copy), "moved is told by the hash, not taken yet at the new path");
            store.complete(moved, trace);
            RunRecord old = store.runs().stream().filter(r -> r.file().path().equals(FileIdentity.key(copy))).findFirst().orElseThrow();
            assertEquals(FileStatus.MOVED, old.status());
            assertEquals(Optional.of(FileIdentity.key(moved)), old.movedTo());
            assertEquals(FileStatus.UNCHANGED, status(store, moved));
        }
        assertTrue(Files.readString(dir.resolve("moved.log")).equals(Files.readString(TestTraces.AFTER)), "the trace is never changed");
    }

    private static FileStatus status(WorkspaceStore store, Path file) throws WorkspaceException {
        return store.runs().stream().filter(r -> r.file().path().equals(FileIdentity.key(file))).findFirst().orElseThrow().status();
    }

    @Test
    void aTriageMarkHoldsInEveryRunWithTheSameFingerprint() throws Exception {
        Path shifted = TestTraces.shiftedCopy(TestTraces.BEFORE, dir);
        List<String> original = fingerprints(TestTraces.validate(TestTraces.read(TestTraces.BEFORE)));
        List<String> rerun = fingerprints(TestTraces.validate(TestTraces.read(shifted)));
        assertFalse(original.isEmpty());
        assertEquals(original, rerun, "inserted lines shift every line but keep every fingerprint");
        try (WorkspaceStore store = workspace().open()) {
            store.mark(original.get(0), TriageStatus.ACCEPTED, "known since 2025-09");
            store.mark(original.get(1), TriageStatus.CONFIRMED, "");
            store.mark(original.get(0), TriageStatus.FALSE_POSITIVE, "the rule was wrong");
            assertEquals(Set.of(rerun.get(0)), store.silencedFingerprints());
            TriageMark mark = store.markOf(rerun.get(0)).orElseThrow();
            assertEquals(TriageStatus.FALSE_POSITIVE, mark.status());
            assertEquals("the rule was wrong", mark.note());
            assertEquals(TestTraces.CLOCK.instant(), mark.markedAt());
            assertEquals(2, store.marks().size());

            assertTrue(store.unmark(rerun.get(0)));
            assertFalse(store.unmark(rerun.get(0)), "nothing left to take off");
            assertTrue(store.markOf(original.get(0)).isEmpty());
            assertEquals(Set.of(), store.silencedFingerprints(), "an unmarked finding is reported again");
            assertEquals(List.of(original.get(1)), store.marks().stream().map(TriageMark::fingerprint).toList());
        }
    }

    private static List<String> fingerprints(Validation v) throws SourceChangedException {
        Fingerprints taken = Fingerprints.of(v);
        return v.findings().stream().map(taken::of).collect(Collectors.toList());
    }

    @Test
    void findingsLinesDifferInTheShiftedCopyYetTheirFingerprintsDoNot() throws Exception {
        Path shifted = TestTraces.shiftedCopy(TestTraces.BEFORE, dir);
        Validation a = TestTraces.validate(TestTraces.read(TestTraces.BEFORE));
        Validation b = TestTraces.validate(TestTraces.read(shifted));
        assertEquals(a.findings().size(), b.findings().size());
        for (int i = 0; i < a.findings().size(); i++) {
            assertTrue(a.findings().get(i).line() != b.findings().get(i).line(), "line moved");
        }
        Validation other = TestTraces.validate(TestTraces.read(TestTraces.MYCELIAN.resolve("protocol-violations.log")));
        assertTrue(fingerprints(other).stream().noneMatch(fingerprints(a)::contains), "different evidence, different fingerprints");
    }

    @Test
    void aValidationWhoseEvidenceTheFileNoLongerHoldsIsNotRecordedAtAll() throws Exception {
        // The assistant's call at line 3 gets no result: a finding whose evidence is a range of the file.
        String chat = """
                {"role": "user", "content": "Book a table for two at eight."}
                {"role": "user", "content": "Any luck?"}
                {"role": "assistant", "content": "Looking for a table.", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "find_table", "arguments": "{}"}}]}
                """;
        for (String changed : List.of(chat.replace("Looking for", "Seeking for"), chat.replace("a table.", "a table by the window."))) {
            Path file = Files.writeString(dir.resolve("booking.jsonl"), chat);
            Trace trace = TestTraces.read(file);
            Validation validation = TestTraces.validate(trace);
            assertFalse(validation.findings().isEmpty());
            Files.writeString(file, changed);

            try (WorkspaceStore store = workspace().open()) {
                WorkspaceException e = assertThrows(WorkspaceException.class,
                        () -> store.record(file, trace, Optional.of(validation)));
                assertTrue(e.getMessage().startsWith(file + ":3: cannot read the record back as it was read: "
                        + "the file changed since it was opened"), e.getMessage());
                assertEquals(List.of(), store.runs(), "nothing of it, not even the run");
                assertEquals(List.of(), store.fingerprintsStartingWith(""));
            }
        }
    }

    @Test
    void keepsNotesAndBookmarksOnEventsByContentHash() throws Exception {
        try (WorkspaceStore store = workspace().open()) {
            Annotations a = store.annotations();
            EventNote first = a.addNote("abc", 12, "the duplicate starts here");
            a.addNote("abc", 3, "system prompt; note ' quotes \" and ; DROP TABLE notes; --");
            a.addNote("def", 3, "another trace");
            assertEquals(List.of(3, 12), a.notes("abc").stream().map(EventNote::seq).toList());
            assertEquals("system prompt; note ' quotes \" and ; DROP TABLE notes; --", a.notes("abc").get(0).text());
            a.deleteNote(first.id());
            assertEquals(1, a.notes("abc").size());
            a.bookmark("abc", 7, "flush");
            a.bookmark("abc", 7, "flush (renamed)");
            a.bookmark("abc", 2, "start");
            assertEquals(List.of("start", "flush (renamed)"), a.bookmarks("abc").stream().map(Bookmark::label).toList());
            a.removeBookmark("abc", 2);
            assertEquals(1, a.bookmarks("abc").size());
        }
    }

    @Test
    void aNoteComesBackWithItsAuthorWhereAuthorsAreRecorded() throws Exception {
        try (WorkspaceStore store = workspace().open()) {
            EventNote written = store.annotations().addNote("abc", 4, "looked at this");
            assertEquals(author(), written.author());
            assertEquals(List.of(author()), store.annotations().notes("abc").stream().map(EventNote::author).toList());
        }
    }

    @Test
    void keepsBaselinesByNameWithWhenAndWhoWroteThemAndReplacesOneWrittenAgain() throws Exception {
        try (WorkspaceStore store = workspace().open()) {
            assertEquals(List.of(), store.baselines());
            store.writeBaseline("release-1.2", "{\"tracedeckBaseline\": 1, \"findings\": []}", 0);
            store.writeBaseline("main", "{\"tracedeckBaseline\": 1, \"findings\": [{\"fingerprint\": \"f1\"}]}", 1);
            store.writeBaseline("main", "{\"tracedeckBaseline\": 1, \"findings\": [{\"fingerprint\": \"f2\"}]}", 1);
            assertEquals(List.of(new NamedBaseline("main", 1, TestTraces.CLOCK.instant(), author()),
                    new NamedBaseline("release-1.2", 0, TestTraces.CLOCK.instant(), author())), store.baselines());
            assertTrue(store.baseline("main").orElseThrow().contains("f2"), "the last one written is the one kept");
            assertEquals(Optional.empty(), store.baseline("no-such-baseline"));
            WorkspaceException refused = assertThrows(WorkspaceException.class, () -> store.writeBaseline("a b; --", "{}", 0));
            assertTrue(refused.getMessage().contains("'a b; --' is not a baseline name"), refused.getMessage());
        }
    }

    @Test
    void listsARunsFindingsWithTheMarkOnEach() throws Exception {
        Trace trace = TestTraces.read(TestTraces.BEFORE);
        Validation validation = TestTraces.validate(trace);
        List<String> fingerprints = fingerprints(validation);
        try (WorkspaceStore store = workspace().open()) {
            assertEquals(List.of(), store.findingsOf(TestTraces.BEFORE));
            assertFalse(store.isRecorded(TestTraces.BEFORE));
            store.record(TestTraces.BEFORE, trace, Optional.of(validation));
            store.mark(fingerprints.get(0), TriageStatus.CONFIRMED, "real");
            List<RunFinding> found = store.findingsOf(TestTraces.BEFORE);
            assertTrue(store.isRecorded(TestTraces.BEFORE));
            assertEquals(fingerprints.stream().distinct().count(), found.size());
            RunFinding marked = found.stream().filter(f -> f.fingerprint().equals(fingerprints.get(0))).findFirst().orElseThrow();
            assertEquals(TriageStatus.CONFIRMED, marked.mark().orElseThrow().status());
            assertEquals(author(), marked.mark().orElseThrow().author());
            assertEquals(1, found.stream().filter(f -> f.mark().isPresent()).count());
            List<Integer> lines = found.stream().map(RunFinding::line).toList();
            assertEquals(lines.stream().sorted().toList(), lines, "in the order of their lines");
        }
    }

    @Test
    void countsEachTracesFindingsAndHowManyAreMarked() throws Exception {
        Trace trace = TestTraces.read(TestTraces.BEFORE);
        Validation validation = TestTraces.validate(trace);
        try (WorkspaceStore store = workspace().open()) {
            store.record(TestTraces.BEFORE, trace, Optional.of(validation));
            store.record(TestTraces.AFTER, TestTraces.read(TestTraces.AFTER), Optional.empty());
            String path = FileIdentity.key(TestTraces.BEFORE);
            long distinct = fingerprints(validation).stream().distinct().count();
            assertTrue(distinct > 1);
            assertEquals(new TriageProgress(distinct, 0), store.triageProgress().get(path));

            store.mark(Fingerprint.of(validation.findings().get(0)), TriageStatus.CONFIRMED, "");

            assertEquals(new TriageProgress(distinct, 1), store.triageProgress().get(path));
            assertFalse(store.triageProgress().containsKey(FileIdentity.key(TestTraces.AFTER)), "only inspected: no findings");
        }
    }

    @Test
    void aFifoIsRefusedWithoutWaitingForAWriter() throws Exception {
        Path fifo = dir.resolve("trace.log");
        boolean made;
        try {
            made = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor() == 0;
        } catch (java.io.IOException e) {
            made = false;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(made, "mkfifo is there (POSIX)");
        Trace trace = TestTraces.read(TestTraces.AFTER);
        try (WorkspaceStore store = workspace().open()) {
            WorkspaceException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
                    () -> assertThrows(WorkspaceException.class, () -> store.record(fifo, trace, Optional.empty())));
            assertEquals(fifo + ": cannot read the file to record it (not a regular file, so it can't be read again to "
                    + "tell later whether it changed)", e.getMessage());
            assertTrue(store.runs().isEmpty());
        }
    }
}
