package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.outcome.TraceOutcomes;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Batches;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.Once;
import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.findings.FindingsRow.CheckRow;
import dev.tracedeck.desktop.findings.FindingsRow.FindingRow;
import dev.tracedeck.desktop.findings.FindingsRow.PassedRow;
import dev.tracedeck.desktop.findings.FindingsRow.ThreadRow;
import dev.tracedeck.desktop.triage.FindingFingerprints;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.workspace.TriageMark;
import dev.tracedeck.workspace.TriageStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The findings of one trace: checks it in the background once, then lays the checklist out for the thread
 * the thread list selected (or every thread). Selecting a finding asks {@code reveal} to show its first
 * piece of evidence; next and previous walk every finding in scope in log order, expanding what hides the
 * target.
 */
public final class FindingsViewModel {

    private static final System.Logger LOG = System.getLogger(FindingsViewModel.class.getName());

    private final TaskRunner runner;
    private final TraceChecker checker;
    private final Consumer<Event> reveal;
    private final ObservableList<FindingsRow> rows = FXCollections.observableArrayList();
    private final ObservableList<FindingsRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyObjectWrapper<FindingsSummary> summary = new ReadOnlyObjectWrapper<>(FindingsSummary.checking(0));
    private final ReadOnlyObjectWrapper<FindingsSummary> scopeSummary = new ReadOnlyObjectWrapper<>(FindingsSummary.checking(0));
    private final ReadOnlyObjectWrapper<EvidenceIndex> evidence = new ReadOnlyObjectWrapper<>(EvidenceIndex.EMPTY);
    private final ReadOnlyObjectWrapper<TraceOutcomes> outcomes = new ReadOnlyObjectWrapper<>(TraceOutcomes.NONE);
    private final ReadOnlyObjectWrapper<FindingsRow> selectedRow = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Finding> selectedFinding = new ReadOnlyObjectWrapper<>();
    private final Set<String> toggled = new HashSet<>();
    private Validation validation;
    /** The findings' fingerprints, computed where they were checked: their marks are looked up, not hashed here. */
    private FindingFingerprints fingerprints = FindingFingerprints.NONE;
    private Optional<String> scope = Optional.empty();
    private ChecklistLayout layout = ChecklistLayout.EMPTY;
    /** The threads' labels as the other views show them; null: each layout labels the threads it lays out. */
    private Supplier<ThreadLabels> labels;
    private TaskHandle task = TaskHandle.DONE;
    private Batches<ThreadChecklist> checkedSoFar = new Batches<>(Runnable::run, batch -> { });
    /** Says again how many threads are checked of how many, while threads are shown as checked elsewhere. */
    private Runnable recount = () -> { };
    /** While only some threads are checked, how many there are in all; 0 once the verdict is whole. */
    private int checkingThreads;
    private final TriageMarks triage;

    /**
     * @param runner  runs the check (a long job on a big trace)
     * @param checker the rules, e.g. {@code new Validator(config)::validate}
     * @param reveal  shows an event in the timeline and the detail pane
     */
    public FindingsViewModel(TaskRunner runner, Function<Trace, Validation> checker, Consumer<Event> reveal) {
        this(runner, checker, reveal, TriageMarks.none());
    }

    /** @param triage the window's triage marks, shown on each finding and set with {@link #mark} */
    public FindingsViewModel(TaskRunner runner, Function<Trace, Validation> checker, Consumer<Event> reveal,
                             TriageMarks triage) {
        this(runner, TraceChecker.whole(checker), reveal, triage);
    }

    /** @param checker the rules, handing over each thread's checklist as it is done: the panel shows them as they come */
    public FindingsViewModel(TaskRunner runner, TraceChecker checker, Consumer<Event> reveal, TriageMarks triage) {
        this.triage = triage;
        this.runner = runner;
        this.checker = checker;
        this.reveal = reveal;
    }

    /**
     * Labels the threads' headings with {@code labels}, the labels the thread list and the timeline show (asked at each
     * layout: a followed file's labels change as it grows). Unset, each layout labels the threads checked itself.
     */
    public void labelThreadsWith(Supplier<ThreadLabels> labels) {
        this.labels = labels;
    }

