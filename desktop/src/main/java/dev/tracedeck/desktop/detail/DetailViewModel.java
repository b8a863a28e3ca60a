package dev.tracedeck.desktop.detail;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.desktop.triage.FindingMarks;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The detail pane's content for the selected event. Rendering runs as a background query (a snapshot of a
 * long run has thousands of entries); a newer selection cancels an older render, so arrowing down the
 * timeline never shows a stale event. The finding selected in the findings panel is listed first and, on a
 * state dump, brings the entry it blames into view.
 */
public final class DetailViewModel {

    private static final System.Logger LOG = System.getLogger(DetailViewModel.class.getName());

    static final String NOTHING_SELECTED = "Select an event in the timeline to see its full text, arguments and source lines.";

    private final LatestOnly renders;
    private final ReadOnlyObjectWrapper<DetailDocument> document =
            new ReadOnlyObjectWrapper<>(DetailRenderer.placeholder(NOTHING_SELECTED));
    private final ReadOnlyObjectWrapper<Event> shownEvent = new ReadOnlyObjectWrapper<>();
    private final Function<Event, Optional<StateSnapshot>> previousSnapshot;
    private final Function<Event, List<FoundTextCall>> textCalls;
    private EvidenceIndex evidence = EvidenceIndex.EMPTY;
    private TriageMarks triage = TriageMarks.none();
    private Finding focus;
    private List<Event> requested = List.of();
    private final InvalidationListener marksChanged = obs -> {
        if (requested.stream().anyMatch(evidence::isFlagged)) {
            showStep(requested);
        }
    };

    public DetailViewModel(TaskRunner queries) {
        this(queries, event -> Optional.empty());
    }

    /** @param previousSnapshot a state dump's predecessor in its thread (see {@link PreviousSnapshot}), looked up off the FX thread */
    public DetailViewModel(TaskRunner queries, Function<Event, Optional<StateSnapshot>> previousSnapshot) {
        this(queries, previousSnapshot, event -> List.of());
    }

    /** @param textCalls the tool calls written as text an event first shows (see {@link TextCallsLookup}), off the FX thread */
    public DetailViewModel(TaskRunner queries, Function<Event, Optional<StateSnapshot>> previousSnapshot,
                           Function<Event, List<FoundTextCall>> textCalls) {
        this.renders = new LatestOnly(queries);
        this.previousSnapshot = previousSnapshot;
        this.textCalls = textCalls;
    }

    /**
     * The finding to look at first (the one selected in the findings panel), null for none. When the step on
     * show holds its evidence, the pane renders again with it first, so a second finding on the same dump brings
     * its own entry into view.
     */
    public void setFocus(Finding finding) {
        Finding old = focus;
        focus = finding;
        if (finding != old && finding != null && requested.stream().anyMatch(e -> evidence.findings(e).contains(finding))) {
            showStep(requested);
        }
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

    /**
     * The window's triage marks: each finding listed at the top of an event shows its mark, and the pane renders
     * again when a mark is set or cleared.
     */
    public void setTriage(TriageMarks marks) {
        triage = marks;
        // Weakly: the marks are the window's and outlive this file's tab.
        marks.revisionProperty().addListener(new WeakInvalidationListener(marksChanged));
    }

    /** The trace's evidence index once checked: a flagged event's detail lists its findings first. */
    public void setEvidence(EvidenceIndex index) {
        EvidenceIndex before = evidence;
        evidence = index;
        if (requested.stream().anyMatch(e -> index.isFlagged(e) || before.isFlagged(e))) {
            // Quietly: a followed file's other threads checked again leave this document as it was, scrolled where it was.
            render(requested, true);
        }
    }

    public void show(Event event) {
        showStep(event == null ? List.of() : List.of(event));
    }

    /** Shows a timeline step: one event, or an LLM call's request and answer one after the other. */
    public void showStep(List<Event> step) {
        render(step, false);
    }

    /** @param quiet whether a render that comes out as the document on show, for the same event, is left unshown */
    private void render(List<Event> step, boolean quiet) {
        requested = List.copyOf(step);
        if (step.isEmpty()) {
            renders.cancel();
            shownEvent.set(null);
            document.set(DetailRenderer.placeholder(NOTHING_SELECTED));
            return;
        }
        Event event = step.get(0);
        EvidenceIndex index = evidence;
        Finding first = focus;
        FindingMarks marks = triage.snapshot();
        renders.submit("render #" + event.seq(),
                context -> StepRenderer.render(step, e -> focusFirst(index.findings(e), first), previousSnapshot, textCalls, marks),
                rendered -> {
                    if (quiet && event == shownEvent.get() && rendered.equals(document.get())) {
                        return;
                    }
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

    /** {@code findings} with {@code focus} moved to the front when it is among them. */
    private static List<Finding> focusFirst(List<Finding> findings, Finding focus) {
        if (focus == null || findings.isEmpty() || findings.get(0) == focus || !findings.contains(focus)) {
            return findings;
        }
        List<Finding> ordered = new ArrayList<>(findings.size());
        ordered.add(focus);
        // Equal, not only the same: the focus may come from a later check of the thread than the index.
        findings.stream().filter(f -> !f.equals(focus)).forEach(ordered::add);
        return ordered;
    }
}
