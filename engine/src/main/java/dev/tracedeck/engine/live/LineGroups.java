package dev.tracedeck.engine.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The lines of a growing file sorted into groups that can be checked apart: a line joins the groups of the keys its
 * entries carry (their traces and conversations), and two groups that come to share a key become one. What it holds
 * per line is its number, never its text: a group's lines are read back from the file when it is checked.
 *
 * <p>Not thread-safe: its owner synchronizes.
 */
final class LineGroups {

    /** One group: its keys, its lines (ascending: lines are added in file order), the threads its last check had. */
    static final class Group {
        private final Set<String> keys = new HashSet<>();
        private final List<Integer> lines = new ArrayList<>();
        private Set<String> threads = Set.of();

        Set<String> keys() {
            return keys;
        }

        List<Integer> lines() {
            return lines;
        }

        Set<String> threads() {
            return threads;
        }

        void checked(Set<String> threads) {
            this.threads = threads;
        }
    }

    private final Map<String, Group> byKey = new HashMap<>();
    /** The groups that gained lines since {@link #takeTouched} last ran. */
    private final Set<Group> touched = new LinkedHashSet<>();

    /** Adds line {@code line}, whose entries carry these keys (one set per entry), to the groups they name. */
    void add(int line, List<Set<String>> keysPerEntry) {
        for (Set<String> keys : keysPerEntry) {
            if (keys.isEmpty()) {
                continue;
            }
            Group group = null;
            for (String key : keys) {
                Group other = byKey.get(key);
                if (other != null && other != group) {
                    group = group == null ? other : merge(group, other);
                }
            }
            if (group == null) {
                group = new Group();
            }
            for (String key : keys) {
                if (group.keys.add(key)) {
                    byKey.put(key, group);
                }
            }
            List<Integer> lines = group.lines;
            if (lines.isEmpty() || lines.get(lines.size() - 1) != line) {
                lines.add(line);
            }
            touched.add(group);
        }
    }

    /** The groups that gained lines since the last call, each once. */
    List<Group> takeTouched() {
        List<Group> taken = new ArrayList<>(touched);
        touched.clear();
        return taken;
    }

    /** How many groups there are. */
    int size() {
        return new HashSet<>(byKey.values()).size();
    }

    /** The larger takes the smaller's keys, lines (kept in file order) and threads. */
    private Group merge(Group a, Group b) {
        Group big = a.keys.size() + a.lines.size() >= b.keys.size() + b.lines.size() ? a : b;
        Group small = big == a ? b : a;
        for (String key : small.keys) {
            big.keys.add(key);
            byKey.put(key, big);
        }
        Set<Integer> lines = new java.util.TreeSet<>(big.lines);
        lines.addAll(small.lines);
        big.lines.clear();
        big.lines.addAll(lines);
        Set<String> threads = new HashSet<>(big.threads);
        threads.addAll(small.threads);
        big.threads = threads;
        touched.remove(small);
        touched.add(big);
        return big;
    }
}
