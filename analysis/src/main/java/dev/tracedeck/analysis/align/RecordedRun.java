package dev.tracedeck.analysis.align;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.trace.TraceThread;
import dev.tracedeck.model.recorded.RecordedOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a thread's own records say of the run it is: the task it ran and how it ended. How it ended is what the
 * importer recorded of the trace's own words ({@link RecordedOutcome}: an Inspect sample's scores, error or limit, a
 * benchmark's answer) — an error, a stop, a failed or partial score fails it; every score passed passes it; a value
 * the format gives without saying whether it passes leaves it without a verdict. A line of the smolagents benchmark
 * records its answer beside the expected one but no score: where that is all it says, the benchmark's own rule
 * ({@link BenchmarkAnswer}) judges it. An Inspect sample's record names its sample (the task: each epoch runs it
 * again); a benchmark line names its question. Other formats name no task: their runs' task is the one they are
 * given.
 *
 * @param task    the task the trace names, when it names one
 * @param outcome the verdict, else unknown
 */
public record RecordedRun(Optional<String> task, Outcome outcome) {

    static final String INSPECT_SAMPLE = "sample";
    static final String SMOLAGENTS_RUN = "run";

    public static RecordedRun of(TraceThread thread, String format) {
        Outcome recorded = recorded(thread.records().outcomes());
        for (Event e : thread.events()) {
            if (!(e.payload() instanceof Payload.JsonRecord r)) {
                continue;
            }
            if (format.equals("inspect") && e.keyword().equals(INSPECT_SAMPLE)) {
                Optional<String> id = r.json().get("id").flatMap(JsonValue::asText);
                return new RecordedRun(id.map(s -> "sample " + s), recorded);
            }
            if (format.equals("smolagents") && e.keyword().equals(SMOLAGENTS_RUN) && r.kind() == EventKind.STEP
                    && BenchmarkAnswer.isBenchmarkRun(r.json())) {
                return new RecordedRun(r.json().get("question").flatMap(JsonValue::asText),
                        recorded.known() ? recorded : BenchmarkAnswer.of(r.json()));
            }
        }
        return new RecordedRun(Optional.empty(), recorded);
    }

    /** The verdict of what the importer recorded: any bad or partial fails, all passed passes, else none. */
    static Outcome recorded(List<RecordedOutcome> said) {
        if (said.isEmpty()) {
            return Outcome.UNKNOWN;
        }
        List<String> lines = new ArrayList<>();
        boolean failed = false;
        boolean allPassed = true;
        for (RecordedOutcome o : said) {
            lines.add(o.line());
            failed |= o.verdict().bad() || o.verdict() == RecordedOutcome.Verdict.PARTIAL;
            allPassed &= o.verdict() == RecordedOutcome.Verdict.PASSED;
        }
        String label = String.join("; ", lines);
        return failed ? Outcome.fail(label) : allPassed ? Outcome.pass(label) : Outcome.unknown(label);
    }
}
