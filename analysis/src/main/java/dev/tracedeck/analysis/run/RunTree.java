package dev.tracedeck.analysis.run;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.model.event.Event;
import java.util.Arrays;
import java.util.List;

/**
 * A run as its structure: agents, their turns, model calls, tool calls and the sub-agents those started, or the spans
 * of a distributed trace under their parents. Each node has a name in words, a status, a start and end on the run's one
 * time axis, the tokens billed for it, and the events it stands for; every event of the trace belongs to exactly one
 * node. Held in arrays side by side, a million nodes in some tens of megabytes; made by {@link RunTreeBuilder}.
 * Immutable once made.
 */
public final class RunTree {

    /** A node whose start or end is not known. */
    public static final long NO_TIME = EventClock.UNKNOWN;

    private final int size;
    private final String[] names;
    private final byte[] kinds;
    private final boolean[] failed;
    private final long[] starts;
    private final long[] ends;
    private final long[] tokens;
    private final long[] subtreeTokens;
    private final int[] parents;
    private final int[] roots;
    /** The children of node n are childList[childFrom[n] .. childFrom[n + 1]). */
    private final int[] childFrom;
    private final int[] childList;
    /** The events of node n are eventList[eventFrom[n] .. eventFrom[n + 1]), in seq order. */
    private final int[] eventFrom;
    private final int[] eventList;
    private final int[] nodeOfEvent;
    private final int[] anchors;
    private final long axisStart;
    private final long axisEnd;

    RunTree(int size, String[] names, byte[] kinds, boolean[] failed, long[] starts, long[] ends, long[] tokens, int[] parents,
            int[] anchors, int[] nodeOfEvent) {
        this.anchors = anchors;
        this.size = size;
        this.names = names;
        this.kinds = kinds;
        this.failed = failed;
        this.starts = starts;
        this.ends = ends;
        this.tokens = tokens;
        this.parents = parents;
        this.nodeOfEvent = nodeOfEvent;
        int rootCount = 0;
        int[] childCounts = new int[size + 1];
        for (int n = 0; n < size; n++) {
            if (parents[n] < 0) {
                rootCount++;
            } else {
                childCounts[parents[n]]++;
            }
        }
        this.roots = new int[rootCount];
        this.childFrom = new int[size + 1];
        for (int n = 0; n < size; n++) {
            childFrom[n + 1] = childFrom[n] + childCounts[n];
        }
        this.childList = new int[size - rootCount];
        int[] filled = new int[size];
        int r = 0;
        for (int n = 0; n < size; n++) {
            int p = parents[n];
            if (p < 0) {
                roots[r++] = n;
            } else {
                childList[childFrom[p] + filled[p]++] = n;
            }
        }
        this.eventFrom = new int[size + 1];
        for (int node : nodeOfEvent) {
            if (node >= 0) {
                eventFrom[node + 1]++;
            }
        }
        for (int n = 0; n < size; n++) {
            eventFrom[n + 1] += eventFrom[n];
        }
        this.eventList = new int[eventFrom[size]];
        Arrays.fill(filled, 0);
        for (int seq = 0; seq < nodeOfEvent.length; seq++) {
            int node = nodeOfEvent[seq];
            if (node >= 0) {
                eventList[eventFrom[node] + filled[node]++] = seq;
            }
        }
        this.subtreeTokens = new long[size];
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        int[] order = postOrder();
        for (int n : order) {
            long own = Math.max(0, tokens[n]);
            long sum = own;
            for (int c = childFrom[n]; c < childFrom[n + 1]; c++) {
                int child = childList[c];
                sum += subtreeTokens[child];
                if (starts[child] != NO_TIME && (starts[n] == NO_TIME || starts[child] < starts[n])) {
                    starts[n] = starts[child];
                }
                if (ends[child] != NO_TIME && (ends[n] == NO_TIME || ends[child] > ends[n])) {
                    ends[n] = ends[child];
                }
            }
            subtreeTokens[n] = sum;
            if (starts[n] != NO_TIME) {
                first = Math.min(first, starts[n]);
                last = Math.max(last, ends[n] != NO_TIME ? ends[n] : starts[n]);
            }
        }
        this.axisStart = first == Long.MAX_VALUE ? NO_TIME : first;
        this.axisEnd = last == Long.MIN_VALUE ? NO_TIME : last;
    }

