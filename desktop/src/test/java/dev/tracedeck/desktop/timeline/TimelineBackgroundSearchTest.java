package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.QueuedCallbacksTaskRunner;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.engine.search.FilterPass;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * A search that runs on another thread, whether the rows are signed as the file is read or not, shows exactly the rows
 * the filter itself lets through: applied to each row and to the answer shown in it, over every row there is when its
 * result comes, the latest search's result only.
 */
class TimelineBackgroundSearchTest {

    private static final String[] WORDS = {"train", "hotel", "zebra", "Ticket", "MUSEUM", "café", "rain", "ſun"};
    private static final List<String> SEARCHES = List.of("hotel", "zebra", "ZEB", "t", "llm", "tool_calls", "ſu", "nothing-at-all");

    /** Thousands of events on a few threads: text lines, and LLM calls whose answers come a few events later. */
    private static Trace trace(int events) {
        Random random = new Random(11);
        TraceBuilder builder = new TraceBuilder();
        int line = 0;
        while (line < events) {
            String thread = "t" + random.nextInt(7);
            if (random.nextInt(5) == 0) {
                builder.add("LLM_CALL", "", thread, SourceRef.line("f.log", ++line), "LLM_CALL curated_messages=3",
                        new Payload.LlmCall(OptionalInt.of(3), OptionalInt.empty()));
                builder.add("LLM_CALL", "", thread, SourceRef.line("f.log", ++line), "LLM_CALL tool_calls=1 " + words(random),
                        new Payload.LlmCall(OptionalInt.empty(), OptionalInt.of(1)));
            } else {
                builder.add("TEXT", "", thread, SourceRef.line("f.log", ++line), words(random), new Payload.Unparsed(false, ""));
            }
        }
        return builder.build(new ImportReport("f.log", "test", 0, line, line, 0, 0, Map.of(), List.of(), 0, true));
    }

