package dev.tracedeck.app.detail;

import dev.tracedeck.app.common.ErrorBoundary;
import dev.tracedeck.app.common.LatestOnly;
import dev.tracedeck.app.common.TaskRunner;
import dev.tracedeck.app.findings.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.rules.Finding;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The detail pane's content for the selected event. Rendering runs as a background query (a snapshot of a
 * long run has thousands of entries); a newer selection cancels an older render, so arrowing down the
 * timeline never shows a stale event.
 */
public final class DetailViewModel {

    private static final System.Logger LOG = System.getLogger(DetailViewModel.class.getName());

    static final String NOTHING_SELECTED = "Select an event in the timeline to see its full text, arguments and source lines.";

    private final LatestOnly renders;
    private final ReadOnlyObjectWrapper<DetailDocument> document =
            new ReadOnlyObjectWrapper<>(DetailRenderer.placeholder(NOTHING_SELECTED));
    private final ReadOnlyObjectWrapper<Event> shownEvent = new ReadOnlyObjectWrapper<>();
    private EvidenceIndex evidence = EvidenceIndex.EMPTY;
    private List<Event> requested = List.of();

    public DetailViewModel(TaskRunner queries) {
        this.renders = new LatestOnly(queries);
    }

    public ReadOnlyObjectProperty<DetailDocument> documentProperty() {
        return document.getReadOnlyProperty();
    }

    public DetailDocument getDocument() {
        return document.get();
    }

    /** The event whose document is on show (null for none); changes together with {@link #documentProperty()}. */
    public ReadOnlyObjectProperty<Event> shownEventProperty() {
        return shownEvent.getReadOnlyProperty();
    }

    /** The trace's evidence index once checked: a flagged event's detail lists its findings first. */
    public void setEvidence(EvidenceIndex index) {
        evidence = index;
        if (requested.stream().anyMatch(index::isFlagged)) {
            showStep(requested);
        }
    }

    public void show(Event event) {
        showStep(event == null ? List.of() : List.of(event));
    }

    /** Shows a timeline step: one event, or an LLM call's request and answer one after the other. */
    public void showStep(List<Event> step) {
        requested = List.copyOf(step);
        if (step.isEmpty()) {
            renders.cancel();
            shownEvent.set(null);
            document.set(DetailRenderer.placeholder(NOTHING_SELECTED));
            return;
        }
        Event event = step.get(0);
        EvidenceIndex index = evidence;
        renders.submit("render #" + event.seq(), context -> StepRenderer.render(step, index::findings),
                rendered -> {
                    document.set(rendered);
                    shownEvent.set(event);
                },
                error -> {
                    LOG.log(System.Logger.Level.ERROR, "cannot render event #" + event.seq(), error);
                    // A renderer bug must not leave the previous event on screen as if it were this one.
                    document.set(DetailRenderer.placeholder("Cannot show event #" + event.seq() + ": " + ErrorBoundary.describe(error)));
                    shownEvent.set(event);
                });
    }
}