    /** Every node, each after all of its children: an explicit stack, since a tree may be thousands deep. */
    private int[] postOrder() {
        int[] order = new int[size];
        int done = 0;
        int[] stack = new int[size];
        int[] next = new int[size];
        for (int root : roots) {
            int depth = 0;
            stack[depth++] = root;
            next[root] = childFrom[root];
            while (depth > 0) {
                int n = stack[depth - 1];
                if (next[n] < childFrom[n + 1]) {
                    int child = childList[next[n]++];
                    next[child] = childFrom[child];
                    stack[depth++] = child;
                } else {
                    order[done++] = n;
                    depth--;
                }
            }
        }
        return done == size ? order : Arrays.copyOf(order, done);
    }

    public int size() {
        return size;
    }

    /** The nodes no other node holds, in the order the run began them. */
    public int[] roots() {
        return roots.clone();
    }

    public int rootCount() {
        return roots.length;
    }

    public int root(int i) {
        return roots[i];
    }

    public int childCount(int node) {
        return childFrom[node + 1] - childFrom[node];
    }

    public int child(int node, int i) {
        return childList[childFrom[node] + i];
    }

    /** The node that holds {@code node}, or -1 for a root. */
    public int parent(int node) {
        return parents[node];
    }

    public String name(int node) {
        return names[node];
    }

    public RunNodeKind kind(int node) {
        return RunNodeKind.values()[kinds[node]];
    }

    /** Whether the node failed: an error recorded in it, a span whose status is an error, a tool's error result. */
    public boolean failed(int node) {
        return failed[node];
    }

    /** When it began, in microseconds on the run's axis ({@link EventClock}), or {@link #NO_TIME}. */
    public long start(int node) {
        return starts[node];
    }

    /** When it ended, or {@link #NO_TIME}; a node that holds others ends with the last of them. */
    public long end(int node) {
        return ends[node];
    }

    /** The first time of the run, or {@link #NO_TIME} when no node has one. */
    public long axisStart() {
        return axisStart;
    }

    public long axisEnd() {
        return axisEnd;
    }

    /** The root of the run {@code node} is in. */
    public int rootOf(int node) {
        int at = node;
        while (parents[at] >= 0) {
            at = parents[at];
        }
        return at;
    }

    /** The tokens billed for the node itself, or -1 when the trace recorded none. */
    public long tokens(int node) {
        return tokens[node];
    }

    /** The tokens billed for the node and everything under it. */
    public long subtreeTokens(int node) {
        return subtreeTokens[node];
    }

    /** The seqs of the node's own events, in seq order. */
    public int[] events(int node) {
        return Arrays.copyOfRange(eventList, eventFrom[node], eventFrom[node + 1]);
    }

    /** The seq of the node's first event, or -1 when it has none of its own. */
    public int firstEvent(int node) {
        return eventFrom[node + 1] > eventFrom[node] ? eventList[eventFrom[node]] : -1;
    }

    /**
     * The event that stands for the node, to select when the node is: the call a tool node answers to, the message a
     * turn or model call begins with, a span's own record; else its first event, else -1.
     */
    public int anchor(int node) {
        return anchors[node] >= 0 ? anchors[node] : firstEvent(node);
    }

    /** The node that event {@code seq} belongs to, or -1 for a seq out of range. */
    public int nodeOf(int seq) {
        return seq >= 0 && seq < nodeOfEvent.length ? nodeOfEvent[seq] : -1;
    }

    /** How deep {@code node} is: 0 for a root. */
    public int depth(int node) {
        int depth = 0;
        for (int at = parents[node]; at >= 0; at = parents[at]) {
            depth++;
        }
        return depth;
    }

    /**
     * How many findings each node's subtree holds: a finding counts once in the node of its first evidence and in each
     * node above it.
     */
    public int[] findingCounts(List<Finding> findings) {
        int[] counts = new int[size];
        for (Finding finding : findings) {
            if (finding.evidence().isEmpty()) {
                continue;
            }
            Event first = finding.evidence().get(0);
            for (int at = nodeOf(first.seq()); at >= 0; at = parents[at]) {
                counts[at]++;
            }
        }
        return counts;
    }
}
