package dev.tracedeck.desktop.detail;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.textcalls.TextSpan;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.ArrayList;
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
 * @param textCalls positions of entries holding tool calls written as text, with the calls' spans in the entry's text
 */
record StateMarks(Map<Integer, Severity> blamed, int focus, Optional<StateSnapshot> previous,
                  Map<Integer, List<TextSpan>> textCalls) {

    static final StateMarks NONE = new StateMarks(Map.of(), -1, Optional.empty(), Map.of());

    StateMarks {
        blamed = Map.copyOf(blamed);
        Objects.requireNonNull(previous);
        textCalls = Map.copyOf(textCalls);
    }

    StateMarks(Map<Integer, Severity> blamed, int focus, Optional<StateSnapshot> previous) {
        this(blamed, focus, previous, Map.of());
    }

    /** The same marks with the spans of the text calls among {@code calls} that stand in this dump's entries. */
    StateMarks withTextCalls(List<FoundTextCall> calls) {
        Map<Integer, List<TextSpan>> spans = new HashMap<>();
        for (FoundTextCall c : calls) {
            c.where().entryPosition().ifPresent(i -> spans.computeIfAbsent(i, k -> new ArrayList<>()).add(c.call().span()));
        }
        spans.replaceAll((k, v) -> List.copyOf(v));
        return spans.isEmpty() ? this : new StateMarks(blamed, focus, previous, spans);
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
