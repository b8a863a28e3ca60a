package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.desktop.findings.CheckResult;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.Optional;

/**
 * What the user was looking at in one reading of a followed file, carried to the next: the thread, the timeline's
 * filter, the view beside the detail, the checklist's shape, the selected finding and event, and the detail pane as
 * it was. An event or finding is found again by its place in the file (see {@link TraceViewModel#sameEvent}).
 */
final class ViewState {

    private final TraceViewModel earlier;

    private ViewState(TraceViewModel earlier) {
        this.earlier = earlier;
    }

    static ViewState of(TraceViewModel earlier) {
        return new ViewState(earlier);
    }

    /**
     * Shows {@code checked} in {@code next} (the same file read again) and selects there what was selected here.
     * Call before {@code next} is on screen.
     */
    void applyTo(TraceViewModel next, CheckResult checked) {
        next.keepSelectionOnCheck();
        next.findings().showChecked(checked);
        Optional<String> thread = earlier.threads().selectedThreadId();
        next.threads().threads().stream().filter(row -> row.threadId().equals(thread)).findFirst()
                .ifPresentOrElse(next.threads()::select, next.threads()::selectAll);
        next.timeline().filterLike(earlier.timeline().filterProperty().get());
        next.showCenter(earlier.centerViewProperty().get());
        next.findings().expandLike(earlier.findings());

        Event shown = earlier.detail().shownEventProperty().get();
        Optional<Event> shownAgain = shown == null ? Optional.empty() : next.sameEvent(shown);
        shownAgain.ifPresent(event -> next.detail().continueFrom(earlier.detail(), event));
        Finding finding = earlier.findings().getSelectedFinding();
        if (finding != null) {
            sameFinding(finding, next).ifPresent(next.findings()::selectFinding);
        }
        Event selected = earlier.timeline().getSelectedEvent();
        if (selected != null) {
            next.sameEvent(selected).filter(event -> event != next.timeline().getSelectedEvent())
                    .ifPresent(next.timeline()::select);
        }
        next.detail().settle();
    }

    /** {@code finding} in {@code next}: the same rule, thread and message about the same evidence. */
    private static Optional<Finding> sameFinding(Finding finding, TraceViewModel next) {
        List<Optional<Event>> evidence = finding.evidence().stream().map(next::sameEvent).toList();
        return next.findings().findingsInScope().stream()
                .filter(f -> f.ruleId().equals(finding.ruleId()) && f.threadId().equals(finding.threadId())
                        && f.message().equals(finding.message()) && f.evidence().size() == evidence.size())
                .filter(f -> {
                    for (int i = 0; i < evidence.size(); i++) {
                        if (evidence.get(i).isEmpty() || evidence.get(i).get() != f.evidence().get(i)) {
                            return false;
                        }
                    }
                    return true;
                })
                .findFirst();
    }
}
