package dev.tracedeck.app.findings;

import dev.tracedeck.app.findings.FindingsRow.CheckRow;
import dev.tracedeck.app.findings.FindingsRow.FindingRow;
import dev.tracedeck.app.findings.FindingsRow.ThreadRow;
import dev.tracedeck.model.rules.Finding;
import java.util.List;
import java.util.Optional;

/**
 * The panel's rows for one scope, plus every finding in scope in row order (collapsed or not), which is
 * what next and previous walk. Built by {@link ChecklistRows}.
 */
record ChecklistLayout(List<FindingsRow> rows, List<Finding> order) {

    static final ChecklistLayout EMPTY = new ChecklistLayout(List.of(), List.of());

    ChecklistLayout {
        rows = List.copyOf(rows);
        order = List.copyOf(order);
    }

    /** The finding after (direction 1) or before (-1) {@code from}, wrapping; from nothing, the first or last. */
    Optional<Finding> neighbour(FindingsRow from, int direction) {
        if (order.isEmpty()) {
            return Optional.empty();
        }
        int target;
        if (from instanceof FindingRow f) {
            target = f.index() + direction;
        } else if (from instanceof CheckRow c) {
            target = direction > 0 ? c.nextFinding() : c.nextFinding() - 1;
        } else if (from instanceof ThreadRow t) {
            target = direction > 0 ? t.nextFinding() : t.nextFinding() - 1;
        } else {
            target = direction > 0 ? 0 : order.size() - 1;
        }
        return Optional.of(order.get(Math.floorMod(target, order.size())));
    }

    Optional<FindingsRow> rowOf(Finding finding) {
        return rows.stream().filter(r -> r instanceof FindingRow f && f.finding() == finding).findFirst();
    }

    /**
     * The row standing for {@code old} from an earlier layout: the same finding, else its check (collapsed
     * over it), else its thread; empty when the scope no longer shows any of them.
     */
    Optional<FindingsRow> successor(FindingsRow old) {
        if (old == null) {
            return Optional.empty();
        }
        if (old instanceof FindingRow f) {
            Optional<FindingsRow> same = rowOf(f.finding());
            if (same.isPresent()) {
                return same;
            }
        }
        String checkKey = old instanceof CheckRow c ? c.key()
                : old instanceof FindingRow f ? CheckRow.keyOf(f.threadId(), f.finding().ruleId()) : "";
        String threadKey = ThreadRow.keyOf(old.threadId());
        return rows.stream().filter(r -> r instanceof CheckRow c && c.key().equals(checkKey)).findFirst()
                .or(() -> rows.stream().filter(r -> r instanceof ThreadRow t && t.key().equals(threadKey)).findFirst());
    }
}