    /** The marks people put on findings, by fingerprint: each finding row shows its own. */
    public TriageMarks triage() {
        return triage;
    }

    /**
     * Marks the selected finding (and every finding with its fingerprint, in every run) with {@code note}; nothing
     * when the selection is not a finding or there is no workspace to keep the mark.
     */
    public void mark(TriageStatus status, String note) {
        Finding finding = selectedFinding.get();
        if (finding != null && triage.canMark()) {
            triage.mark(finding, fingerprints, status, note);
        }
    }

    /** Takes the mark off the selected finding (and every finding with its fingerprint); nothing when it has none. */
    public void unmark() {
        Finding finding = selectedFinding.get();
        if (finding != null && markOf(finding).isPresent()) {
            triage.unmark(finding, fingerprints);
        }
    }

    /** {@code finding}'s triage mark, if any. */
    public Optional<TriageMark> markOf(Finding finding) {
        return triage.markOf(finding, fingerprints);
    }

    /** The checked findings' fingerprints ({@link FindingFingerprints#NONE} before the check). */
    public FindingFingerprints fingerprints() {
        return fingerprints;
    }

    /**
     * Starts checking {@code trace}, dropping any check still running. Each thread's findings show as soon as its
     * checks are done (a few times a second, in the trace's thread order); the summary says "Checking…" until all are.
     */
    public void check(Trace trace) {
        cancel();
        Map<String, Integer> order = new HashMap<>();
        trace.threads().forEach(t -> order.put(t.id(), order.size()));
        int threads = trace.threads().size();
        Batches<ThreadChecklist> batches = showAsChecked(trace.file(), trace.format(), () -> threads,
                id -> order.getOrDefault(id, Integer.MAX_VALUE));
        task = runner.submit(BackgroundJob.of("check " + trace.file(), context -> CheckResult.of(checker.check(trace, batches::add)))
                .onSuccess(result -> {
                    batches.stop();
                    checked(result);
                })
                .onFailure(error -> {
                    batches.stop();
                    failed(error);
                }));
    }

    /**
     * Shows threads as they are checked elsewhere, dropping any check still running: the returned batches take each
     * thread's checklist, from any thread, and the panel lists the threads checked so far a few times a second, in the
     * order {@code order} gives their ids. A file still being read has its threads checked as it reads them (see
     * {@link dev.tracedeck.engine.checks.ChecksAsRead}); its threads so far are {@code threads}, read on the FX thread with each batch.
     * Stop the batches when the checks end; the summary says "Checking…" until a whole verdict replaces them.
     */
    public Batches<ThreadChecklist> showAsChecked(String file, String format, IntSupplier threads, ToIntFunction<String> order) {
        cancel();
        summary.set(FindingsSummary.checking(threads.getAsInt()));
        scopeSummary.set(summary.get());
        List<ThreadChecklist> soFar = new ArrayList<>();
        FindingsSummary[] found = {FindingsSummary.of(List.of())};
        LayoutPacing pacing = new LayoutPacing(System::nanoTime);
        Batches<ThreadChecklist> batches = new Batches<>(runner.callbacks(), batch -> {
            soFar.addAll(batch);
            FindingsSummary before = found[0];
            found[0] = before.plus(batch);
            if (pacing.due(found[0].total() > before.total())) {
                soFar.sort(Comparator.comparingInt(c -> order.applyAsInt(c.threadId())));
                pacing.laidOut(() -> partlyChecked(file, format, threads.getAsInt(), soFar, found[0]));
            } else {
                recount.run();
            }
        });
        recount = () -> {
            if (summary.get().state() == FindingsSummary.State.CHECKING) {
                summary.set(FindingsSummary.checking(threads.getAsInt(), found[0]));
                if (scope.isEmpty()) {
                    // The panel's header counts every thread too: it keeps up between layouts.
                    scopeSummary.set(summary.get());
                }
            }
        };
        checkedSoFar = batches;
        return batches;
    }

    /**
     * Counts again the threads there are so far, for the summaries of threads shown as checked elsewhere ({@link
     * #showAsChecked}): a file still read has its events reach the window apart from its threads' checklists.
     */
    public void threadsRead() {
        recount.run();
    }

