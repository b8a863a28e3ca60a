package dev.tracedeck.model.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A snapshot's new positions are those {@code isAppended} or {@code isChanged} says, in order, once each. */
class SnapshotDiffNewPositionsTest {

    private static StateEntry entry(int idx, String content) {
        return new StateEntry(idx, "ai", "", 0, List.of(), false, content, false);
    }

    private static int[] byEveryPosition(SnapshotDiff diff, int size) {
        return IntStream.range(0, size).filter(i -> diff.isAppended(i) || diff.isChanged(i)).toArray();
    }

    @Test
    void changedThenAppendedAscending() {
        List<StateEntry> before = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            before.add(entry(i + 1, "m" + i));
        }
        List<StateEntry> after = new ArrayList<>(before);
        after.set(1, entry(2, "edited"));
        after.set(4, entry(5, "edited"));
        after.add(entry(7, "new"));
        after.add(entry(8, "newer"));
        SnapshotDiff diff = SnapshotDiff.between(before, after);
        assertArrayEquals(new int[] {1, 4, 6, 7}, diff.newPositions(after.size()));
        assertArrayEquals(byEveryPosition(diff, after.size()), diff.newPositions(after.size()));
        assertArrayEquals(new int[] {1, 4, 6}, diff.newPositions(7), "only below the size asked");
    }

    @Test
    void nothingNewAfterAPruneOrARepeat() {
        List<StateEntry> before = List.of(entry(1, "a"), entry(2, "b"), entry(3, "c"));
        assertArrayEquals(new int[0], SnapshotDiff.between(before, before).newPositions(3));
        assertArrayEquals(new int[0], SnapshotDiff.between(before, before.subList(0, 2)).newPositions(2));
    }

    @Test
    void aFirstSnapshotIsNewThroughout() {
        StateSnapshot first = StateSnapshot.ofMessages("t", 3, List.of(entry(1, "a"), entry(2, "b"), entry(3, "c")),
                new int[] {1, 2, 3});
        assertArrayEquals(new int[] {0, 1, 2}, SnapshotDiff.first(first).newPositions(3));
    }

    @Test
    void positionsNamedTwiceComeOnce() {
        SnapshotDiff overlapping = new SnapshotDiff(2, 1, 2, List.of(2, 0), 0);
        assertArrayEquals(byEveryPosition(overlapping, 3), overlapping.newPositions(3));
    }
}
