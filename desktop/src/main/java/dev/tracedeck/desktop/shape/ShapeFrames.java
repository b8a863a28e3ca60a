package dev.tracedeck.desktop.shape;

import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.state.StateLostMessages;
import dev.tracedeck.analysis.shape.ShapeChip;
import dev.tracedeck.analysis.shape.StateShape;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the frames of a thread: one per state dump of its message list, or, for a format without snapshots, one
 * per message as the history grows. A finding flags a chip when it blames that dump entry, or, in a history,
 * when its evidence is the message's own line.
 */
final class ShapeFrames {

    private ShapeFrames() {
    }

    static ShapeFrame at(TraceThread thread, List<Event> points, int index, List<Finding> findings) {
        Event point = points.get(index);
        if (point.payload() instanceof Payload.StateDump dump) {
            StateSnapshot snapshot = dump.snapshot();
            StateShape shape = StateShape.of(snapshot);
            SnapshotDiff diff = dump.diff();
            Set<Integer> appended = new HashSet<>();
            Set<Integer> changed = new HashSet<>(diff.changed());
            for (int i = 0; i < shape.size(); i++) {
                if (diff.isAppended(i)) {
                    appended.add(i);
                }
            }
            List<ShapeChip> lost = new ArrayList<>();
            if (index > 0 && points.get(index - 1).payload() instanceof Payload.StateDump before) {
                StateShape previous = StateShape.of(before.snapshot());
                StateLostMessages.lost(before.snapshot(), snapshot).forEach(p -> lost.add(previous.chips().get(p)));
            }
            Map<Integer, List<String>> flags = new HashMap<>();
            for (Finding f : findings) {
                for (BlamedEntry blamed : f.blamed()) {
                    // The blamed entry in the dump the finding names, and in every later one still holding it there.
                    int at = blamed.position();
                    StateSnapshot named = ((Payload.StateDump) blamed.dump().payload()).snapshot();
                    boolean here = blamed.dump() == point || blamed.dump().threadId().equals(point.threadId())
                            && blamed.dump().seq() < point.seq() && at < snapshot.size()
                            && named.entries().get(at).equals(snapshot.entries().get(at));
                    if (here && !flags.getOrDefault(at, List.of()).contains(f.ruleId())) {
                        flags.computeIfAbsent(at, k -> new ArrayList<>()).add(f.ruleId());
                    }
                }
            }
            return new ShapeFrame(index, points.size(), point, shape, appended, changed, lost, flags);
        }
        ThreadHistory history = ThreadHistory.at(thread, point);
        StateShape shape = StateShape.of(history);
        Map<Integer, Integer> positionByLine = new HashMap<>();
        for (int i = 0; i < history.lines().size(); i++) {
            positionByLine.putIfAbsent(history.lines().get(i), i);
        }
        Map<Integer, List<String>> flags = new HashMap<>();
        for (Finding f : findings) {
            for (Event e : f.evidence()) {
                Integer position = positionByLine.get(e.source().firstLine());
                if (position != null && !flags.getOrDefault(position, List.of()).contains(f.ruleId())) {
                    flags.computeIfAbsent(position, k -> new ArrayList<>()).add(f.ruleId());
                }
            }
        }
        Set<Integer> appended = shape.size() == 0 ? Set.of() : Set.of(shape.size() - 1);
        return new ShapeFrame(index, points.size(), point, shape, appended, Set.of(), List.of(), flags);
    }
}
