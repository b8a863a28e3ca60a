package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.desktop.findings.FindingsRow.CheckRow;
import dev.tracedeck.desktop.findings.FindingsRow.FindingRow;
import dev.tracedeck.desktop.findings.FindingsRow.PassedRow;
import dev.tracedeck.desktop.findings.FindingsRow.ThreadRow;
import java.util.List;
import java.util.Optional;

/**
 * The panel's rows for one scope, plus every finding in scope in log order (collapsed or not), which is what
 * next and previous walk. Built by {@link ChecklistRows}.
 */
record ChecklistLayout(List<FindingsRow> rows, List<Finding> order) {

    static final ChecklistLayout EMPTY = new ChecklistLayout(List.of(), List.of());

    ChecklistLayout {
        rows = List.copyOf(rows);
        order = List.copyOf(order);
    }

    /**
     * The finding after (direction 1) or before (-1) {@code from} in log order, wrapping. From a thread or a
     * failed check: its earliest finding, or the one before that; from a row with no findings under it, or
     * from nothing, the first or the last.
     */
    Optional<Finding> neighbour(FindingsRow from, int direction) {
        if (order.isEmpty()) {
            return Optional.empty();
        }
        int earliest = from instanceof CheckRow c ? c.nextFinding() : from instanceof ThreadRow t ? t.nextFinding() : -1;
        int target;
        if (from instanceof FindingRow f) {
            target = f.index() + direction;
        } else if (earliest >= 0) {
            target = direction > 0 ? earliest : earliest - 1;
        } else {
            target = direction > 0 ? 0 : order.size() - 1;
        }
        return Optional.of(order.get(Math.floorMod(target, order.size())));
    }

    /** The first finding in log order, if any. */
    Optional<Finding> first() {
        return order.stream().findFirst();
    }

    Optional<FindingsRow> rowOf(Finding finding) {
        return rows.stream().filter(r -> r instanceof FindingRow f && f.finding() == finding).findFirst();
    }

    /**
     * The row standing for {@code old} from an earlier layout: the same finding or check, else the check or
     * the fold collapsed over it, else its thread; empty when the scope no longer shows any of them.
     */
    Optional<FindingsRow> successor(FindingsRow old) {
        if (old == null) {
            return Optional.empty();
        }
        if (old instanceof FindingRow f) {
            // The finding itself, else one equal to it: its thread checked again (a followed file read further).
            Optional<FindingsRow> same = rowOf(f.finding())
                    .or(() -> rows.stream().filter(r -> r instanceof FindingRow g && g.finding().equals(f.finding())).findFirst());
            if (same.isPresent()) {
                return same;
            }
        }
        String checkKey = old instanceof CheckRow c ? c.key()
                : old instanceof FindingRow f ? CheckRow.keyOf(f.threadId(), f.finding().ruleId()) : "";
        String threadKey = ThreadRow.keyOf(old.threadId());
        String foldKey = PassedRow.keyOf(old.threadId());
        boolean inFold = old instanceof PassedRow || old instanceof CheckRow c && c.folded();
        return rows.stream().filter(r -> r instanceof CheckRow c && c.key().equals(checkKey)).findFirst()
                .or(() -> rows.stream().filter(r -> inFold && r instanceof PassedRow p && p.key().equals(foldKey)).findFirst())
                .or(() -> rows.stream().filter(r -> r instanceof ThreadRow t && t.key().equals(threadKey)).findFirst());
    }
}
