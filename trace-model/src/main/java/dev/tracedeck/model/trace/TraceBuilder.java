package dev.tracedeck.model.trace;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects events in source order and builds an immutable {@link Trace}. Not thread-safe: one importer
 * feeds one builder.
 *
 * <p>State snapshots are added through {@link #addSnapshot}, which diffs each against the thread's previous
 * snapshot; {@link #lastSnapshot} lets an importer reuse the previous snapshot's identical entries so the
 * quadratic dumps of a long run cost memory only for what changed.
 */
public final class TraceBuilder {

    private final List<Event> events = new ArrayList<>();
    private final Map<String, List<Event>> threads = new LinkedHashMap<>();
    private final Map<String, StateSnapshot> lastSnapshot = new HashMap<>();

    public Event add(String keyword, String time, String threadId, SourceRef source, String text, Payload payload) {
        return add(keyword, time, threadId, source, SourceText.of(text), payload);
    }

    /** Adds an event whose text may be a range of the file, read again when asked for. */
    public Event add(String keyword, String time, String threadId, SourceRef source, SourceText text, Payload payload) {
        Event event = new Event(events.size(), keyword, time, threadId, source, text, payload);
        events.add(event);
        threads.computeIfAbsent(threadId, id -> new ArrayList<>()).add(event);
        return event;
    }

    /** Adds a state dump, diffed against the thread's previous one. */
    public Event addSnapshot(String keyword, String time, SourceRef source, String text, StateSnapshot snapshot) {
        SnapshotDiff diff;
        if (snapshot.hasMessageList()) {
            StateSnapshot previous = lastSnapshot.get(snapshot.threadId());
            diff = previous == null ? SnapshotDiff.first(snapshot) : SnapshotDiff.between(previous, snapshot);
            lastSnapshot.put(snapshot.threadId(), snapshot);
        } else {
            diff = new SnapshotDiff(0, 0, 0, List.of(), 0);
        }
        return add(keyword, time, snapshot.threadId(), source, text, new Payload.StateDump(snapshot, diff));
    }

    /**
     * The thread's last snapshot with a message list, or null. An importer that finds one of its entries again
     * should add that instance, so unchanged entries are stored once however often they are dumped.
     */
    public StateSnapshot lastSnapshot(String threadId) {
        return lastSnapshot.get(threadId);
    }

    public int size() {
        return events.size();
    }

    public Trace build(ImportReport report) {
        List<TraceThread> built = new ArrayList<>(threads.size());
        threads.forEach((id, list) -> built.add(new TraceThread(id, list)));
        return new Trace(events, built, report);
    }
}
