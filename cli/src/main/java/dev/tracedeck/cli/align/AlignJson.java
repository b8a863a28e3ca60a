package dev.tracedeck.cli.align;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tracedeck.analysis.align.AlignNode;
import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.analysis.align.Branch;
import dev.tracedeck.analysis.align.Outcome;
import dev.tracedeck.analysis.align.Regression;
import dev.tracedeck.analysis.align.RunStep;
import dev.tracedeck.analysis.align.TaskAlignment;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * {@code align --json}: the alignment for scripts, in the shape docs/align.md documents — a version, then per task its
 * figures, its runs and its tree of branches, each with its steps, runs and outcome counts; and, with a baseline, the
 * branches that regressed. {@link AlignBaseline} reads it back.
 */
public final class AlignJson {

    public static final int VERSION = 1;
    private static final JsonFactory JSON = new JsonFactory();

    private AlignJson() {
    }

    public static String of(Alignment alignment, List<Regression> regressions, boolean baselineGiven) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(text)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("version", VERSION);
            g.writeArrayFieldStart("tasks");
            for (TaskAlignment task : alignment.tasks()) {
                task(task, g);
            }
            g.writeEndArray();
            if (baselineGiven) {
                g.writeArrayFieldStart("regressions");
                for (Regression r : regressions) {
                    g.writeStartObject();
                    g.writeStringField("task", r.was().task());
                    g.writeNumberField("steps", r.was().path().size());
                    g.writeNumberField("baselinePass", r.was().passing());
                    g.writeNumberField("pass", r.now().count(Outcome.Verdict.PASS));
                    g.writeNumberField("fail", r.now().count(Outcome.Verdict.FAIL));
                    g.writeArrayFieldStart("runs");
                    for (AlignedRun run : r.now().runs()) {
                        if (run.outcome().verdict() == Outcome.Verdict.FAIL) {
                            g.writeString(run.name());
                        }
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text + "\n";
    }

    private static void task(TaskAlignment task, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("task", task.task());
        g.writeNumberField("runs", task.runs().size());
        g.writeNumberField("distinctSequences", task.distinctSequences());
        if (task.firstDivergence().isPresent()) {
            g.writeNumberField("firstDivergenceStep", task.firstDivergence().getAsInt());
        } else {
            g.writeNullField("firstDivergenceStep");
        }
        g.writeNumberField("judged", task.judged().size());
        g.writeNumberField("passing", task.passing());
        g.writeNumberField("flips", task.flips());
        if (task.flipRate().isPresent()) {
            g.writeNumberField("flipRate", task.flipRate().getAsDouble());
        } else {
            g.writeNullField("flipRate");
        }
        g.writeArrayFieldStart("passK");
        double[] passK = task.passK();
        for (int k = 1; k <= passK.length; k++) {
            g.writeStartObject();
            g.writeNumberField("k", k);
            g.writeNumberField("value", passK[k - 1]);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("runList");
        for (AlignedRun run : task.runs()) {
            g.writeStartObject();
            g.writeStringField("name", run.name());
            g.writeStringField("file", run.file());
            g.writeStringField("thread", run.thread());
            g.writeStringField("outcome", run.outcome().verdict().id());
            g.writeStringField("outcomeText", run.outcome().label());
            g.writeNumberField("findings", run.findings());
            g.writeNumberField("steps", run.steps().size());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeFieldName("tree");
        branch(task.trunk(), g);
        g.writeEndObject();
    }

    private static void branch(Branch branch, JsonGenerator g) throws IOException {
        AlignNode end = branch.end();
        g.writeStartObject();
        g.writeNumberField("firstStep", branch.firstStep());
        g.writeArrayFieldStart("steps");
        for (RunStep step : branch.steps()) {
            g.writeStartObject();
            g.writeStringField("kind", step.kind().id());
            g.writeStringField("tool", step.tool());
            g.writeStringField("fingerprint", step.fingerprint());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberField("count", end.runs().size());
        g.writeNumberField("pass", end.count(Outcome.Verdict.PASS));
        g.writeNumberField("fail", end.count(Outcome.Verdict.FAIL));
        g.writeNumberField("unknown", end.count(Outcome.Verdict.UNKNOWN));
        g.writeNumberField("findings", end.findings());
        g.writeArrayFieldStart("runs");
        for (AlignedRun run : end.runs()) {
            g.writeString(run.name());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("endHere");
        for (AlignedRun run : end.ending()) {
            g.writeString(run.name());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("branches");
        for (Branch child : branch.children()) {
            branch(child, g);
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
