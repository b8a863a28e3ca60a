package dev.tracedeck.engine.search;

import dev.tracedeck.model.event.Event;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The timeline's rows in seq order, in an array that grows by copying: a filter pass on another thread reads the array
 * it was given ({@link #array}) while rows are added here, since adding past the end or into a new array leaves the
 * rows it reads as they were. Only replacing the end ({@link #truncate}, a followed file read further) writes over
 * rows such a pass may read, and the timeline starts such a pass again then. FX thread only, but for the array handed
 * out.
 */
public final class RowList extends AbstractList<Event> implements RandomAccess {

    private Event[] rows = new Event[64];
    private int size;

    @Override
    public Event get(int index) {
        Objects.checkIndex(index, size);
        return rows[index];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean add(Event row) {
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, size + (size >> 1) + 16);
        }
        rows[size++] = row;
        return true;
    }

    public void addAllRows(List<Event> added) {
        if (size + added.size() > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(size + added.size(), size + (size >> 1) + 16));
        }
        for (Event row : added) {
            rows[size++] = row;
        }
    }

    /** Takes over the rows of {@code made}, a list nobody uses after, in place of none: this list must be empty. */
    public void adopt(RowList made) {
        if (size != 0) {
            throw new IllegalStateException("rows to adopt into a list of " + size);
        }
        rows = made.rows;
        size = made.size;
    }

    /** Drops the rows from position {@code from} on. */
    public void truncate(int from) {
        if (from < size) {
            Arrays.fill(rows, from, size, null);
            size = from;
        }
    }

    /** The rows as they stand: the first {@link #size} of it, which adding rows leaves as they are. */
    public Event[] array() {
        return rows;
    }
}
