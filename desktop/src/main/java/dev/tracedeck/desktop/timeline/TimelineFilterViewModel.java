package dev.tracedeck.desktop.timeline;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.engine.search.HarnessFolding;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * What the timeline shows of its rows: one thread or all, which kinds, "only flagged", harness records folded into
 * their steps or not, and the evidence index that marks flagged rows, as one {@link EventFilter}. Each command
 * replaces the filter; whoever shows the rows hears the change ({@link #filterProperty}).
 */
public final class TimelineFilterViewModel {

    private final TimelineTableViewModel table;
    private final ReadOnlyObjectWrapper<EventFilter> filter = new ReadOnlyObjectWrapper<>(EventFilter.ALL);

    TimelineFilterViewModel(TimelineTableViewModel table) {
        this.table = table;
        filter.set(filter.get().withHarness(new HarnessFolding(table.folds(), true, 0)));
    }

    public ReadOnlyObjectProperty<EventFilter> filterProperty() {
        return filter.getReadOnlyProperty();
    }

    /** Narrows to one thread's events, or shows every thread's; nothing to do when it shows those already. */
    public void showThread(Optional<String> threadId) {
        if (filter.get().threadId().equals(threadId)) {
            return;
        }
        filter.set(filter.get().withThread(threadId));
    }

    public void showKind(EventKind kind, boolean shown) {
        Set<EventKind> kinds = filter.get().kinds().isEmpty() ? EnumSet.noneOf(EventKind.class) : EnumSet.copyOf(filter.get().kinds());
        if (shown) {
            kinds.add(kind);
        } else {
            kinds.remove(kind);
        }
        filter.set(filter.get().withKinds(kinds));
    }

    public void showAllKinds() {
        filter.set(filter.get().withKinds(EnumSet.allOf(EventKind.class)));
    }

    /** Narrows to events that are evidence of a finding, composing with thread, kinds and search. */
    public void showOnlyFlagged(boolean only) {
        filter.set(filter.get().withOnlyFlagged(only));
    }

    public boolean isOnlyFlagged() {
        return filter.get().onlyFlagged();
    }

    /** The trace's evidence index, once its checks are done; marks rows and feeds "only flagged". */
    public void setEvidence(EvidenceIndex index) {
        filter.set(filter.get().withEvidence(index));
    }

    public EvidenceIndex evidence() {
        return filter.get().evidence();
    }

    /** Folds harness records into their steps (the default), or shows them as rows of their own. */
    public void foldHarness(boolean fold) {
        filter.set(filter.get().withHarness(filter.get().harness().withFolded(fold)));
    }

    public boolean isHarnessFolded() {
        return filter.get().harness().folded();
    }

    /** The findings a row's events are evidence of, each once, in checklist order. */
    public List<Finding> findings(Event row) {
        EvidenceIndex index = filter.get().evidence();
        Optional<Event> answer = table.rounds().answerOf(row);
        if (answer.isEmpty()) {
            return index.findings(row);
        }
        Set<Finding> all = new LinkedHashSet<>(index.findings(row));
        all.addAll(index.findings(answer.get()));
        return List.copyOf(all);
    }

    /**
     * What a flagged row's badge says: the rule of its worst finding (the first such in checklist order), and
     * how many other rules flagged it ("missing-flush +1"); "" for a row no rule flagged.
     */
    public static String ruleBadge(List<Finding> findings) {
        if (findings.isEmpty()) {
            return "";
        }
        Finding worst = findings.stream().max((a, b) -> a.severity().compareTo(b.severity())).orElseThrow();
        long others = findings.stream().map(Finding::ruleId).distinct().count() - 1;
        return worst.ruleId() + (others > 0 ? " +" + others : "");
    }

    // What the search and selection of the same timeline read and change.

    EventFilter get() {
        return filter.get();
    }

    void set(EventFilter now) {
        filter.set(now);
    }

    /** The rows were replaced by the whole trace's, with harness folds of their own: the rows are tested again. */
    void foldsReplaced() {
        HarnessFolding now = filter.get().harness();
        filter.set(filter.get().withHarness(new HarnessFolding(table.folds(), now.folded(), now.version() + 1)));
    }

    /** A thread's first step came, and harness records it showed until now fold into it: the rows are tested again. */
    void harnessChanged() {
        filter.set(filter.get().withHarness(filter.get().harness().changed()));
    }
}
