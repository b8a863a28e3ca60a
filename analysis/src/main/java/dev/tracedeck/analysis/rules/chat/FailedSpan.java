package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * No span the trace records as failed: an OpenTelemetry span with status {@code ERROR} (a tool that threw, a model
 * call the provider refused) is followed by an {@code error} record with its exception. The agent may have recovered,
 * hence a warning; but a checklist that passes a run whose tool calls failed would be a green that isn't. The other
 * failures a format records as {@code error} records are judged alike: an SDK recording's request the API refused
 * (and the client did not retry), a smolagents step that failed without a call to answer. Only threads with spans or
 * such records can say: elsewhere it is not applicable. A Mycelian log's AINVOKE_ERROR is {@code agent-error}'s.
 */
public final class FailedSpan extends DescribedRule {

    public FailedSpan() {
        super("failed-span", "no span the trace records as failed (status ERROR)", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        boolean spans = false;
        Event span = null;
        for (Event e : thread.events()) {
            if (e.kind() == EventKind.SPAN) {
                spans = true;
                span = e;
            } else if (e.payload() instanceof Payload.AgentError error) {
                // The error record follows its span and shares its source: both are the evidence.
                boolean ofSpan = span != null && span.source().equals(e.source());
                String first = error.message().lines().findFirst().orElse("").strip();
                // The record says which span and why ("read_file failed: FileNotFoundError: …").
                // Another failure the format records (a refused HTTP exchange, a smolagents step error) says what it was.
                problems.add(new RuleOutcome.Problem(OptionalInt.empty(), (ofSpan ? "span " : "") + PythonText.abbreviate(first, 200),
                        ofSpan ? List.of(span, e) : List.of(e)));
            }
        }
        if (!spans && problems.isEmpty()) {
            return RuleOutcome.notApplicable("no spans in this thread: its format records no step's outcome");
        }
        return RuleOutcome.of(problems);
    }
}
