package dev.tracedeck.desktop.threads;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import javafx.collections.ObservableListBase;

/**
 * The thread list's rows, changed in place as a file is read further: the rows whose counts or labels changed are
 * set and the new threads added at the end, all in one change, so the list redraws those rows and its listeners run
 * once, whatever the number of threads (a log of a hundred thousand threads touches a few per batch). FX thread only.
 */
final class ThreadRows extends ObservableListBase<ThreadSummary> {

    private final List<ThreadSummary> rows;

    ThreadRows(List<ThreadSummary> rows) {
        this.rows = new ArrayList<>(rows);
    }

    @Override
    public ThreadSummary get(int index) {
        return rows.get(index);
    }

    @Override
    public int size() {
        return rows.size();
    }

    /**
     * In one change: sets each row of {@code changed} at its index, drops every row from {@code keep} on (threads
     * gone, or reordered: a later reading may fold one into another), then adds {@code added} at the end.
     *
     * @param changed rows by index, each below {@code keep}
     */
    void patch(SortedMap<Integer, ThreadSummary> changed, int keep, List<ThreadSummary> added) {
        if (changed.isEmpty() && keep == rows.size() && added.isEmpty()) {
            return;
        }
        beginChange();
        try {
            for (Map.Entry<Integer, ThreadSummary> row : changed.entrySet()) {
                int at = Objects.checkIndex(row.getKey(), keep);
                ThreadSummary before = rows.set(at, row.getValue());
                nextSet(at, before);
            }
            if (keep < rows.size()) {
                List<ThreadSummary> removed = new ArrayList<>(rows.subList(keep, rows.size()));
                rows.subList(keep, rows.size()).clear();
                nextRemove(keep, removed);
            }
            if (!added.isEmpty()) {
                int from = rows.size();
                rows.addAll(added);
                nextAdd(from, rows.size());
            }
        } finally {
            endChange();
        }
    }
}
