package dev.tracedeck.model.state;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The agent's message list of one thread at one point in time (a Mycelian {@code STATE} line and the
 * {@code STATE_MSG} lines after it).
 *
 * <p>Successive snapshots of a thread share their unchanged {@link StateEntry} instances, so a log whose
 * dumps grow with the square of the conversation holds each distinct entry once. When the agent's state
 * had no message list, {@link #hasMessageList()} is false and {@link #stateType()} names what it was.
 *
 * <p>{@link #entries()} is the conversation (LangGraph's {@code messages} channel). A state may hold other
 * message lists beside it, kept as named {@link #sections()} (an {@code execution_buffer}); and it may
 * say whether the run had ended when it was taken ({@link #next()}: LangGraph's {@code next} nodes, none once
 * the graph has finished). Mycelian dumps have neither.
 */
public final class StateSnapshot {

    private final String threadId;
    private final int declaredSize;
    private final List<StateEntry> entries;
    private final int[] entryLines;
    private final boolean hasMessageList;
    private final String stateType;
    private final String keys;
    private final List<SnapshotSection> sections;
    private final Optional<List<String>> next;
    private final boolean verbatim;

    private StateSnapshot(String threadId, int declaredSize, List<StateEntry> entries, int[] entryLines,
                          boolean hasMessageList, String stateType, String keys) {
        this(threadId, declaredSize, entries, entryLines, hasMessageList, stateType, keys, List.of(), Optional.empty(),
                false);
    }

    private StateSnapshot(String threadId, int declaredSize, List<StateEntry> entries, int[] entryLines,
                          boolean hasMessageList, String stateType, String keys, List<SnapshotSection> sections,
                          Optional<List<String>> next, boolean verbatim) {
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
        this.sections = List.copyOf(sections);
        this.next = next.map(List::copyOf);
        this.verbatim = verbatim;
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

    /**
     * This snapshot with its conversation's entries replaced (one source line each), keeping its sections, its
     * {@link #next()} and whether it is verbatim: what {@code --parse-text-calls} does to a dump.
     */
    public StateSnapshot withEntries(List<StateEntry> entries, int[] entryLines) {
        return new StateSnapshot(threadId, declaredSize, entries, entryLines, hasMessageList, stateType, keys,
                sections, next, verbatim);
    }

    /** This snapshot with {@code sections} beside its conversation (replacing any it had). */
    public StateSnapshot withSections(List<SnapshotSection> sections) {
        return new StateSnapshot(threadId, declaredSize, entries, entryLines, hasMessageList, stateType, keys,
                sections, next, verbatim);
    }

    /** This snapshot saying which steps the run had still to take: none when it had ended. */
    public StateSnapshot withNext(List<String> next) {
        return new StateSnapshot(threadId, declaredSize, entries, entryLines, hasMessageList, stateType, keys,
                sections, Optional.of(next), verbatim);
    }

    /** This snapshot saying its entries hold whole contents, as the state had them, not a log's previews. */
    public StateSnapshot asVerbatim() {
        return new StateSnapshot(threadId, declaredSize, entries, entryLines, hasMessageList, stateType, keys,
                sections, next, true);
    }

    /** True when the entries' contents are whole (a checkpoint's messages), false for a log's previews. */
    public boolean isVerbatim() {
        return verbatim;
    }

    /** The message lists held beside the conversation, in the state's order; empty for most formats. */
    public List<SnapshotSection> sections() {
        return sections;
    }

    public Optional<SnapshotSection> section(String name) {
        return sections.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * The steps the run would take next when the dump says (LangGraph's {@code next} node names): an empty
     * list means the run had ended; empty when the dump does not say.
     */
    public Optional<List<String>> next() {
        return next;
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
                && Arrays.equals(entryLines, other.entryLines) && sections.equals(other.sections)
                && next.equals(other.next) && verbatim == other.verbatim;
    }

    @Override
    public int hashCode() {
        return Objects.hash(threadId, declaredSize, entries, hasMessageList, stateType, keys, sections, next) * 31
                + Arrays.hashCode(entryLines);
    }

    @Override
    public String toString() {
        return "StateSnapshot[" + threadId + ", " + entries.size() + "/" + declaredSize + " entries, lines "
                + Arrays.toString(entryLines.length > 3 ? Arrays.copyOf(entryLines, 3) : entryLines) + "]";
    }
}
