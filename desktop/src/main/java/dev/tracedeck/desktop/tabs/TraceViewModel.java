package dev.tracedeck.desktop.tabs;

import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.desktop.annotations.EventAnnotations;
import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.detail.DetailViewModel;
import dev.tracedeck.desktop.detail.PreviousSnapshot;
import dev.tracedeck.desktop.detail.TextCallsLookup;
import dev.tracedeck.desktop.findings.CheckResult;
import dev.tracedeck.desktop.findings.FindingsSummary;
import dev.tracedeck.desktop.findings.FindingsViewModel;
import dev.tracedeck.desktop.findings.TraceChecker;
import dev.tracedeck.desktop.history.HistoryViewModel;
import dev.tracedeck.desktop.loading.ReadSoFar;
import dev.tracedeck.desktop.shape.StateShapeViewModel;
import dev.tracedeck.desktop.threads.ThreadListViewModel;
import dev.tracedeck.desktop.timeline.TimelineViewModel;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * One trace as the window shows it, from the first events of its file read ({@link #reading}) to the trace whole and
 * then followed as it grows: the thread list drives the timeline and the findings, the timeline the detail, and a
 * finding reveals its evidence in the timeline (and so in the detail). Once the rules are done, the first finding in
 * log order is selected.
 */
public final class TraceViewModel {

    /** Replaced as a followed file is read further ({@link #grow}); read by renders off the FX thread. */
    private volatile LoadedTrace loaded;
    private final ReadOnlyObjectWrapper<LoadedTrace> loadedNow;
    private volatile TextCallsLookup textCalls;
    private final ThreadListViewModel threads;
    private final TimelineViewModel timeline;
    private final DetailViewModel detail;
    private final FindingsViewModel findings;
    private final HistoryViewModel history;
    private final StateShapeViewModel shape;
    private final dev.tracedeck.desktop.tree.RunTreeViewModel runTree;
    private final dev.tracedeck.desktop.transcript.TranscriptViewModel transcript;
    private final dev.tracedeck.desktop.cost.CostViewModel cost;
    private final dev.tracedeck.desktop.memory.MemoryViewModel memory;
    private final EventAnnotations annotations;
    private final ObjectProperty<CenterView> centerView = new SimpleObjectProperty<>(CenterView.TIMELINE);
    private SameEvents sameEvents;
    private boolean opensOnFirstFinding = true;
    private final TaskRunner checks;
    private final RuleParameters parameters;
    /** The file as far as it has been read, while it is ({@link #reading}); null once the trace is whole. */
    private ReadSoFar reading;
    private final ReadOnlyBooleanWrapper readingNow = new ReadOnlyBooleanWrapper();
    /** The search signatures being made, once the checks have ended: stopped if the tab closes first. */
    private TaskHandle searchIndexing;

    /**
     * @param queries short queries (rendering the detail)
     * @param checks  long work: running the rules over the trace
     * @param checker the rules
     */
    public TraceViewModel(LoadedTrace loaded, TaskRunner queries, TaskRunner checks, Function<Trace, Validation> checker) {
        this(loaded, queries, checks, checker, RuleParameters.DEFAULTS);
    }

    /** @param parameters the rules' model settings, which the steps and the context chart count with too */
    public TraceViewModel(LoadedTrace loaded, TaskRunner queries, TaskRunner checks, Function<Trace, Validation> checker,
                          RuleParameters parameters) {
        this(loaded, queries, checks, checker, parameters, TriageMarks.none());
    }

    /** @param triage the window's triage marks, which the findings show and set */
    public TraceViewModel(LoadedTrace loaded, TaskRunner queries, TaskRunner checks, Function<Trace, Validation> checker,
                          RuleParameters parameters, TriageMarks triage) {
        this(loaded, queries, checks, checker, parameters, triage, EventAnnotations.none());
    }

    /** @param annotations the notes and bookmarks on this trace's events, which the detail pane shows and sets */
    public TraceViewModel(LoadedTrace loaded, TaskRunner queries, TaskRunner checks, Function<Trace, Validation> checker,
                          RuleParameters parameters, TriageMarks triage, EventAnnotations annotations) {
        this(loaded, queries, checks, parameters, triage, annotations, TraceChecker.whole(checker));
    }

    /** @param checker the rules, handing over each thread's checklist as it is done: findings show thread by thread */
    public TraceViewModel(LoadedTrace loaded, TaskRunner queries, TaskRunner checks, RuleParameters parameters,
                          TriageMarks triage, EventAnnotations annotations, TraceChecker checker) {
        this(loaded, new ThreadListViewModel(loaded.threads()), new TimelineViewModel(loaded.trace().events(),
                loaded.llmRounds(), loaded.threadLabels(), loaded.timelineRows()), queries, checks, parameters, triage,
                annotations, checker);
    }

    /**
     * A view-model for a file whose reading begins: its events come in batches ({@link #append}) into a timeline,
     * thread list and findings usable at once, and the trace read whole takes their place in the same view-models
     * ({@link #readWhole}), so that what the user selected, filtered or searched meanwhile stays as it is.
     *
     * @param file    the file read, as the findings name it
     * @param checker the rules the findings run once the trace is whole ({@link #startChecks})
     */
    public static TraceViewModel reading(String file, TaskRunner queries, TaskRunner checks, RuleParameters parameters,
                                         TriageMarks triage, EventAnnotations annotations, TraceChecker checker) {
        LoadedTrace none = LoadedTrace.of(new TraceBuilder().build(
                new ImportReport(file, "", 0, 0, 0, 0, 0, Map.of(), List.of(), 0, false)));
        ThreadListViewModel threads = new ThreadListViewModel(List.of(ReadSoFar.noThreads()));
        TraceViewModel model = new TraceViewModel(none, threads, TimelineViewModel.growing(), queries, checks,
                parameters, triage, annotations, checker);
        model.reading = new ReadSoFar(threads);
        model.readingNow.set(true);
        return model;
    }

    private TraceViewModel(LoadedTrace loaded, ThreadListViewModel threads, TimelineViewModel timeline,
                           TaskRunner queries, TaskRunner checks, RuleParameters parameters, TriageMarks triage,
                           EventAnnotations annotations, TraceChecker checker) {
        this.loaded = loaded;
        this.loadedNow = new ReadOnlyObjectWrapper<>(loaded);
        this.checks = checks;
        this.parameters = parameters;
        this.annotations = annotations;
        this.threads = threads;
        this.timeline = timeline;
        timeline.search().searchInBackground(queries);
        timeline.table().countKinds(loaded.kindCounts());
        this.textCalls = new TextCallsLookup(loaded.trace());
        this.detail = new DetailViewModel(queries, event -> PreviousSnapshot.of(this.loaded.trace(), event),
                event -> textCalls.apply(event));
        this.findings = new FindingsViewModel(checks, checker, this::revealEvidence, triage);
        findings.labelThreadsWith(() -> reading != null ? reading.labels() : loadedNow.get().threadLabels());
        findings.showOutcomes(loaded.outcomes());
        detail.setTriage(triage);
        threads.setTriage(triage);
        this.history = new HistoryViewModel(loaded.trace(), queries, this::revealEvidence, modelChoice(loaded),
                parameters.spend());
        this.shape = new StateShapeViewModel(loaded.trace(), queries,
                () -> findings.validation().map(Validation::findings).orElse(List.of()), this::revealEvidence);
        this.runTree = new dev.tracedeck.desktop.tree.RunTreeViewModel(loaded.trace(), queries,
                () -> findings.validation().map(Validation::findings).orElse(List.of()), this::revealEvidence);
        this.transcript = new dev.tracedeck.desktop.transcript.TranscriptViewModel(loaded.trace(), queries, this::revealEvidence);
        this.cost = new dev.tracedeck.desktop.cost.CostViewModel(loaded.trace(), queries,
                dev.tracedeck.desktop.cost.DesktopPrices::get, this::revealEvidence);
        this.memory = new dev.tracedeck.desktop.memory.MemoryViewModel(loaded.trace(), queries, this::revealEvidence);
        threads.selectedProperty().addListener((obs, old, now) -> {
            if (old.threadId().equals(now.threadId())) {
                return;  // the same thread's row with new counts: a followed file read further
            }
            timeline.filter().showThread(threads.selectedThreadId());
            findings.showThread(threads.selectedThreadId());
            history.showThread(threads.selectedThreadId());
            shape.showThread(threads.selectedThreadId());
        });
        timeline.selection().selectedEventProperty().addListener((obs, old, now) -> {
            history.showEvent(now);
            shape.showEvent(now);
            runTree.showEvent(now);
            transcript.showEvent(now);
            cost.showEvent(now);
            memory.showEvent(now);
        });
        centerView.addListener((obs, old, now) -> {
            history.setActive(now == CenterView.STEPS || now == CenterView.CONTEXT);
            shape.setActive(now == CenterView.STATE);
            runTree.setActive(now == CenterView.TREE);
            transcript.setActive(now == CenterView.TRANSCRIPT);
            cost.setActive(now == CenterView.COST);
            memory.setActive(now == CenterView.MEMORY);
        });
        // The focus first: a finding's selection then reveals its evidence, and the detail renders it with this finding first.
        findings.selectedFindingProperty().addListener((obs, old, now) -> detail.setFocus(now));
        timeline.selection().selectedEventProperty().addListener((obs, old, now) -> detail.showStep(timeline.table().step(now)));
        findings.evidenceProperty().addListener((obs, old, now) -> {
            shape.findingsChanged();
            runTree.findingsChanged();
            timeline.filter().setEvidence(now);
            detail.setEvidence(now);
            findings.validation().ifPresent(v -> threads.setFindings(v, findings.fingerprints()));
        });
        findings.summaryProperty().addListener((obs, old, now) -> {
            if (now.state() == FindingsSummary.State.DONE && old.state() != FindingsSummary.State.DONE) {
                selectFirstFinding();
            }
        });
    }

    /**
     * Once checked, a file opens on its first finding in log order, evidence selected and shown, since that is
     * what the user came for; unless they have already picked something or searched while the rules ran (revealing
     * the finding would clear a search its evidence does not match).
     */
    private void selectFirstFinding() {
        if (opensOnFirstFinding && timeline.selection().getSelectedEvent() == null && findings.getSelectedRow() == null
                && timeline.filter().filterProperty().get().search().isEmpty()) {
            findings.selectFirst();
        }
    }

    /** The modelled context window the steps and the chart count with: the trace's model, unless the rules name one. */
    private ModelChoice modelChoice(LoadedTrace trace) {
        return ModelChoice.of(trace.namedModel(), trace.recordedWindow(),
                parameters.model().isEmpty() ? null : parameters.model(),
                parameters.contextLimit() > 0 ? parameters.contextLimit() : null, parameters.models());
    }

    /**
     * Shows events read since the last call, in seq order, of a file still read ({@link #reading}): the thread list
     * counts them, the timeline adds their rows, which the filter and search the user set apply to as to the rest.
     */
    public void append(List<Event> batch) {
        boolean newThreads = reading.add(batch);
        timeline.append(batch, reading.labels());
        if (newThreads) {
            findings.threadsRead();
        }
    }

    /**
     * Lists the findings of threads checked as they are read, for a file still read: returns what takes each thread's
     * checklist, from any thread. They are listed in the order the threads were first read, the trace's thread order.
     */
    public Consumer<ThreadChecklist> checkAsRead(String file) {
        ReadSoFar read = reading;
        return findings.showAsChecked(file, "", read::threadCount, read::orderOf)::add;
    }

    /** The file as far as it has been read while it is (the loading strip shows it); empty once read whole. */
    public Optional<ReadSoFar> readSoFar() {
        return Optional.ofNullable(reading);
    }

    /** True while the file is still read: the views of a whole trace (steps, tree, transcript, cost…) wait for it. */
    public ReadOnlyBooleanProperty readingProperty() {
        return readingNow.getReadOnlyProperty();
    }

    /**
     * Takes the trace read whole in place of the file as far as read, in these same view-models: the thread list
     * takes its threads (the thread selected stays), the timeline its rows made off the FX thread, the other views
     * the trace; the event selected is selected again as the trace's event with the same seq. The findings shown
     * as the threads were read stay until {@link #startChecks} gives the verdict.
     */
    public void readWhole(LoadedTrace whole) {
        Event selected = timeline.selection().getSelectedEvent();
        reading = null;
        loaded = whole;
        textCalls = new TextCallsLookup(whole.trace());
        sameEvents = null;
        List<Event> events = whole.trace().events();
        threads.update(whole.threads());
        timeline.readWhole(events, whole.llmRounds(), whole.threadLabels(), whole.timelineRows());
        timeline.table().countKinds(whole.kindCounts());
        if (selected != null && selected.seq() < events.size()) {
            timeline.selection().select(events.get(selected.seq()));
            // The same event, now with its LLM call's answer beside it: the detail shows the step whole.
            detail.showStep(timeline.selection().selectedStep());
        }
        history.traceRead(whole.trace(), modelChoice(whole));
        shape.traceGrew(whole.trace());
        runTree.traceGrew(whole.trace());
        transcript.traceGrew(whole.trace());
        cost.traceGrew(whole.trace());
        memory.traceGrew(whole.trace());
        findings.showOutcomes(whole.outcomes());
        loadedNow.set(whole);
        readingNow.set(false);
    }

    /** Stops what the file's reading began: the checks of the threads as read, a search of the rows read so far. */
    public void stopReading() {
        findings.cancel();
        timeline.search().stopSearching();
    }

    /**
     * The file is followed as it grows from now on: the timeline shows its newest events, and checks that finish
     * later select nothing of their own (the first finding would take the timeline away from the newest events).
     */
    public void follow() {
        opensOnFirstFinding = false;
        timeline.table().showNewest();
    }

    /**
     * Takes on {@code grown}, the file this shows read further (followed as it grows), in place: the thread list
     * changes the rows of the threads that changed and adds the new ones, the timeline replaces its rows from {@code
     * keep} on and adds the new ones, and the findings panel shows {@code checked}. What the user selected stays
     * selected; an event the new reading replaced (it was provisional: a record still being written) is selected
     * again as the new reading's event from the same place in the file.
     *
     * @param keep    how many of {@code grown}'s first events are the very events shown now, each paired with the same
     *                answer or none (see {@link TimelineViewModel#grow})
     * @param checked the rules' verdict on {@code grown}
     */
    public void grow(LoadedTrace grown, int keep, CheckResult checked) {
        Event selected = timeline.selection().getSelectedEvent();
        loaded = grown;
        textCalls = new TextCallsLookup(grown.trace());
        sameEvents = null;
        List<Event> events = grown.trace().events();
        threads.update(grown.threads());
        timeline.grow(keep, events, grown.llmRounds(), grown.threadLabels());
        timeline.table().countKinds(grown.kindCounts());
        if (selected != null && selected.seq() >= keep) {
            timeline.selection().select(SameEvents.of(events.subList(Math.min(keep, events.size()), events.size())).of(selected).orElse(null));
        }
        history.traceGrew(grown.trace());
        shape.traceGrew(grown.trace());
        runTree.traceGrew(grown.trace());
        transcript.traceGrew(grown.trace());
        cost.traceGrew(grown.trace());
        memory.traceGrew(grown.trace());
        findings.showChecked(checked);
        findings.showOutcomes(grown.outcomes());
        loadedNow.set(grown);
    }

    /** Runs the rules in the background; until they finish the findings say "Checking…". */
    public void startChecks() {
        findings.check(loaded.trace());
        indexSearchOnceChecked();
    }

    /**
     * Once the checks end, makes the timeline's search signatures in the background: they read every text once, which
     * would compete with the checks for the cores, and make every later search of a big file pass over most rows.
     */
    private void indexSearchOnceChecked() {
        findings.whenChecked(() -> timeline.search().searchIndexing().ifPresent(job -> searchIndexing = checks.submit(job)));
    }

    /** Stops work still running for this trace: its tab is closing. */
    public void close() {
        findings.cancel();
        timeline.search().stopSearching();
        if (searchIndexing != null) {
            searchIndexing.cancel();
        }
        history.setActive(false);
        shape.setActive(false);
        runTree.close();
        transcript.close();
        cost.close();
        memory.close();
    }

    public LoadedTrace loaded() {
        return loaded;
    }

    /** The trace shown, which changes as a followed file is read further. */
    public ReadOnlyObjectProperty<LoadedTrace> loadedProperty() {
        return loadedNow.getReadOnlyProperty();
    }

    public ThreadListViewModel threads() {
        return threads;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    public DetailViewModel detail() {
        return detail;
    }

    public EventAnnotations annotations() {
        return annotations;
    }

    /** Bookmarks the event the detail pane shows, or takes its bookmark off. */
    public void toggleBookmark() {
        Event shown = detail.shownEventProperty().get();
        if (shown != null) {
            annotations.toggleBookmark(shown);
        }
    }

    /** Selects the next (or previous) bookmarked event after the one shown, wrapping round; nothing without bookmarks. */
    public void goToBookmark(boolean forward) {
        Event shown = detail.shownEventProperty().get();
        annotations.nextBookmark(shown == null ? (forward ? -1 : Integer.MAX_VALUE) : shown.seq(), forward)
                .ifPresent(seq -> revealEvidence(loaded.trace().event(seq)));
    }

    public FindingsViewModel findings() {
        return findings;
    }

    public HistoryViewModel history() {
        return history;
    }

    public StateShapeViewModel shape() {
        return shape;
    }

    /** The run as its structure: agents, turns, model calls, tool calls, sub-agents. */
    public dev.tracedeck.desktop.tree.RunTreeViewModel runTree() {
        return runTree;
    }

    /** The conversation as a person reads it. */
    public dev.tracedeck.desktop.transcript.TranscriptViewModel transcript() {
        return transcript;
    }

    /** What the model calls cost. */
    public dev.tracedeck.desktop.cost.CostViewModel cost() {
        return cost;
    }

    /** The memories the agent keeps, over time. */
    public dev.tracedeck.desktop.memory.MemoryViewModel memory() {
        return memory;
    }

    /** Timeline, steps or context chart beside the detail; the steps and the chart are counted only when shown. */
    public ObjectProperty<CenterView> centerViewProperty() {
        return centerView;
    }

    public void showCenter(CenterView view) {
        centerView.set(view);
    }

    /**
     * Selects a finding's evidence in the timeline, whatever hides it: another thread selected in the thread
     * list switches the list to "All threads" (so list and timeline keep agreeing), then the timeline relaxes
     * its own filter. Revealing the event already selected shows it afresh.
     */
    private void revealEvidence(Event event) {
        if (threads.selectedThreadId().filter(id -> !id.equals(event.threadId())).isPresent()) {
            threads.selectAll();
        }
        Event before = timeline.selection().getSelectedEvent();
        timeline.selection().reveal(event);
        if (before == event) {
            // Already selected: render again, so the pane comes back to the blamed entry the user scrolled away from.
            detail.showStep(timeline.selection().selectedStep());
        }
    }

    /**
     * This trace's event for {@code earlier}, an event of an earlier reading of the same file (a followed file read
     * again as it grew): the one from the same place in the file; empty when there is none now.
     */
    public Optional<Event> sameEvent(Event earlier) {
        if (sameEvents == null) {
            sameEvents = SameEvents.of(loaded.trace().events());
        }
        return sameEvents.of(earlier);
    }

    /** Selects the event with sequence number {@code seq} (a search hit), whatever hides it; nothing when out of range. */
    public void reveal(int seq) {
        if (seq >= 0 && seq < loaded.trace().events().size()) {
            revealEvidence(loaded.trace().event(seq));
        }
    }

    /**
     * The event that shows the most at a glance, for the README screenshot: the first state dump that
     * appended to an earlier one (old and new entries side by side), else the first state dump with entries,
     * else the first event.
     */
    public Optional<Event> showcaseEvent() {
        if (loaded.kindCounts().getOrDefault(EventKind.STATE, 0L) == 0) {
            // No state dump to look for: a file of conversations is not walked on the FX thread for one.
            return loaded.trace().events().stream().findFirst();
        }
        Event firstDump = null;
        for (Event event : loaded.trace().events()) {
            if (event.payload() instanceof Payload.StateDump dump
                    && dump.snapshot().size() > 0) {
                if (dump.diff().previousSize() > 0 && dump.diff().appendedCount() > 0) {
                    return Optional.of(event);
                }
                if (firstDump == null) {
                    firstDump = event;
                }
            }
        }
        return Optional.ofNullable(firstDump).or(() -> loaded.trace().events().stream().findFirst());
    }
}
