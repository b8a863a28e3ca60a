package dev.tracedeck.engine.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
}
