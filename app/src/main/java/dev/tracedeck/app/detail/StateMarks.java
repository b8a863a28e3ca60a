package dev.tracedeck.app.detail;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.rules.BlamedEntry;
import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a state dump's entries are shown with beyond the dump itself: the entries findings blame, with the
 * most severe finding's severity, the one to bring into view, and the thread's previous dump, which says
 * what a changed entry was.
 *
 * @param blamed   positions blamed by a finding, with the worst severity among those blaming each
 * @param focus    the position to bring into view (the first finding's first blamed entry), -1 for none
 * @param previous the thread's dump before this one, when there is one
 */
record StateMarks(Map<Integer, Severity> blamed, int focus, Optional<StateSnapshot> previous) {

    static final StateMarks NONE = new StateMarks(Map.of(), -1, Optional.empty());

    StateMarks {
        blamed = Map.copyOf(blamed);
        Objects.requireNonNull(previous);
    }

    /** @param findings the findings {@code dump} is evidence of; the first that blames an entry here sets the focus */
    static StateMarks of(Event dump, List<Finding> findings, Optional<StateSnapshot> previous) {
        Map<Integer, Severity> blamed = new HashMap<>();
        int focus = -1;
        for (Finding finding : findings) {
            for (BlamedEntry entry : finding.blamed()) {
                if (entry.dump().seq() != dump.seq()) {
                    continue;
                }
                blamed.merge(entry.position(), finding.severity(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
                if (focus < 0) {
                    focus = entry.position();
                }
            }
        }
        return new StateMarks(blamed, focus, previous);
    }
}
