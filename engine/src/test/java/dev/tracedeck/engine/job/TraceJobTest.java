package dev.tracedeck.engine.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A job's verdict, with its threads checked beside the import on threads of their own, is that of checking the trace
 * after the import; its progress hears the import and then each thread checked ({@code ChecksAsReadTest} shows the
 * checks as read give that verdict on every sample and real trace).
 */
class TraceJobTest {

    private static final Path SAMPLES = Path.of("../sample-logs");

    private final Validator validator = new Validator(RuleConfig.DEFAULT);

    @Test
    void aFileOfConversationsIsCheckedPartlyAsReadAndGetsTheVerdictOfCheckingAfter() throws Exception {
        Path file = SAMPLES.resolve("openai/fine-tuning.jsonl");
        List<String> threadsRead = new ArrayList<>();
        AtomicInteger lastChecked = new AtomicInteger();
        // What the importer says is read reaches the checks; whether the progress hears it too is no matter.
        TraceJob.Source counted = listener -> Importers.standard().read(ImportSource.of(file), new ImportListener() {
            @Override
            public void threadRead(TraceThread thread, String rulesFormat) {
                threadsRead.add(thread.id());
                listener.threadRead(thread, rulesFormat);
            }
        });

        TraceJob.Result result = TraceJob.checking(TextCallLifting.OFF, validator).run(counted, new TraceJob.Progress() {
            @Override
            public void checking(int checked, int threads) {
                lastChecked.accumulateAndGet(checked, Math::max);
            }
        });

        Trace trace = result.trace();
        assertEquals(validator.validate(trace), result.validation().orElseThrow());
        Fingerprints expected = Fingerprints.of(result.validation().orElseThrow());
        Fingerprints fingerprints = result.fingerprints().orElseThrow();
        assertTrue(!result.validation().orElseThrow().findings().isEmpty(), "a sample with findings to fingerprint");
        result.validation().orElseThrow().findings().forEach(f -> assertEquals(expected.of(f), fingerprints.of(f), f.toString()));
        assertTrue(threadsRead.size() >= 5, "each conversation but the last is told read as the next line starts: " + threadsRead);
        assertEquals(trace.threads().size(), lastChecked.get(), "every thread's check is told");
    }

    @Test
    void aJobThatReadsChecksNothing() throws Exception {
        TraceJob.Source source = TraceJob.Source.of(Importers.standard(), ImportSource.of(SAMPLES.resolve("openai/fine-tuning.jsonl")));
        TraceJob.Result read = TraceJob.reading(TextCallLifting.OFF).run(source, new TraceJob.Progress() { });
        assertTrue(read.validation().isEmpty() && read.fingerprints().isEmpty());
        int events = Importers.standard().read(ImportSource.of(SAMPLES.resolve("openai/fine-tuning.jsonl")), ImportListener.NONE)
                .events().size();
        assertEquals(events, read.trace().events().size());
        assertEquals(events, TraceJob.reading(TextCallLifting.OFF).read(source, ImportListener.NONE).events().size());
    }

    @Test
    void theWindowsReadingTellsEachThreadCheckedAsReadAndGivesTheVerdictWhenAskedFor() throws Exception {
        TraceJob.Source source = TraceJob.Source.of(Importers.standard(), ImportSource.of(SAMPLES.resolve("openai/fine-tuning.jsonl")));
        AtomicInteger toldChecking = new AtomicInteger();
        List<ThreadChecklist> checkedAsRead = new CopyOnWriteArrayList<>();
        AtomicInteger added = new AtomicInteger();
        TraceJob job = TraceJob.checking(TextCallLifting.OFF, validator);

        // The checks run on the importing thread itself: every one is done, and told, before the reading returns.
        TraceJob.Read read = job.read(source, new TraceJob.Progress() {
            @Override
            public void added(dev.tracedeck.model.event.Event event) {
                added.incrementAndGet();
            }

            @Override
            public void checkingAsRead() {
                toldChecking.incrementAndGet();
            }

            @Override
            public void checkedAsRead(ThreadChecklist checklist) {
                checkedAsRead.add(checklist);
            }
        }, Runnable::run);

        assertTrue(job.checksAsRead());
        assertEquals(1, toldChecking.get(), "told once, at the first thread read to its end");
        assertTrue(checkedAsRead.size() >= 5, "each thread read to its end is checked as read: " + checkedAsRead.size());
        assertEquals(read.trace().events().size(), added.get(), "every event is told as it is read");
        List<String> toldAgain = new ArrayList<>();
        assertEquals(validator.validate(read.trace()), read.verdict(checklist -> toldAgain.add(checklist.threadId())));
        assertEquals(read.trace().threads().size(), toldAgain.size(), "the verdict tells every thread's checklist");
        read.stop();
        assertThrows(CancellationException.class, () -> read.verdict(checklist -> { }));
    }

    @Test
    void aJobThatLiftsTextCallsChecksNothingAsRead() throws Exception {
        TraceJob job = TraceJob.checking(TextCallLifting.ON, validator);
        AtomicInteger checkedAsRead = new AtomicInteger();
        TraceJob.Read read = job.read(TraceJob.Source.of(Importers.standard(),
                ImportSource.of(SAMPLES.resolve("openai/fine-tuning.jsonl"))), new TraceJob.Progress() {
            @Override
            public void checkedAsRead(ThreadChecklist checklist) {
                checkedAsRead.incrementAndGet();
            }
        }, Runnable::run);
        assertFalse(job.checksAsRead());
        assertEquals(0, checkedAsRead.get(), "lifting makes the events anew: each thread would be checked twice");
        assertEquals(validator.validate(read.trace()), read.verdict(checklist -> { }));
    }
}