    private static String words(Random random) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
        }
        return text.toString();
    }

    /** The rows a filter lets through, tested one by one: the request's row passes when it or its answer does. */
    private static List<Event> expected(List<Event> events, LlmRounds rounds, EventFilter filter) {
        List<Event> rows = new ArrayList<>();
        for (Event event : events) {
            if (rounds.isPairedAnswer(event)) {
                continue;
            }
            Optional<Event> answer = event.kind() == EventKind.LLM_CALL ? rounds.answerOf(event) : Optional.empty();
            if (filter.test(event) || answer.isPresent() && filter.test(answer.get())) {
                rows.add(event);
            }
        }
        return rows;
    }

    @Test
    void aSearchRunningElsewhereKeepsTheRowsShownUntilItsResultReplacesThem() {
        Trace trace = trace(3000);
        TimelineViewModel timeline = new TimelineViewModel(trace.events());
        ManualTaskRunner runner = new ManualTaskRunner();
        timeline.search().searchInBackground(runner, 0);
        List<Event> before = List.copyOf(timeline.table().rows());
        List<String> changes = new ArrayList<>();
        timeline.table().rows().addListener((javafx.collections.ListChangeListener<Event>) c -> {
            while (c.next()) {
                changes.add(c.getFrom() + ": -" + c.getRemovedSize() + " +" + c.getAddedSize());
            }
        });

        timeline.search().search("hotel");

        assertTrue(timeline.search().searchingProperty().get());
        assertEquals("Searching…", timeline.search().countText());
        assertEquals(before, List.copyOf(timeline.table().rows()), "the rows shown stay while the search runs");
        runner.runNext();
        List<Event> hotel = expected(trace.events(), LlmRounds.of(trace.events()), timeline.filter().filterProperty().get());
        assertFalse(timeline.search().searchingProperty().get());
        assertEquals(hotel, List.copyOf(timeline.table().rows()));
        assertEquals(List.of("0: -" + before.size() + " +" + hotel.size()), changes, "one change, the whole list");
    }

    @Test
    void theLatestSearchWinsWhateverOrderTheirResultsCome() {
        Trace trace = trace(3000);
        LlmRounds rounds = LlmRounds.of(trace.events());
        TimelineViewModel timeline = new TimelineViewModel(trace.events());
        HeldRunner runner = new HeldRunner();
        timeline.search().searchInBackground(runner, 0);

        timeline.search().search("hotel");
        timeline.search().search("zebra");
        assertEquals(2, runner.held.size());
        runner.runLast();   // zebra's result first,
        runner.runLast();   // then hotel's, though it was cancelled: it must not be shown
        assertEquals(expected(trace.events(), rounds, EventFilter.ALL.withSearch("zebra")), List.copyOf(timeline.table().rows()));
        assertFalse(timeline.search().searchingProperty().get());

        timeline.search().search("train");
        timeline.filter().showThread(Optional.of("t3"));  // a second search before the first ends: the first is dropped
        runner.runFirst();
        assertTrue(timeline.search().searchingProperty().get(), "the thread's search still runs");
        runner.runFirst();
        assertEquals(expected(trace.events(), rounds, EventFilter.ALL.withSearch("train").withThread(Optional.of("t3"))),
                List.copyOf(timeline.table().rows()));

        timeline.search().search("café");
        timeline.search().search("");    // no text to read: shown at once, and the search running is dropped
        assertFalse(timeline.search().searchingProperty().get());
        runner.runFirst();
        assertEquals(expected(trace.events(), rounds, EventFilter.ALL.withThread(Optional.of("t3"))), List.copyOf(timeline.table().rows()));
    }

    @Test
    void rowsStreamingInWhileASearchRunsJoinItsResult() {
        Trace trace = trace(40_000);
        List<Event> events = trace.events();
        ManualExecutor workers = new ManualExecutor();
        StreamedSignatures signatures = new StreamedSignatures(workers);
        TimelineViewModel timeline = TimelineViewModel.growing();
        timeline.search().signedAsRead(signatures);
        ManualTaskRunner runner = new ManualTaskRunner();
        timeline.search().searchInBackground(runner, 5000);
        Random random = new Random(3);
        int at = 0;
        int round = 0;
        while (at < events.size()) {
            int end = Math.min(events.size(), at + 1 + random.nextInt(6000));
            events.subList(at, end).forEach(signatures::add);
            // Workers sign some of what has come, not always all of it.
            workers.run(random.nextInt(workers.size() + 1));
            timeline.append(events.subList(at, end), ThreadLabels.of(List.of()));
            at = end;
            if (round % 3 == 0) {
                timeline.search().search(SEARCHES.get(random.nextInt(SEARCHES.size())));
            }
            if (runner.pendingCount() > 0 && random.nextBoolean()) {
                runner.runNext();
            }
            if (runner.pendingCount() == 0) {
                EventFilter filter = timeline.filter().filterProperty().get();
                assertEquals(expected(events.subList(0, at), LlmRounds.NONE, filter), List.copyOf(timeline.table().rows()),
                        "after " + at + " events, searching " + filter.search());
            }
            round++;
        }
        while (runner.pendingCount() > 0) {
            runner.runNext();
        }
        for (String search : SEARCHES) {
            timeline.search().search(search);
            while (runner.pendingCount() > 0) {
                runner.runNext();
            }
            assertEquals(expected(events, LlmRounds.NONE, timeline.filter().filterProperty().get()), List.copyOf(timeline.table().rows()), search);
        }
    }

    @Test
    void theFinishedTimelineSearchesWithTheSignaturesMadeAsTheFileWasRead() throws InterruptedException {
        Trace trace = trace(20_000);
        LlmRounds rounds = LlmRounds.of(trace.events());
        ManualExecutor workers = new ManualExecutor();
        StreamedSignatures signatures = new StreamedSignatures(workers);
        trace.events().forEach(signatures::add);
        workers.run(1);     // the workers signed one chunk; finishing signs the rest
        signatures.finish(trace.events(), rounds);
        TimelineViewModel timeline = new TimelineViewModel(trace.events(), rounds, ThreadLabels.of(List.of()));
        ManualTaskRunner runner = new ManualTaskRunner();
        timeline.search().searchInBackground(runner, 0);

        timeline.search().adoptSignatures(signatures);

        assertTrue(timeline.search().searchIndexing().isEmpty(), "every row is signed");
        for (String search : SEARCHES) {
            timeline.search().search(search);
            assertEquals(1, runner.pendingCount());
            runner.runNext();
            assertEquals(expected(trace.events(), rounds, timeline.filter().filterProperty().get()), List.copyOf(timeline.table().rows()), search);
        }
    }

    @Test
    void eventsMadeAnewOnceReadAreNotTakenForTheEventsSigned() throws InterruptedException {
        Trace read = trace(9000);
        Trace remade = trace(9000);   // the same texts, other events: what lifting text calls makes
        StreamedSignatures signatures = new StreamedSignatures(Runnable::run);
        read.events().forEach(signatures::add);
        signatures.finish(remade.events(), LlmRounds.of(remade.events()));
        TimelineViewModel timeline = new TimelineViewModel(remade.events());

        timeline.search().adoptSignatures(signatures);

        assertTrue(timeline.search().searchIndexing().isPresent(), "no row signed");
    }

    @Test
    void aFollowedFileReadFurtherWhileASearchRunsStartsItAgainOverTheNewRows() {
        Trace trace = trace(3000);
        List<Event> all = trace.events();
        List<Event> first = all.subList(0, 2000);
        TimelineViewModel timeline = new TimelineViewModel(first);
        HeldRunner runner = new HeldRunner();
        timeline.search().searchInBackground(runner, 0);

        timeline.search().search("hotel");
        timeline.grow(1990, all, LlmRounds.of(all), ThreadLabels.of(List.of()));
        runner.runFirst();   // over the rows before: dropped
        assertTrue(timeline.search().searchingProperty().get());
        runner.runFirst();

        assertEquals(expected(all, LlmRounds.of(all), EventFilter.ALL.withSearch("hotel")), List.copyOf(timeline.table().rows()));
        assertFalse(timeline.search().searchingProperty().get());
    }

    @Test
    void aSmallTraceIsSearchedAtOnce() {
        Trace trace = trace(3000);
        TimelineViewModel timeline = new TimelineViewModel(trace.events());
        ManualTaskRunner runner = new ManualTaskRunner();
        timeline.search().searchInBackground(runner);

        timeline.search().search("hotel");

        assertEquals(0, runner.pendingCount());
        assertEquals(expected(trace.events(), LlmRounds.of(trace.events()), timeline.filter().filterProperty().get()),
                List.copyOf(timeline.table().rows()));
    }

    /**
     * A trace of few rows whose search reads many texts back from the file (a log's records kept there) is searched on
     * another thread all the same, and finds what the filter lets through.
     */
    @Test
    void aSearchThatReadsManyTextsBackFromTheFileRunsElsewhere() throws Exception {
        int rows = TimelineSearchViewModel.BACKGROUND_READ_BACKS + 500;
        SourceText.Reread file = (offset, length, checksum) -> "LLM_CALL qid=q" + offset + " curated_messages=3";
        TraceBuilder builder = new TraceBuilder();
        for (int i = 0; i < rows; i++) {
            String text = file.read(i, 0, 0);
            builder.add("TOOL_PLAN", "", "t" + i % 5, SourceRef.line("a.log", i + 1),
                    new SourceText.InFile(file, i, text.length(), 0), new Payload.Unparsed(false, ""));
        }
        Trace trace = builder.build(new ImportReport("a.log", "test", 0, rows, rows, 0, 0, Map.of(), List.of(), 0, true));
        TimelineViewModel timeline = new TimelineViewModel(trace.events());
        ManualTaskRunner runner = new ManualTaskRunner();
        timeline.search().searchInBackground(runner);

        timeline.search().search("qid=q777 curated");

        assertEquals(1, runner.pendingCount(), "searched off the FX thread, though the rows are few");
        runner.runNext();
        assertEquals(List.of(777), timeline.table().rows().stream().map(Event::seq).toList());
    }

    @Test
    void aSynchronousRunnerShowsTheResultAtOnce() {
        Trace trace = trace(3000);
        TimelineViewModel timeline = new TimelineViewModel(trace.events());
        timeline.search().searchInBackground(new SyncTaskRunner(), 0);

        timeline.search().search("rain");

        assertFalse(timeline.search().searchingProperty().get());
        assertEquals(expected(trace.events(), LlmRounds.of(trace.events()), timeline.filter().filterProperty().get()),
                List.copyOf(timeline.table().rows()));
    }

    /**
     * A search of many rows shows the first rows it finds (a screenful or more, from the first row on) before the rest,
     * which then join them at their end: the rows shown are replaced once, then only grow, and end as the filter's.
     */
    @Test
    void aSearchOfManyRowsShowsItsFirstRowsAndThenTheRestAfterThem() {
        Trace trace = trace(400_000);
        LlmRounds rounds = LlmRounds.of(trace.events());
        TimelineViewModel timeline = new TimelineViewModel(trace.events());
        QueuedCallbacksTaskRunner runner = new QueuedCallbacksTaskRunner();
        timeline.search().searchInBackground(runner, 0);
        List<String> changes = new ArrayList<>();
        timeline.table().rows().addListener((javafx.collections.ListChangeListener<Event>) c -> {
            while (c.next()) {
                changes.add(c.getFrom() + ": -" + c.getRemovedSize() + " +" + c.getAddedSize());
            }
        });
        int before = timeline.table().rows().size();

        timeline.search().search("hotel");
        runner.work();
        List<Event> hotel = expected(trace.events(), rounds, timeline.filter().filterProperty().get());
        assertTrue(runner.callbackCount() >= 2, "the first rows come before the result");
        runner.runCallback();
        int first = timeline.table().rows().size();
        assertTrue(timeline.search().showsFirstRows());
        assertTrue(first >= FilterPass.FIRST_ROWS && first < hotel.size(), first + " of " + hotel.size());
        assertEquals(hotel.subList(0, first), List.copyOf(timeline.table().rows()), "the first rows of the result, in order");
        assertTrue(timeline.search().countText().startsWith("Searching… ") && timeline.search().countText().endsWith(" so far"),
                timeline.search().countText());
        while (!runner.noCallbacks()) {
            runner.runCallback();
        }
        assertFalse(timeline.search().searchingProperty().get());
        assertFalse(timeline.search().showsFirstRows());
        assertEquals(hotel, List.copyOf(timeline.table().rows()));
        // The rows shown before, replaced by the first rows; then only rows added after the last, up to the whole result
        // (more than one addition where the pass took longer than a batch's time).
        assertEquals("0: -" + before + " +" + first, changes.get(0));
        int end = first;
        for (String change : changes.subList(1, changes.size())) {
            assertTrue(change.startsWith(end + ": -0 +"), changes.toString());
            end += Integer.parseInt(change.substring(change.indexOf('+') + 1));
        }
        assertEquals(hotel.size(), end, changes.toString());

        // The first rows of a search a later one replaced are never shown.
        timeline.search().search("zebra");
        runner.work();
        timeline.search().search("train");
        runner.work();
        while (!runner.noCallbacks()) {
            runner.runCallback();
        }
        assertEquals(expected(trace.events(), rounds, EventFilter.ALL.withSearch("train")), List.copyOf(timeline.table().rows()));
    }

    /** Holds every job, cancelled or not, until the test runs it: a cancel that comes too late to stop one. */
    private static final class HeldRunner implements TaskRunner {
        final Deque<BackgroundJob<?>> held = new ArrayDeque<>();

        @Override
        public TaskHandle submit(BackgroundJob<?> job) {
            held.add(job);
            return () -> { };
        }

        void runFirst() {
            run(held.removeFirst());
        }

        void runLast() {
            run(held.removeLast());
        }

        private static void run(BackgroundJob<?> job) {
            ManualTaskRunner once = new ManualTaskRunner();
            once.submit(job);
            once.runNext();
        }
    }

    /** Workers the test lets run a few tasks at a time. */
    private static final class ManualExecutor implements Executor {
        private final Deque<Runnable> tasks = new ArrayDeque<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        int size() {
            return tasks.size();
        }

        void run(int count) {
            for (int i = 0; i < count && !tasks.isEmpty(); i++) {
                tasks.removeFirst().run();
            }
        }
    }
}
