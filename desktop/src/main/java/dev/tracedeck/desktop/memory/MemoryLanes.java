package dev.tracedeck.desktop.memory;

import dev.tracedeck.analysis.memory.Memory;
import dev.tracedeck.analysis.memory.MemoryOp;
import dev.tracedeck.analysis.memory.MemoryOperation;
import dev.tracedeck.analysis.memory.MemoryTimeline;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The trace's memories as the Memory view lays them out: a lane per memory, a mark per operation placed at its event
 * on the run's axis (the trace's events in order, first to last, so that a burst of calls stays apart), or the
 * sentence that says why there are none. Made off the FX thread; no FX in it.
 *
 */
public final class MemoryLanes {

    private final List<Lane> lanes;
    private final int events;
    private final String empty;
    /** Each event's first operation: made with the lanes, off the FX thread. */
    private final Map<Integer, Mark> bySeq = new HashMap<>();

    /**
     * One memory's row.
     *
     * @param thread the short label of the thread whose memory it is, when the lanes are of several threads (the same
     *               memory id can be used by each); else ""
     */
    public record Lane(int index, String label, String thread, Memory memory, List<Mark> marks) {
    }

    /**
     * One operation on the axis.
     *
     * @param at where on the axis, 0 the first event and 1 the last
     */
    public record Mark(int lane, int index, MemoryOperation op, double at) {
        public Mark {
            Objects.requireNonNull(op);
        }
    }

    /**
     * @param lanes  in the order the memories were first met, thread by thread
     * @param events how many events the run has: the axis runs from the first to the last
     * @param empty  "" when there are lanes, else why there are none, in words
     */
    MemoryLanes(List<Lane> lanes, int events, String empty) {
        this.lanes = List.copyOf(lanes);
        this.events = events;
        this.empty = Objects.requireNonNull(empty);
        for (Lane lane : this.lanes) {
            for (Mark m : lane.marks()) {
                bySeq.merge(m.op().event().seq(), m, MemoryLanes::earlier);
                m.op().result().ifPresent(r -> bySeq.merge(r.seq(), m, MemoryLanes::earlier));
            }
        }
    }

    public List<Lane> lanes() {
        return lanes;
    }

    /** How many events the run has: the axis runs from the first to the last. */
    public int events() {
        return events;
    }

    /** "" when there are lanes, else why there are none, in words. */
    public String empty() {
        return empty;
    }

    public static MemoryLanes of(Trace trace) {
        MemoryTimeline timeline = MemoryTimeline.of(trace);
        int events = trace.events().size();
        if (timeline.memories().isEmpty()) {
            String why = MemoryTimeline.keepsMemory(trace.format())
                    ? "this " + trace.format() + " run made no memory call Tracedeck reads"
                    : trace.format() + " keeps none";
            return new MemoryLanes(List.of(), events, "This trace holds no memory operations: " + why);
        }
        boolean threads = timeline.memories().stream().map(Memory::threadId).distinct().count() > 1;
        // The threads as every other view labels them: a Mycelian id is a memory id and a session, the memory id long.
        dev.tracedeck.model.trace.ThreadLabels labels = threads ? dev.tracedeck.model.trace.ThreadLabels.of(trace) : null;
        // The memories calls change first, in the order met; those the trace only shows (a block no call touched) after.
        List<Memory> ordered = new ArrayList<>(timeline.memories());
        ordered.sort(java.util.Comparator.comparing(m -> m.operations().isEmpty()));
        List<Lane> lanes = new ArrayList<>();
        for (Memory memory : ordered) {
            int lane = lanes.size();
            List<Mark> marks = new ArrayList<>();
            for (MemoryOperation op : memory.operations()) {
                double at = events <= 1 ? 0 : op.event().seq() / (double) (events - 1);
                marks.add(new Mark(lane, marks.size(), op, at));
            }
            lanes.add(new Lane(lane, memory.name(), threads ? labels.label(memory.threadId()) : "", memory, marks));
        }
        return new MemoryLanes(lanes, events, "");
    }

    /** How many operations the lanes hold. */
    public int operations() {
        return lanes.stream().mapToInt(l -> l.marks().size()).sum();
    }

    /** The first operation made by the event numbered {@code seq}, or whose result it is. */
    public Optional<Mark> markOf(int seq) {
        return Optional.ofNullable(bySeq.get(seq));
    }

    private static Mark earlier(Mark a, Mark b) {
        return a.op().event().seq() <= b.op().event().seq() ? a : b;
    }

    /** The mark {@code step} marks along {@code from}'s lane, or {@code from} at either end. */
    public Mark along(Mark from, int step) {
        List<Mark> marks = lanes.get(from.lane()).marks();
        return marks.get(Math.max(0, Math.min(marks.size() - 1, from.index() + step)));
    }

    /** The first mark of the first lane that has one; empty when no call changed any memory. */
    public Optional<Mark> firstMark() {
        return lanes.stream().filter(l -> !l.marks().isEmpty()).map(l -> l.marks().get(0)).findFirst();
    }

    /**
     * The mark nearest {@code from}'s place on the next lane {@code step} lanes above or below that has marks, or
     * {@code from} at either end.
     */
    public Mark across(Mark from, int step) {
        int lane = from.lane() + step;
        while (lane >= 0 && lane < lanes.size() && lanes.get(lane).marks().isEmpty()) {
            lane += Integer.signum(step);
        }
        if (lane < 0 || lane >= lanes.size()) {
            return from;
        }
        Mark best = null;
        for (Mark m : lanes.get(lane).marks()) {
            if (best == null || Math.abs(m.at() - from.at()) < Math.abs(best.at() - from.at())) {
                best = m;
            }
        }
        return best;
    }

    /**
     * The mark that shows the most at a glance, for a picture: the first change whose value before and after are both
     * known, else the first write, else the first mark.
     */
    public Optional<Mark> showcase() {
        Mark write = null;
        Mark first = null;
        for (Lane lane : lanes) {
            for (Mark m : lane.marks()) {
                MemoryOperation op = m.op();
                if (op.op().writes() && !op.failed() && op.before().isPresent() && op.after().isPresent()
                        && !op.before().equals(op.after())) {
                    return Optional.of(m);
                }
                if (write == null && op.op() != MemoryOp.READ && op.op() != MemoryOp.AWAIT) {
                    write = m;
                }
                if (first == null) {
                    first = m;
                }
            }
        }
        return Optional.ofNullable(write != null ? write : first);
    }
}
