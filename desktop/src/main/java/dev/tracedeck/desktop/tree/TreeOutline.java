package dev.tracedeck.desktop.tree;

import dev.tracedeck.analysis.run.RunTree;
import java.util.Arrays;
import java.util.BitSet;
import javafx.collections.ObservableListBase;

/**
 * The rows a run tree shows: the nodes whose every ancestor is expanded, in depth-first order, as a list a table
 * virtualizes. Expanding a node splices its children in after it, collapsing takes its open descendants out: one change
 * each, an array copy, whatever the tree's size; the table redraws only the rows on screen. FX thread only.
 */
public final class TreeOutline extends ObservableListBase<Integer> {

    /** Opened when the tree is first shown, so long as its rows stay at most this many. */
    static final int FIRST_ROWS = 2_000;

    private final RunTree tree;
    private final BitSet expanded = new BitSet();
    private int[] rows;
    private int size;

    TreeOutline(RunTree tree) {
        this.tree = tree;
        this.rows = new int[Math.max(16, tree.rootCount())];
        for (int i = 0; i < tree.rootCount(); i++) {
            rows[size++] = tree.root(i);
        }
        openFirstLevels();
    }

    /** Opens the tree level by level while what shows stays a screenful or a few: the run's agents and their turns. */
    private void openFirstLevels() {
        for (int level = 0; level < 3; level++) {
            int adding = 0;
            for (int i = 0; i < size; i++) {
                if (tree.depth(rows[i]) == level && !expanded.get(rows[i])) {
                    adding += tree.childCount(rows[i]);
                }
            }
            if (adding == 0 || size + adding > FIRST_ROWS) {
                return;
            }
            for (int i = size - 1; i >= 0; i--) {
                if (tree.depth(rows[i]) == level && !expanded.get(rows[i])) {
                    splice(i, rows[i]);
                }
            }
        }
    }

    public RunTree tree() {
        return tree;
    }

    @Override
    public Integer get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return rows[index];
    }

    /** The node at {@code row}, unboxed. */
    public int node(int row) {
        return rows[row];
    }

    @Override
    public int size() {
        return size;
    }

    public boolean isExpanded(int node) {
        return expanded.get(node);
    }

    /** Shows the children of the node at {@code row}; nothing when it has none or shows them already. */
    public void expand(int row) {
        int node = rows[row];
        if (expanded.get(node) || tree.childCount(node) == 0) {
            return;
        }
        beginChange();
        int added = splice(row, node);
        nextAdd(row + 1, row + 1 + added);
        endChange();
    }

    /** Hides the descendants of the node at {@code row}. */
    public void collapse(int row) {
        int node = rows[row];
        if (!expanded.get(node)) {
            return;
        }
        expanded.clear(node);
        int end = endOfSubtree(row);
        int removed = end - row - 1;
        if (removed == 0) {
            return;
        }
        Integer[] gone = new Integer[removed];
        for (int i = 0; i < removed; i++) {
            gone[i] = rows[row + 1 + i];
        }
        System.arraycopy(rows, end, rows, row + 1, size - end);
        size -= removed;
        beginChange();
        nextRemove(row + 1, Arrays.asList(gone));
        endChange();
    }

    public void toggle(int row) {
        if (expanded.get(rows[row])) {
            collapse(row);
        } else {
            expand(row);
        }
    }

    /** The row just past the open descendants of the node at {@code row}. */
    private int endOfSubtree(int row) {
        int depth = tree.depth(rows[row]);
        int end = row + 1;
        while (end < size && tree.depth(rows[end]) > depth) {
            end++;
        }
        return end;
    }

    /** Puts the children of {@code node}, at {@code row}, after it, and those of any child already expanded; how many. */
    private int splice(int row, int node) {
        expanded.set(node);
        int[] shown = open(node);
        if (size + shown.length > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(size + shown.length, rows.length + (rows.length >> 1)));
        }
        System.arraycopy(rows, row + 1, rows, row + 1 + shown.length, size - row - 1);
        System.arraycopy(shown, 0, rows, row + 1, shown.length);
        size += shown.length;
        return shown.length;
    }

    /** The rows under {@code node} once it is expanded: its children, each followed by its own open rows. */
    private int[] open(int node) {
        int[] out = new int[tree.childCount(node)];
        int n = 0;
        int[] stack = new int[16];
        int[] next = new int[16];
        int depth = 0;
        stack[0] = node;
        next[0] = 0;
        while (depth >= 0) {
            int at = stack[depth];
            if (next[depth] < tree.childCount(at)) {
                int child = tree.child(at, next[depth]++);
                if (n == out.length) {
                    out = Arrays.copyOf(out, out.length * 2 + 16);
                }
                out[n++] = child;
                if (expanded.get(child) && tree.childCount(child) > 0) {
                    depth++;
                    if (depth == stack.length) {
                        stack = Arrays.copyOf(stack, depth * 2);
                        next = Arrays.copyOf(next, depth * 2);
                    }
                    stack[depth] = child;
                    next[depth] = 0;
                }
            } else {
                depth--;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** Expands every ancestor of {@code node} so that it shows, and says at which row; -1 for no node. */
    public int reveal(int node) {
        if (node < 0 || node >= tree.size()) {
            return -1;
        }
        int[] chain = new int[tree.depth(node)];
        int k = 0;
        for (int at = tree.parent(node); at >= 0; at = tree.parent(at)) {
            chain[k++] = at;
        }
        for (int i = k - 1; i >= 0; i--) {
            if (!expanded.get(chain[i])) {
                expand(rowOf(chain[i]));
            }
        }
        return rowOf(node);
    }

    /** The row showing {@code node}, or -1 when it is hidden. */
    public int rowOf(int node) {
        for (int i = 0; i < size; i++) {
            if (rows[i] == node) {
                return i;
            }
        }
        return -1;
    }

    /** The row of the parent of the node at {@code row}, or -1 for a root. */
    public int parentRow(int row) {
        int parent = tree.parent(rows[row]);
        if (parent < 0) {
            return -1;
        }
        for (int i = row - 1; i >= 0; i--) {
            if (rows[i] == parent) {
                return i;
            }
        }
        return -1;
    }
}
