package dev.tracedeck.desktop.threads;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import javafx.collections.ObservableListBase;

/**
 * The thread list's rows, changed in place as a file is read further: the rows whose counts or labels changed are
 * set and the new threads added at the end, in one change of at most three parts (the rows set, as one span from the
 * first to the last; those dropped; those added), so the list and its selection handle it in one pass whatever the
 * number of threads a batch touched: per row set, a list's selection would look its selected row up again among all.
 * FX thread only.
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
            if (!changed.isEmpty()) {
                int from = changed.firstKey();
                int to = Objects.checkIndex(changed.lastKey(), keep) + 1;
                List<ThreadSummary> before = new ArrayList<>(rows.subList(from, to));
                changed.forEach(rows::set);
                nextReplace(from, to, before);
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
