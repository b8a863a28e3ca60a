package dev.tracedeck.desktop.timeline;

import dev.tracedeck.model.event.Event;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableListBase;

/**
 * The rows a filter lets through, held as positions in the list of every row and replaced whole when the filter
 * changes: one change for the table, whatever the count, instead of a filtered list's per-element bookkeeping, so
 * narrowing five million rows costs one pass of the filter and an array. Rows stay in the order of the list of every
 * row (seq order) unless {@link #sortBy} is given a comparator. Read-only to its users; FX thread only.
 */
public final class ShownRows extends ObservableListBase<Event> {

    private final List<Event> all;
    private int[] positions = new int[0];
    private int size;
    private Comparator<? super Event> comparator;

    /** @param all every row, in seq order; it may grow at its end ({@link #append}) */
    ShownRows(List<Event> all) {
        this.all = all;
    }

    @Override
    public Event get(int index) {
        Objects.checkIndex(index, size);
        return all.get(positions[index]);
    }

    @Override
    public int size() {
        return size;
    }

    /**
     * The row's index, found by halving while the rows are in seq order (a table selecting a row among millions asks
     * this); -1 when it is not shown.
     */
    @Override
    public int indexOf(Object o) {
        if (!(o instanceof Event event)) {
            return -1;
        }
        if (comparator != null) {
            return super.indexOf(o);
        }
        int low = 0;
        int high = size - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            Event at = all.get(positions[mid]);
            if (at.seq() < event.seq()) {
                low = mid + 1;
            } else if (at.seq() > event.seq()) {
                high = mid - 1;
            } else {
                return at == event ? mid : -1;
            }
        }
        return -1;
    }

    @Override
    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    /** Shows exactly the rows at {@code shown} (ascending positions in the list of every row), in the current sort. */
    void show(int[] shown, int count) {
        int[] sorted = sorted(shown, count);
        List<Event> removed = new PositionsView(positions, size);
        positions = sorted;
        size = count;
        if (!removed.isEmpty() || size > 0) {
            // One change, whose removed rows are read from the positions shown before rather than copied: the
            // change builder copies a removed list element by element, which on millions of rows was most of a
            // filter change's time.
            fireChange(new WholeReplacement(removed, size));
        }
    }

    /** Adds rows appended to the list of every row that pass the filter; in seq order they go at the end. */
    void append(int[] added, int count) {
        if (count == 0) {
            return;
        }
        if (comparator != null) {
            int[] merged = Arrays.copyOf(unsortedPositions(), size + count);
            System.arraycopy(added, 0, merged, size, count);
            show(merged, merged.length);
            return;
        }
        if (positions.length < size + count) {
            positions = Arrays.copyOf(positions, Math.max(size + count, positions.length * 3 / 2 + 16));
        }
        System.arraycopy(added, 0, positions, size, count);
        int from = size;
        size += count;
        beginChange();
        nextAdd(from, size);
        endChange();
    }

    /**
     * Replaces the end of the list of every row, from position {@code keep} on (a followed file read further: its last
     * rows were provisional, new ones came): {@code change} makes that replacement, and the rows at {@code added}
     * (ascending positions from {@code keep} on, in the list as {@code change} leaves it) are shown in place of the
     * shown rows it dropped. One change for the table, which keeps every row before {@code keep} as it was.
     *
     * @return the shown rows that were dropped, in seq order
     */
    List<Event> replaceEnd(int keep, Runnable change, int[] added, int count) {
        // In seq order the positions shown are the ascending ones themselves: no copy of them.
        int[] natural = comparator == null ? positions : unsortedPositions();
        int from = firstAtOrAfter(natural, size, keep);
        List<Event> dropped = new ArrayList<>(size - from);
        for (int i = from; i < size; i++) {
            dropped.add(all.get(natural[i]));
        }
        if (comparator != null) {
            List<Event> before = List.copyOf(this);
            change.run();
            int[] merged = Arrays.copyOf(natural, from + count);
            System.arraycopy(added, 0, merged, from, count);
            positions = sorted(merged, merged.length);
            size = merged.length;
            beginChange();
            nextReplace(0, size, before);
            endChange();
            return dropped;
        }
        change.run();
        if (positions.length < from + count) {
            positions = Arrays.copyOf(positions, Math.max(from + count, positions.length * 3 / 2 + 16));
        }
        System.arraycopy(added, 0, positions, from, count);
        size = from + count;
        if (dropped.isEmpty() && count == 0) {
            return dropped;
        }
        beginChange();
        if (dropped.isEmpty()) {
            nextAdd(from, size);
        } else if (count == 0) {
            nextRemove(from, dropped);
        } else {
            nextReplace(from, size, dropped);
        }
        endChange();
        return dropped;
    }

    /** The first index below {@code length} of {@code ascending} holding {@code position} or more; {@code length} when none. */
    private static int firstAtOrAfter(int[] ascending, int length, int position) {
        int low = 0;
        int high = length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (ascending[mid] < position) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** The table's sort: null for seq order. */
    void sortBy(Comparator<? super Event> order) {
        if (Objects.equals(order, comparator)) {
            return;
        }
        int[] natural = unsortedPositions();
        comparator = order;
        show(natural, natural.length);
    }

    private int[] unsortedPositions() {
        int[] natural = Arrays.copyOf(positions, size);
        if (comparator != null) {
            Arrays.sort(natural);
        }
        return natural;
    }

    private int[] sorted(int[] shown, int count) {
        if (comparator == null) {
            return shown;
        }
        Integer[] boxed = new Integer[count];
        for (int i = 0; i < count; i++) {
            boxed[i] = shown[i];
        }
        Comparator<Integer> byRow = (a, b) -> comparator.compare(all.get(a), all.get(b));
        // Equal rows keep seq order: Arrays.sort on objects is stable.
        Arrays.sort(boxed, byRow);
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    /** Every row shown before replaced by the {@code added} rows shown now: one change, from 0. */
    private final class WholeReplacement extends ListChangeListener.Change<Event> {
        private final List<Event> removed;
        private final int added;
        private boolean atChange;

        WholeReplacement(List<Event> removed, int added) {
            super(ShownRows.this);
            this.removed = removed;
            this.added = added;
        }

        @Override
        public boolean next() {
            if (atChange) {
                atChange = false;
                return false;
            }
            atChange = true;
            return true;
        }

        @Override
        public void reset() {
            atChange = false;
        }

        @Override
        public int getFrom() {
            return 0;
        }

        @Override
        public int getTo() {
            return added;
        }

        @Override
        public List<Event> getRemoved() {
            return removed;
        }

        @Override
        protected int[] getPermutation() {
            return new int[0];
        }
    }

    /** The rows a change removed, read from the positions that were shown, without copying them. */
    private final class PositionsView extends AbstractList<Event> {
        private final int[] at;
        private final int count;

        PositionsView(int[] at, int count) {
            this.at = at;
            this.count = count;
        }

        @Override
        public Event get(int index) {
            Objects.checkIndex(index, count);
            return all.get(at[index]);
        }

        @Override
        public int size() {
            return count;
        }
    }
}
