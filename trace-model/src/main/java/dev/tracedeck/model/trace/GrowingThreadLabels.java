package dev.tracedeck.model.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@link ThreadLabels} kept up as a trace's thread ids come in (a file still being read), at a cost per id added rather
 * than per id held: a new id can change only the labels of the ids whose memory id is its neighbour in sorted order
 * (their shortest telling-apart cut depends on their neighbours alone), and of those whose label clashed, or now
 * clashes, with one of theirs. At every step the labels are those {@link ThreadLabels#of} gives for the same ids.
 *
 * <p>Not thread-safe; {@link #labels()} is a live view of the labels, changed by {@link #add}.
 */
public final class GrowingThreadLabels {

    private final TreeSet<String> bases = new TreeSet<>();
    private final Map<String, List<String>> idsByBase = new HashMap<>();
    /** Each id's label before clashes are resolved: its memory id cut against its neighbours, and its session. */
    private final Map<String, String> natural = new HashMap<>();
    private final Map<String, Set<String>> byNatural = new HashMap<>();
    private final Map<String, String> shown = new HashMap<>();
    private final ThreadLabels view = new ThreadLabels(Collections.unmodifiableMap(shown));

    /** The labels of every id added so far; changes as ids are added. */
    public ThreadLabels labels() {
        return view;
    }

    /** Adds the ids not held yet; returns every id whose label is new or changed, the new ones among them. */
    public Set<String> add(Collection<String> ids) {
        Set<String> newBases = new LinkedHashSet<>();
        Set<String> renamed = new LinkedHashSet<>();
        for (String id : ids) {
            if (natural.containsKey(id) || !renamed.add(id)) {
                continue;
            }
            String base = ThreadLabels.base(id);
            idsByBase.computeIfAbsent(base, b -> new ArrayList<>(1)).add(id);
            if (bases.add(base)) {
                newBases.add(base);
            }
        }
        // A new memory id changes what its sorted neighbours share with the ids next to them.
        Set<String> recut = new HashSet<>(newBases);
        for (String base : newBases) {
            String lower = bases.lower(base);
            String higher = bases.higher(base);
            if (lower != null) {
                recut.add(lower);
            }
            if (higher != null) {
                recut.add(higher);
            }
        }
        for (String base : recut) {
            renamed.addAll(idsByBase.get(base));
        }
        Set<String> seeds = new HashSet<>();
        for (String id : renamed) {
            String before = natural.get(id);
            String now = naturalLabel(id);
            if (before != null) {
                seeds.add(before);
                byNatural.get(before).remove(id);
            }
            // The label it leaves: ids that clashed with it there may have theirs back.
            seeds.add(now);
            natural.put(id, now);
            byNatural.computeIfAbsent(now, l -> new HashSet<>(1)).add(id);
        }
        return resolveClashes(seeds);
    }

    /**
     * Resolves clashes again among the ids that can clash with a label of {@code seeds}: those whose label before
     * clashes, or whose full id, is one of them, and so on (a label made a full id can clash with another's label).
     * Clashes among other ids are as they were.
     */
    private Set<String> resolveClashes(Set<String> seeds) {
        Set<String> labels = new HashSet<>();
        Set<String> members = new HashSet<>();
        Deque<String> pending = new ArrayDeque<>(seeds);
        while (!pending.isEmpty()) {
            String label = pending.pop();
            if (!labels.add(label)) {
                continue;
            }
            List<String> holders = new ArrayList<>(byNatural.getOrDefault(label, Set.of()));
            String whole = label.equals(ThreadLabels.RUN) ? "" : label;
            if (natural.containsKey(whole)) {
                holders.add(whole);
            }
            for (String id : holders) {
                if (members.add(id)) {
                    pending.push(natural.get(id));
                    pending.push(ThreadLabels.full(id));
                }
            }
        }
        Map<String, String> before = new HashMap<>();
        members.forEach(id -> before.put(id, natural.get(id)));
        Map<String, String> resolved = ThreadLabels.unique(before);
        Set<String> changed = new LinkedHashSet<>();
        resolved.forEach((id, label) -> {
            if (!label.equals(shown.put(id, label))) {
                changed.add(id);
            }
        });
        return changed;
    }

    private String naturalLabel(String id) {
        if (id.isEmpty()) {
            return ThreadLabels.RUN;
        }
        String base = ThreadLabels.base(id);
        String lower = bases.lower(base);
        String higher = bases.higher(base);
        int shared = Math.max(lower == null ? 0 : ThreadLabels.commonPrefix(base, lower),
                higher == null ? 0 : ThreadLabels.commonPrefix(base, higher));
        return ThreadLabels.cut(base, shared) + ThreadLabels.session(id);
    }
}
