package dev.tracedeck.desktop.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.loading.ReadSoFar;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A thread of spans is listed by its agent and service, before the short id every view shows it by, whether the file
 * is loaded whole or still being read batch by batch; a thread whose spans name neither is listed by its id alone.
 */
class ThreadTitlesShownTest {

    private static Trace read(String sample) throws Exception {
        return Importers.standard().read(ImportSource.of(Path.of("../sample-logs/" + sample)), ImportListener.NONE);
    }

    @Test
    void spansNameTheirThreadInTheListLoadedWholeOrAsRead() throws Exception {
        Trace trace = read("otlp/clean-agent-session.jsonl");
        List<ThreadSummary> whole = ThreadSummary.of(trace);
        ThreadLabels labels = ThreadLabels.of(trace);
        String first = trace.threads().get(0).id();
        assertEquals("travel_helper · travel-helper", whole.get(1).title());
        assertEquals("travel_helper · travel-helper · " + labels.label(first), whole.get(1).shown());
        assertEquals("All threads", whole.get(0).shown());

        ThreadListViewModel list = new ThreadListViewModel(List.of(ReadSoFar.noThreads()));
        ReadSoFar loading = new ReadSoFar(list);
        int half = trace.events().size() / 2;
        loading.add(trace.events().subList(0, half));
        loading.add(trace.events().subList(half, trace.events().size()));
        List<ThreadSummary> asRead = list.threads();
        for (int i = 1; i < whole.size(); i++) {
            assertEquals(whole.get(i).title(), asRead.get(i).title(), whole.get(i).label());
        }
    }

    @Test
    void aConversationFileHasNoTitles() throws Exception {
        Trace trace = read("claude-code/memory-files.jsonl");
        for (ThreadSummary row : ThreadSummary.of(trace)) {
            assertEquals("", row.title(), row.label());
            assertEquals(row.label(), row.shown());
        }
    }
}
