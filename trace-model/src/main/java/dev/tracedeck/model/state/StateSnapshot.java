package dev.tracedeck.model.state;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The agent's message list of one thread at one point in time (a Mycelian {@code STATE} line and the
 * {@code STATE_MSG} lines after it).
 *
 * <p>Successive snapshots of a thread share their unchanged {@link StateEntry} instances, so a log whose
 * dumps grow with the square of the conversation holds each distinct entry once. When the agent's state
 * had no message list, {@link #hasMessageList()} is false and {@link #stateType()} names what it was.
 */
public final class StateSnapshot {

    private final String threadId;
    private final int declaredSize;
    private final List<StateEntry> entries;
    private final int[] entryLines;
    private final boolean hasMessageList;
    private final String stateType;
    private final String keys;

    private StateSnapshot(String threadId, int declaredSize, List<StateEntry> entries, int[] entryLines,
                          boolean hasMessageList, String stateType, String keys) {
        this.threadId = Objects.requireNonNull(threadId);
        this.declaredSize = declaredSize;
        this.entries = List.copyOf(entries);
        this.entryLines = entryLines.clone();
        if (this.entryLines.length != this.entries.size()) {
            throw new IllegalArgumentException("one line per entry expected");
        }
        this.hasMessageList = hasMessageList;
        this.stateType = Objects.requireNonNull(stateType);
        this.keys = Objects.requireNonNull(keys);
    }

    /**
     * A dump of a message list.
     *
     * @param declaredSize the count the header announced; differs from {@code entries.size()} when lines
     *                     went missing
     * @param entryLines   the first source line of each entry
     */
    public static StateSnapshot ofMessages(String threadId, int declaredSize, List<StateEntry> entries, int[] entryLines) {
        return new StateSnapshot(threadId, declaredSize, entries, entryLines, true, "", "");
    }

    /** A dump that found no message list: only the state's type and, when logged, its keys. */
    public static StateSnapshot withoutMessages(String threadId, String stateType, String keys) {
        return new StateSnapshot(threadId, 0, List.of(), new int[0], false, stateType, keys);
    }

    public String threadId() {
        return threadId;
    }

    public int declaredSize() {
        return declaredSize;
    }

    public List<StateEntry> entries() {
        return entries;
    }

    public int size() {
        return entries.size();
    }

    /** The first source line of entry {@code position} (0-based position in {@link #entries()}). */
    public int entryLine(int position) {
        return entryLines[position];
    }

    public boolean hasMessageList() {
        return hasMessageList;
    }

    public String stateType() {
        return stateType;
    }

    public String keys() {
        return keys;
    }

    /** True when the header's count and the entries found disagree. */
    public boolean isIncomplete() {
        return hasMessageList && declaredSize != entries.size();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StateSnapshot other && declaredSize == other.declaredSize
                && hasMessageList == other.hasMessageList && threadId.equals(other.threadId)
                && stateType.equals(other.stateType) && keys.equals(other.keys) && entries.equals(other.entries)
                && Arrays.equals(entryLines, other.entryLines);
    }

    @Override
    public int hashCode() {
        return Objects.hash(threadId, declaredSize, entries, hasMessageList, stateType, keys) * 31 + Arrays.hashCode(entryLines);
    }

    @Override
    public String toString() {
        return "StateSnapshot[" + threadId + ", " + entries.size() + "/" + declaredSize + " entries, lines "
                + Arrays.toString(entryLines.length > 3 ? Arrays.copyOf(entryLines, 3) : entryLines) + "]";
    }
}
