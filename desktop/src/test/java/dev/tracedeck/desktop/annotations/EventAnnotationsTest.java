package dev.tracedeck.desktop.annotations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.EventNote;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventAnnotationsTest {

    private static final String SHA = "ab".repeat(32);

    @TempDir
    Path dir;

    private final Trace trace = TestTraces.small();
    private final NoticesViewModel notices = new NoticesViewModel();

    @Test
    void nothingCanBeWrittenBeforeTheTraceIsRecordedNorWithoutAWorkspace() {
        EventAnnotations none = EventAnnotations.none();
        none.attach(SHA);
        none.toggleBookmark(trace.event(3));
        assertFalse(none.isReady());
        assertTrue(none.bookmarks().isEmpty());

        try (WorkspaceLink link = link()) {
            EventAnnotations annotations = new EventAnnotations(Optional.of(link));
            annotations.addNote(trace.event(3), "too early");
            assertFalse(annotations.isReady());
            assertTrue(annotations.notesOf(trace.event(3)).isEmpty());
        }
    }

    @Test
    void readsWhatAnotherProcessWroteOnTheSameContentAndWritesBack() throws Exception {
        try (WorkspaceStore store = WorkspaceStore.open(dir.resolve("ws.db"), Clock.systemUTC())) {
            store.annotations().addNote(SHA, 5, "written by the CLI's user");
            store.annotations().bookmark(SHA, 2, "start");
        }
        try (WorkspaceLink link = link()) {
            EventAnnotations annotations = new EventAnnotations(Optional.of(link));
            annotations.attach(SHA);

            assertTrue(annotations.isReady());
            assertEquals(List.of("written by the CLI's user"), annotations.notesOf(trace.event(5)).stream().map(EventNote::text).toList());
            assertTrue(annotations.bookmarkOf(trace.event(2)).isPresent());

            annotations.addNote(trace.event(5), "  and a second one  ");
            annotations.addNote(trace.event(5), " ");
            annotations.toggleBookmark(trace.event(7));
            annotations.toggleBookmark(trace.event(2));

            assertEquals(List.of("written by the CLI's user", "and a second one"),
                    annotations.notesOf(trace.event(5)).stream().map(EventNote::text).toList());
            assertEquals(List.of(7), annotations.bookmarks().stream().map(b -> b.seq()).toList());
            assertEquals(trace.event(7).summary().codePoints().limit(EventAnnotations.LABEL_LENGTH).count() > 0,
                    !annotations.bookmarks().get(0).label().isEmpty());

            annotations.deleteNote(annotations.notesOf(trace.event(5)).get(0));
            assertEquals(1, annotations.notesOf(trace.event(5)).size());
        }
        try (WorkspaceStore store = WorkspaceStore.open(dir.resolve("ws.db"), Clock.systemUTC())) {
            assertEquals(List.of("and a second one"), store.annotations().notes(SHA).stream().map(EventNote::text).toList());
            assertEquals(List.of(7), store.annotations().bookmarks(SHA).stream().map(b -> b.seq()).toList());
        }
    }

    @Test
    void nextAndPreviousBookmarkWrapRound() {
        try (WorkspaceLink link = link()) {
            EventAnnotations annotations = new EventAnnotations(Optional.of(link));
            annotations.attach(SHA);
            assertEquals(OptionalInt.empty(), annotations.nextBookmark(0, true));
            for (int seq : new int[] {2, 6, 9}) {
                annotations.toggleBookmark(trace.event(seq));
            }

            assertEquals(OptionalInt.of(6), annotations.nextBookmark(2, true));
            assertEquals(OptionalInt.of(6), annotations.nextBookmark(3, true));
            assertEquals(OptionalInt.of(2), annotations.nextBookmark(9, true), "past the last: the first");
            assertEquals(OptionalInt.of(9), annotations.nextBookmark(2, false), "before the first: the last");
            assertEquals(OptionalInt.of(2), annotations.nextBookmark(-1, true));
        }
    }

    private WorkspaceLink link() {
        return new WorkspaceLink(dir.resolve("ws.db"), Clock.systemUTC(), new SyncTaskRunner(), notices);
    }
}
