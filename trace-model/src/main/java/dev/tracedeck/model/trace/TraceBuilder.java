package dev.tracedeck.model.trace;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.Compaction;
import dev.tracedeck.model.recorded.InheritedCall;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TerminalCall;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.recorded.ThreadRecords;
import dev.tracedeck.model.recorded.ThreadStart;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.state.SnapshotDiff;
import dev.tracedeck.model.state.StateSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Collects events in source order and builds an immutable {@link Trace}. Not thread-safe: one importer
 * feeds one builder.
 *
 * <p>State snapshots are added through {@link #addSnapshot}, which diffs each against the thread's previous
 * snapshot; {@link #lastSnapshot} lets an importer reuse the previous snapshot's identical entries so the
 * quadratic dumps of a long run cost memory only for what changed.
 */
public final class TraceBuilder {

    private final Consumer<Event> added;
    private final List<Event> events = new ArrayList<>();
    private final Map<String, List<Event>> threads = new LinkedHashMap<>();
    private final Map<String, StateSnapshot> lastSnapshot = new HashMap<>();
    private final Map<String, Recorded> recorded = new HashMap<>();

    public TraceBuilder() {
        this(event -> { });
    }

    /**
     * @param added hears each event as it is added, in seq order, on the thread that adds it: a window shows the
     *              first rows of a big file while the rest is still read. Events are immutable once added, so
     *              handing them to another thread through a safe queue is enough.
     */
    public TraceBuilder(Consumer<Event> added) {
        this.added = added;
    }

    /** What importers said of a thread's model calls while reading it. */
    private static final class Recorded {
        final List<ModelCall> calls = new ArrayList<>();
        final List<Compaction> compactions = new ArrayList<>();
        final List<TerminalCall> terminalCalls = new ArrayList<>();
        final List<Event> instructions = new ArrayList<>();
        final List<RecordedOutcome> outcomes = new ArrayList<>();
        final List<InheritedCall> inheritedCalls = new ArrayList<>();
        /** The windows the harness reported per model, in source order: each call of that model is given it. */
        final List<Map.Entry<String, Integer>> windows = new ArrayList<>();
        boolean endsAtModelAnswer;
        /**
         * Whether it ends at the model's answer stands even where the file is cut short: the thread is one API response
         * ({@link #endsAtLoneResponse}), or its records come from a trace built already ({@link #carryRecords}).
         */
        boolean keptWhenCut;
        boolean historyCutShort;
        ThreadStart startedBy;
        boolean compactionAgent;
        String toolOutputCap = "";
        /** In a copy made by {@link #copyOfCounts}: how many records the lists held. */
        private int callCount;
        private int compactionCount;
        private int terminalCount;
        private int instructionCount;
        private int outcomeCount;
        private int inheritedCount;
        private int windowCount;

        ThreadRecords build() {
            return new ThreadRecords(withWindows(), compactions, endsAtModelAnswer, Optional.ofNullable(startedBy), terminalCalls,
                    instructions, compactionAgent, outcomes, toolOutputCap, inheritedCalls, historyCutShort);
        }

        /** The calls, each of a model the harness reported a window for (and that recorded none itself) with it. */
        private List<ModelCall> withWindows() {
            if (windows.isEmpty()) {
                return calls;
            }
            Map<String, Integer> byModel = new HashMap<>();
            windows.forEach(w -> byModel.put(w.getKey(), w.getValue()));
            return calls.stream().map(c -> c.window().isPresent() || !byModel.containsKey(c.model()) ? c
                    : c.withWindow(byModel.get(c.model()))).toList();
        }

        /** Its lists' sizes and its flags, for {@link #restore}; records are only ever added to the lists. */
        Recorded copyOfCounts() {
            Recorded copy = new Recorded();
            copy.callCount = calls.size();
            copy.compactionCount = compactions.size();
            copy.terminalCount = terminalCalls.size();
            copy.instructionCount = instructions.size();
            copy.outcomeCount = outcomes.size();
            copy.inheritedCount = inheritedCalls.size();
            copy.windowCount = windows.size();
            copy.endsAtModelAnswer = endsAtModelAnswer;
            copy.keptWhenCut = keptWhenCut;
            copy.historyCutShort = historyCutShort;
            copy.startedBy = startedBy;
            copy.compactionAgent = compactionAgent;
            copy.toolOutputCap = toolOutputCap;
            return copy;
        }

        void restore(Recorded counts) {
            calls.subList(counts.callCount, calls.size()).clear();
            compactions.subList(counts.compactionCount, compactions.size()).clear();
            terminalCalls.subList(counts.terminalCount, terminalCalls.size()).clear();
            instructions.subList(counts.instructionCount, instructions.size()).clear();
            outcomes.subList(counts.outcomeCount, outcomes.size()).clear();
            inheritedCalls.subList(counts.inheritedCount, inheritedCalls.size()).clear();
            windows.subList(counts.windowCount, windows.size()).clear();
            endsAtModelAnswer = counts.endsAtModelAnswer;
            keptWhenCut = counts.keptWhenCut;
            historyCutShort = counts.historyCutShort;
            startedBy = counts.startedBy;
            compactionAgent = counts.compactionAgent;
            toolOutputCap = counts.toolOutputCap;
        }
    }

    public Event add(String keyword, String time, String threadId, SourceRef source, String text, Payload payload) {
        return add(keyword, time, threadId, source, SourceText.of(text), payload);
    }

    /** Adds an event whose text may be a range of the file, read again when asked for. */
    public Event add(String keyword, String time, String threadId, SourceRef source, SourceText text, Payload payload) {
        Event event = new Event(events.size(), keyword, time, threadId, source, text, payload);
        events.add(event);
        threads.computeIfAbsent(threadId, id -> new ArrayList<>()).add(event);
        added.accept(event);
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

    /** Records a model call of the event's thread: the model it names and the usage billed, as the trace has them. */
    public void recordModelCall(Event at, String model, Optional<TokenUsage> usage, OptionalInt window) {
        recorded(at.threadId()).calls.add(new ModelCall(at, model, usage, window));
    }

    /** A model call with the tokens billed for it, read apart from the context it measured. */
    public void recordModelCall(Event at, String model, Optional<TokenUsage> usage, OptionalInt window,
                                Optional<BilledUsage> billed) {
        recorded(at.threadId()).calls.add(new ModelCall(at, model, usage, window, billed));
    }

    /** A model call with the samplings of other models inside it (see {@link ModelCall#inner()}). */
    public void recordModelCall(ModelCall call) {
        recorded(call.event().threadId()).calls.add(call);
    }

    /**
     * Records the context window the harness reported for {@code model} in the thread (Claude Code's
     * {@code modelUsage.<model>.contextWindow}, reported once the run is over): each of the thread's calls of that
     * model, before or after, carries it, as a call whose harness reported the window with it does.
     */
    public void recordWindow(String threadId, String model, int window) {
        recorded(threadId).windows.add(Map.entry(model, window));
    }

    /** Records that the harness compacted the context of the event's thread there. */
    public void recordCompaction(Event at, OptionalLong tokensBefore, String trigger) {
        recorded(at.threadId()).compactions.add(new Compaction(at, tokensBefore, trigger));
    }

    /**
     * Says whether the thread's record stops at the model's answer (see {@link ThreadRecords#endsAtModelAnswer()}):
     * an importer says so of a capture whose last record is an answer, and takes it back when it reads on. The file
     * went on where it is cut short: the thread then does not end at the answer.
     */
    public void endsAtModelAnswer(String threadId, boolean ends) {
        Recorded r = recorded(threadId);
        r.endsAtModelAnswer = ends;
        r.keptWhenCut = false;
    }

    /**
     * Says that the thread is one API response, the model's answer and nothing else of the file: a lone response
     * document, or a response (whole, or streamed) in a file that makes each response a thread of its own. It ends at
     * that answer even where the file is cut short: what the cut took was the rest of that response (its usage, its
     * stop reason) or other threads, never the results of the answer's calls, which a response never holds.
     */
    public void endsAtLoneResponse(String threadId) {
        Recorded r = recorded(threadId);
        r.endsAtModelAnswer = true;
        r.keptWhenCut = true;
    }

    /**
     * Says that the thread's history is a request's list of messages that the file breaks off inside (see
     * {@link ThreadRecords#historyCutShort()}): the request sent more messages than were read.
     */
    public void historyCutShort(String threadId) {
        recorded(threadId).historyCutShort = true;
    }

    /** Records that the call {@code callId} of the message event {@code call} started the thread {@code threadId}. */
    public void recordStartedBy(String threadId, Event call, String callId) {
        recorded(threadId).startedBy = new ThreadStart(call, callId);
    }

    /** Records that the thread is an agent the harness ran to compact another thread's context. */
    public void recordCompactionAgent(String threadId) {
        recorded(threadId).compactionAgent = true;
    }

    /** Records that the harness that wrote the thread caps its tools' output itself; {@code how} says how. */
    public void recordToolOutputCap(String threadId, String how) {
        recorded(threadId).toolOutputCap = how;
    }

    /**
     * Records that the call {@code callId} (or, without ids, the call named {@code name}) of the message event
     * {@code call} ends a completed run: the framework never answers it (see {@link TerminalCall}).
     */
    public void recordTerminalCall(Event call, String callId, String name, String why) {
        recorded(call.threadId()).terminalCalls.add(new TerminalCall(call, callId, name, why));
    }

    /**
     * Records that the call {@code callId} of the message event {@code call} was copied into a forked session's history
     * from the session {@code from}, where it was still running (see {@link InheritedCall}).
     */
    public void recordInheritedCall(Event call, String callId, String from) {
        recorded(call.threadId()).inheritedCalls.add(new InheritedCall(call, callId, from));
    }

    /**
     * Records that the message event {@code message} is what its request sends apart from its history, read at the
     * head of each request (see {@link ThreadRecords#instructions()}).
     */
    public void recordInstructions(Event message) {
        recorded(message.threadId()).instructions.add(message);
    }

    /** Records what the trace says of how the event's thread ran (see {@link RecordedOutcome}). */
    public void recordOutcome(Event at, RecordedOutcome.Verdict verdict, String by, String says) {
        recorded(at.threadId()).outcomes.add(new RecordedOutcome(at, verdict, by, says));
    }

    /**
     * Carries a thread's records over to a trace being rebuilt event for event (the same events in the same order,
     * some with new payloads): each record moves to the event added at its event's position.
     */
    public void carryRecords(TraceThread from) {
        carryRecords(from, from.id(), 0);
    }

    /**
     * Carries a thread's records over to the thread {@code threadId} of a trace that holds its trace's events from
     * position {@code offset} on (traces of several files put one after the other): each record moves to the event
     * added at its event's position plus {@code offset}.
     */
    public void carryRecords(TraceThread from, String threadId, int offset) {
        if (from.records().isEmpty()) {
            return;
        }
        Recorded r = recorded(threadId);
        for (ModelCall c : from.records().modelCalls()) {
            r.calls.add(c.at(events.get(offset + c.event().seq())));
        }
        for (Compaction c : from.records().compactions()) {
            r.compactions.add(new Compaction(events.get(offset + c.event().seq()), c.tokensBefore(), c.trigger()));
        }
        for (TerminalCall t : from.records().terminalCalls()) {
            r.terminalCalls.add(new TerminalCall(events.get(offset + t.call().seq()), t.callId(), t.name(), t.why()));
        }
        for (Event e : from.records().instructions()) {
            r.instructions.add(events.get(offset + e.seq()));
        }
        for (RecordedOutcome o : from.records().outcomes()) {
            r.outcomes.add(new RecordedOutcome(events.get(offset + o.at().seq()), o.verdict(), o.by(), o.says()));
        }
        for (InheritedCall c : from.records().inheritedCalls()) {
            r.inheritedCalls.add(new InheritedCall(events.get(offset + c.call().seq()), c.callId(), c.from()));
        }
        r.endsAtModelAnswer = from.records().endsAtModelAnswer();
        // Its own file's end decided it: another file of the folder cut short, or the same report again, says nothing.
        r.keptWhenCut = true;
        r.historyCutShort |= from.records().historyCutShort();
        r.compactionAgent |= from.records().compactionAgent();
        if (!from.records().toolOutputCap().isEmpty()) {
            r.toolOutputCap = from.records().toolOutputCap();
        }
        from.records().startedBy().ifPresent(s -> r.startedBy = new ThreadStart(events.get(offset + s.call().seq()), s.callId()));
    }

    private Recorded recorded(String threadId) {
        return recorded.computeIfAbsent(threadId, id -> new Recorded());
    }

    public int size() {
        return events.size();
    }

    /** The events added so far, in seq order: a view, for an importer that links them once all are read. */
    public List<Event> events() {
        return java.util.Collections.unmodifiableList(events);
    }

    /**
     * The thread {@code threadId} as read so far, with what was recorded of it, as {@link #build} would make it of a
     * whole file: an importer that knows a thread is read to its end hands it on ({@code ImportListener}), so it can
     * be checked while the rest is read. Empty for a thread with no events yet.
     */
    public Optional<TraceThread> thread(String threadId) {
        List<Event> list = threads.get(threadId);
        if (list == null) {
            return Optional.empty();
        }
        Recorded r = recorded.get(threadId);
        return Optional.of(new TraceThread(threadId, list, r == null ? ThreadRecords.NONE : r.build()));
    }

    /**
     * Remembers where the builder stands, for an import that ends provisionally and reads on: a file still being
     * written is built as if it ended here (what the importer held back is written, the trace built), then put back
     * as it was, to go on with the lines that come next. The returned action undoes everything added or recorded
     * since; it costs the threads with records and the events added since, not the whole trace.
     */
    public Runnable checkpoint() {
        int size = events.size();
        Map<String, StateSnapshot> snapshots = new HashMap<>(lastSnapshot);
        Map<String, Recorded> kept = new HashMap<>();
        recorded.forEach((id, r) -> kept.put(id, r.copyOfCounts()));
        return () -> {
            for (int i = events.size() - 1; i >= size; i--) {
                Event removed = events.remove(i);
                List<Event> thread = threads.get(removed.threadId());
                thread.remove(thread.size() - 1);
                if (thread.isEmpty()) {
                    // A thread's first event made it: the thread is younger than the checkpoint.
                    threads.remove(removed.threadId());
                }
            }
            lastSnapshot.clear();
            lastSnapshot.putAll(snapshots);
            recorded.keySet().retainAll(kept.keySet());
            kept.forEach((id, counts) -> recorded.get(id).restore(counts));
        };
    }

    public Trace build(ImportReport report) {
        List<TraceThread> built = new ArrayList<>(threads.size());
        if (!report.complete()) {
            // A file cut short was still being written: whatever its last answer was, it did not end there, unless
            // the thread is a lone response, which the rest of the file could not go on, or was decided by its own file.
            recorded.values().forEach(r -> r.endsAtModelAnswer &= r.keptWhenCut);
        }
        threads.forEach((id, list) -> {
            Recorded r = recorded.get(id);
            built.add(new TraceThread(id, list, r == null ? ThreadRecords.NONE : r.build()));
        });
        return new Trace(events, built, report);
    }
}