    /**
     * Shows a check made elsewhere (the threads of a followed file that changed, checked as it was read again),
     * dropping any check still running.
     */
    public void showChecked(CheckResult result) {
        // The check running stops whole: the threads it has checked so far are of a trace no longer shown.
        cancel();
        checked(result);
    }

    /** Stops a running check: its result will not arrive. */
    public void cancel() {
        recount = () -> { };
        checkedSoFar.stop();
        task.cancel();
    }

    /**
     * The threads checked so far: their findings listed and marked in the timeline. Triage marks wait for the whole
     * verdict, whose fingerprints read every finding's evidence.
     */
    private void partlyChecked(String file, String format, int threads, List<ThreadChecklist> soFar, FindingsSummary found) {
        validation = new Validation(file, format, "", soFar);
        checkingThreads = threads;
        rebuild();
        evidence.set(EvidenceIndex.of(validation));
        summary.set(FindingsSummary.checking(threads, found));
    }

    public ObservableList<FindingsRow> rows() {
        return readOnlyRows;
    }

    /** The whole file's findings, for the status bar. */
    public ReadOnlyObjectProperty<FindingsSummary> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** Runs {@code then} once the checks have ended, done or failed: at once when they have. */
    public void whenChecked(Runnable then) {
        Once.when(summaryProperty(), now -> now.state() != FindingsSummary.State.CHECKING, now -> then.run());
    }

    /**
     * What the trace says of its own runs (an eval's scores, an error, an abort, a failed span), shown beside the
     * findings: a run the checks find clean may still have failed by its own account.
     */
    public void showOutcomes(TraceOutcomes now) {
        outcomes.set(now);
    }

    public ReadOnlyObjectProperty<TraceOutcomes> outcomesProperty() {
        return outcomes.getReadOnlyProperty();
    }

    /** What the trace says of the threads in scope. */
    public TraceOutcomes scopeOutcomes() {
        return scope.map(id -> outcomes.get().ofThread(id)).orElse(outcomes.get());
    }

    /** The findings of the threads in scope, for the panel's header. */
    public ReadOnlyObjectProperty<FindingsSummary> scopeSummaryProperty() {
        return scopeSummary.getReadOnlyProperty();
    }

