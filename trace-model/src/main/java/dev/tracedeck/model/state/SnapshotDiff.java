package dev.tracedeck.model.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one turn did to a thread's state: the difference between a snapshot and the one before it.
 *
 * <p>Entries are compared by position, as agent state is an append-only list unless something prunes it.
 * Positions are 0-based indexes into the newer snapshot's {@link StateSnapshot#entries()}.
 *
 * @param previousSize  size of the earlier snapshot (0 for a thread's first snapshot)
 * @param appendedFrom  first appended position; equal to the new size when nothing was appended
 * @param appendedCount entries the turn added at the end
 * @param changed       positions present in both whose entry differs
 * @param removedCount  entries the earlier snapshot had past the end of the newer one
 */
public record SnapshotDiff(int previousSize, int appendedFrom, int appendedCount, List<Integer> changed,
                           int removedCount) {

    public SnapshotDiff {
        changed = List.copyOf(changed);
    }

    public static SnapshotDiff first(StateSnapshot snapshot) {
        return new SnapshotDiff(0, 0, snapshot.size(), List.of(), 0);
    }

    public static SnapshotDiff between(StateSnapshot before, StateSnapshot after) {
        return between(before.entries(), after.entries());
    }

    /** The same comparison for any two message lists, such as one named section in two snapshots. */
    public static SnapshotDiff between(List<StateEntry> a, List<StateEntry> b) {
        int common = Math.min(a.size(), b.size());
        List<Integer> changed = new ArrayList<>();
        for (int i = 0; i < common; i++) {
            // Shared instances make the usual case a reference check.
            if (a.get(i) != b.get(i) && !a.get(i).equals(b.get(i))) {
                changed.add(i);
            }
        }
        return new SnapshotDiff(a.size(), common, b.size() - common, changed, Math.max(0, a.size() - b.size()));
    }

    public boolean isAppended(int position) {
        return position >= appendedFrom && position < appendedFrom + appendedCount;
    }

    public boolean isChanged(int position) {
        return changed.contains(position);
    }

    /**
     * The positions below {@code size} that are {@link #isAppended appended} or {@link #isChanged changed}, ascending:
     * what a snapshot brought, found without a look at each entry it holds (a log's dumps hold thousands each, nearly
     * all of them the earlier dump's).
     */
    public int[] newPositions(int size) {
        int from = Math.max(appendedFrom, 0);
        int end = Math.min(appendedFrom + appendedCount, size);
        int[] positions = new int[changed.size() + Math.max(0, end - from)];
        int n = 0;
        for (int position : changed) {
            if (position >= 0 && position < size) {
                positions[n++] = position;
            }
        }
        for (int position = from; position < end; position++) {
            positions[n++] = position;
        }
        Arrays.sort(positions, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || positions[i] != positions[distinct - 1]) {
                positions[distinct++] = positions[i];
            }
        }
        return distinct == positions.length ? positions : Arrays.copyOf(positions, distinct);
    }

    /** "+2", "+2 ~1", "-3", "=" for a glance in a table. */
    public String summary() {
        StringBuilder s = new StringBuilder();
        if (appendedCount > 0) {
            s.append('+').append(appendedCount);
        }
        if (!changed.isEmpty()) {
            s.append(s.isEmpty() ? "" : " ").append('~').append(changed.size());
        }
        if (removedCount > 0) {
            s.append(s.isEmpty() ? "" : " ").append('-').append(removedCount);
        }
        return s.isEmpty() ? "=" : s.toString();
    }
}
