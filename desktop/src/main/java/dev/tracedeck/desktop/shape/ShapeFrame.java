package dev.tracedeck.desktop.shape;

import dev.tracedeck.analysis.shape.ShapeChip;
import dev.tracedeck.analysis.shape.StateShape;
import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One snapshot of a thread's state as the shape view draws it, with what the turn did against the one before.
 *
 * @param index    its position among the thread's snapshots, from 0
 * @param count    how many snapshots the thread has
 * @param point    the state dump (or message) it was read at
 * @param shape    the chips
 * @param appended positions this turn appended
 * @param changed  positions this turn changed
 * @param lost     chips of the snapshot before that this one no longer holds
 * @param flags    rule ids of the findings that blame a chip, by position
 */
public record ShapeFrame(int index, int count, Event point, StateShape shape, Set<Integer> appended, Set<Integer> changed,
                         List<ShapeChip> lost, Map<Integer, List<String>> flags) {

    public ShapeFrame {
        appended = Set.copyOf(appended);
        changed = Set.copyOf(changed);
        lost = List.copyOf(lost);
        flags = Map.copyOf(flags);
    }
}