    /** Which events are evidence, {@link EvidenceIndex#EMPTY} until the check is done. */
    public ReadOnlyObjectProperty<EvidenceIndex> evidenceProperty() {
        return evidence.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<FindingsRow> selectedRowProperty() {
        return selectedRow.getReadOnlyProperty();
    }

    public FindingsRow getSelectedRow() {
        return selectedRow.get();
    }

    /** The finding whose row is selected, null when the selection is a thread or a check, or empty. */
    public ReadOnlyObjectProperty<Finding> selectedFindingProperty() {
        return selectedFinding.getReadOnlyProperty();
    }

    public Finding getSelectedFinding() {
        return selectedFinding.get();
    }

    /** The rules' verdict, once the check is done. */
    public Optional<Validation> validation() {
        return Optional.ofNullable(validation);
    }

    /** Every finding in scope in log order (by first evidence), collapsed or not. */
    public List<Finding> findingsInScope() {
        return layout.order();
    }

    public Optional<String> scope() {
        return scope;
    }

    /** Follows the thread list: one thread's checklist, or every thread's under a heading each. */
    public void showThread(Optional<String> threadId) {
        if (scope.equals(threadId)) {
            return;
        }
        scope = threadId;
        rebuild();
    }

    /** Selects a row; a finding's first evidence is revealed, even when it was selected already. */
    public void select(FindingsRow row) {
        selectedRow.set(row);
        Finding finding = row instanceof FindingRow f ? f.finding() : null;
        selectedFinding.set(finding);
        if (finding != null && !finding.evidence().isEmpty()) {
            reveal.accept(finding.evidence().get(0));
        }
    }

    /** Enter or a click: reveals a finding, expands or collapses a thread or a check. */
    public void open(FindingsRow row) {
        if (row instanceof FindingRow) {
            select(row);
        } else if (row != null) {
            setExpanded(row, !row.expanded());
        }
    }

    /** Expands or collapses a thread, a failed check or a thread's passed checks; other rows have nothing to hide. */
    public void setExpanded(FindingsRow row, boolean expanded) {
        if (row != null && row.expandable() && row.expanded() != expanded) {
            String key = row instanceof ThreadRow t ? t.key() : row instanceof PassedRow p ? p.key() : ((CheckRow) row).key();
            if (!toggled.remove(key)) {
                toggled.add(key);
            }
            rebuild();
        }
    }

    /** F8: the finding after the selected row in log order, wrapping at the end. */
    public void next() {
        step(1);
    }

    /** Shift+F8: the finding before the selected row in log order, wrapping at the start. */
    public void previous() {
        step(-1);
    }

    private void step(int direction) {
        layout.neighbour(selectedRow.get(), direction).ifPresent(this::selectFinding);
    }

    /**
     * Selects the first finding in scope in log order, as opening a file does; false when there is none
     * (or the check is not done).
     */
    public boolean selectFirst() {
        Optional<Finding> first = layout.first();
        first.ifPresent(this::selectFinding);
        return first.isPresent();
    }

    /** Selects a finding in scope, expanding its thread and check first when they hide it. */
    public void selectFinding(Finding finding) {
        boolean changed = toggled.remove(ThreadRow.keyOf(finding.threadId()));
        changed |= toggled.remove(CheckRow.keyOf(finding.threadId(), finding.ruleId()));
        if (changed) {
            rebuild();
        }
        layout.rowOf(finding).ifPresent(this::select);
    }

    /** "2 of 6" while a finding is selected, "6 findings" otherwise. */
    public String positionText() {
        int total = layout.order().size();
        return selectedRow.get() instanceof FindingRow f ? (f.index() + 1) + " of " + total
                : total == 1 ? "1 finding" : total + " findings";
    }

    /** The summary goes last: whoever hears "done" may read the rows and the evidence. */
    private void checked(CheckResult result) {
        checkingThreads = 0;
        validation = result.validation();
        fingerprints = result.fingerprints();
        rebuild();
        evidence.set(result.evidence());
        summary.set(FindingsSummary.of(validation.threads()));
    }

    private void failed(Throwable error) {
        LOG.log(System.Logger.Level.ERROR, "checking failed", error);
        summary.set(FindingsSummary.failed(ErrorBoundary.describe(error)));
        scopeSummary.set(summary.get());
    }

    private void rebuild() {
        if (validation == null) {
            return;
        }
        layout = labels == null ? ChecklistRows.build(validation, scope, toggled)
                : ChecklistRows.build(validation, scope, toggled, labels.get());
        List<ThreadChecklist> inScope = validation.threads().stream()
                .filter(t -> scope.isEmpty() || scope.get().equals(t.threadId())).toList();
        scopeSummary.set(checkingThreads > 0
                ? FindingsSummary.checking(scope.isPresent() ? 1 : checkingThreads, inScope) : FindingsSummary.of(inScope));
        FindingsRow kept = layout.successor(selectedRow.get()).orElse(null);
        patchRows(layout.rows());
        selectedRow.set(kept);
        selectedFinding.set(kept instanceof FindingRow f ? f.finding() : null);
    }

    /**
     * Brings the rows to {@code now} changing only what differs between the rows they share at the start and at the
     * end: a followed file whose few changed threads were checked again redraws those threads' rows, and the list
     * keeps its scroll.
     */
    private void patchRows(List<FindingsRow> now) {
        int start = 0;
        int common = Math.min(rows.size(), now.size());
        while (start < common && rows.get(start).equals(now.get(start))) {
            start++;
        }
        int end = 0;
        while (end < common - start && rows.get(rows.size() - 1 - end).equals(now.get(now.size() - 1 - end))) {
            end++;
        }
        if (start == rows.size() && start == now.size()) {
            return;
        }
        if (start == 0 && end == 0) {
            rows.setAll(now);
            return;
        }
        rows.remove(start, rows.size() - end);
        rows.addAll(start, now.subList(start, now.size() - end));
    }
}
