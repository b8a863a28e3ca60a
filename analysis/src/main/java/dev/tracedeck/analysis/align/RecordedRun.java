package dev.tracedeck.analysis.align;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Optional;

/**
 * What a thread's own records say of the run it is: the task it ran and how it ended, where its format records them.
 * An Inspect sample's record names its sample (the task: each epoch runs it again) and holds its scores and error; a
 * line of the smolagents benchmark's output names its question and holds the answer and the true answer. Other
 * formats record neither: their runs' task is the one they are given, and their outcome unknown (an ATIF trajectory,
 * for one, keeps its metrics but no verdict).
 *
 * @param task    the task the trace names, when it names one
 * @param outcome the verdict the trace records, else unknown
 */
public record RecordedRun(Optional<String> task, Outcome outcome) {

    static final String INSPECT_SAMPLE = "sample";
    static final String SMOLAGENTS_RUN = "run";

    public static RecordedRun of(TraceThread thread, String format) {
        for (Event e : thread.events()) {
            if (!(e.payload() instanceof Payload.JsonRecord r)) {
                continue;
            }
            if (format.equals("inspect") && e.keyword().equals(INSPECT_SAMPLE)) {
                Optional<String> id = r.json().get("id").flatMap(JsonValue::asText);
                return new RecordedRun(id.map(s -> "sample " + s), InspectScores.of(r.json()));
            }
            if (format.equals("smolagents") && e.keyword().equals(SMOLAGENTS_RUN) && r.kind() == EventKind.STEP
                    && BenchmarkAnswer.isBenchmarkRun(r.json())) {
                return new RecordedRun(r.json().get("question").flatMap(JsonValue::asText), BenchmarkAnswer.of(r.json()));
            }
        }
        return new RecordedRun(Optional.empty(), Outcome.UNKNOWN);
    }
}
