package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.MUTED;
import static dev.tracedeck.desktop.detail.DetailStyles.TITLE;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.steps.LlmRound;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.desktop.triage.FindingMarks;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The detail of a timeline step. A step of one event is that event's detail; an LLM call shown as one step
 * (its request and its answer, two records on two lines) is a line saying so, then each record's full detail
 * in source order, so nothing the timeline merged is hidden here. Pure, like {@link DetailRenderer}.
 */
public final class StepRenderer {

    private StepRenderer() {
    }

    /** @param findingsOf the findings an event is evidence of */
    public static DetailDocument render(List<Event> step, Function<Event, List<Finding>> findingsOf) {
        return render(step, findingsOf, event -> Optional.empty());
    }

    /**
     * @param findingsOf the findings an event is evidence of, the one to look at first first
     * @param previousOf a state dump's predecessor in its thread, which says what its changed entries were
     */
    public static DetailDocument render(List<Event> step, Function<Event, List<Finding>> findingsOf,
                                        Function<Event, Optional<StateSnapshot>> previousOf) {
        return render(step, findingsOf, previousOf, event -> List.of());
    }

    /** @param textCallsOf the tool calls written as text an event first shows */
    public static DetailDocument render(List<Event> step, Function<Event, List<Finding>> findingsOf,
                                        Function<Event, Optional<StateSnapshot>> previousOf,
                                        Function<Event, List<FoundTextCall>> textCallsOf) {
        return render(step, findingsOf, previousOf, textCallsOf, FindingMarks.NONE);
    }

    /** @param marks the triage mark on each finding */
    public static DetailDocument render(List<Event> step, Function<Event, List<Finding>> findingsOf,
                                        Function<Event, Optional<StateSnapshot>> previousOf,
                                        Function<Event, List<FoundTextCall>> textCallsOf, FindingMarks marks) {
        if (step.size() == 1) {
            return DetailRenderer.render(step.get(0), findingsOf.apply(step.get(0)), previousOf.apply(step.get(0)),
                    textCallsOf.apply(step.get(0)), marks);
        }
        List<DetailDocument.Line> lines = new ArrayList<>();
        StringBuilder seqs = new StringBuilder();
        for (Event event : step) {
            seqs.append(seqs.isEmpty() ? "" : " and ").append('#').append(event.seq());
        }
        DetailDocument.Builder head = DetailDocument.builder();
        if (step.size() == 2 && step.get(0).kind() == EventKind.LLM_CALL && step.get(1).kind() == EventKind.LLM_CALL) {
            head.add("LLM call: " + new LlmRound(Optional.of(step.get(0)), Optional.of(step.get(1))).summary(), TITLE).end(TITLE);
        }
        head.line("One step of " + step.size() + " records, " + seqs + ": the request and the model's answer, each in full below", MUTED);
        lines.addAll(head.build().lines());
        for (Event event : step) {
            lines.addAll(DetailDocument.builder().blank().build().lines());
            lines.addAll(DetailRenderer.render(event, findingsOf.apply(event), Optional.empty(), textCallsOf.apply(event), marks).lines());
        }
        return new DetailDocument(lines);
    }
}
