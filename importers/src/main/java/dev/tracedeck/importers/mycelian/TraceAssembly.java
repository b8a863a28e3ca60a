package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.CRC32C;

/**
 * Turns records into events: collects a STATE line and its STATE_MSG lines into one snapshot, and gives
 * records that name no thread (TOOL_PLAN, LLM_CALL, AINVOKE_ERROR) the thread of the agent message being
 * handled when they were logged.
 */
final class TraceAssembly {

    /** A record's text this long or shorter stays in memory: a range of the file takes as many bytes as it would. */
    private static final int HELD_CHARS = 32;

    private final String file;
    private final TraceBuilder builder;
    private final ImportTally tally = new ImportTally();
    private final StateLineParser stateParser = new StateLineParser();
    private final RepeatedDumpLines repeated = new RepeatedDumpLines();
    private String currentThread = "";
    /** Whether the file was cut short: its threads then did not end where the file does. */
    private boolean cut;

    /** Reads ranges of the file again; null where it can't be (a .gz, bytes in memory). */
    private final SourceText.Reread reread;
    private RecordText openHeader;
    private StateLineParser.Header header;
    private final List<StateEntry> entries = new ArrayList<>();
    /** The thread's previous dump, whose unchanged entries the open dump shares. */
    private StateSnapshot previousSnapshot;
    private int[] entryLines = new int[16];
    private int lastStateLine;
    /** Malformed STATE_MSG lines inside a dump, added right after the dump's event. */
    private final List<Deferred> deferred = new ArrayList<>();

    private record Deferred(RecordText record, String reason) {
    }

    /** @param added hears each event as it is added, while the log is still read */
    TraceAssembly(String file, Consumer<Event> added) {
        this(file, added, Optional.empty());
    }

    /**
     * @param reread reads the file's ranges again, when it can be (a file on disk, not a {@code .gz}): a record whose
     *               text is its bytes there keeps them there instead of in memory ({@link #textOf})
     */
    TraceAssembly(String file, Consumer<Event> added, Optional<SourceText.Reread> reread) {
        this.file = file;
        this.builder = new TraceBuilder(added);
        this.reread = reread.orElse(null);
    }

    /**
     * Remembers everything the end of the file changes (the last record added, the open dump closed, a cut said, the
     * trace built); the returned action puts it back, for a file still being written that is read on.
     */
    Runnable checkpoint() {
        Runnable events = builder.checkpoint();
        Runnable counts = tally.checkpoint();
        Runnable dumps = repeated.checkpoint();
        String currentThreadThen = currentThread;
        boolean cutThen = cut;
        RecordText openHeaderThen = openHeader;
        StateLineParser.Header headerThen = header;
        List<StateEntry> entriesThen = new ArrayList<>(entries);
        StateSnapshot previousSnapshotThen = previousSnapshot;
        int[] entryLinesThen = entryLines;
        int lastStateLineThen = lastStateLine;
        List<Deferred> deferredThen = new ArrayList<>(deferred);
        return () -> {
            events.run();
            counts.run();
            dumps.run();
            currentThread = currentThreadThen;
            cut = cutThen;
            openHeader = openHeaderThen;
            header = headerThen;
            entries.clear();
            entries.addAll(entriesThen);
            previousSnapshot = previousSnapshotThen;
            entryLines = entryLinesThen;
            lastStateLine = lastStateLineThen;
            deferred.clear();
            deferred.addAll(deferredThen);
        };
    }

        ImportTally tally() {
        return tally;
    }

    void add(RecordText record) {
        tally.record(record.keyword());
        if (record.keyword().equals(Keywords.STATE_MSG) && openHeader != null) {
            addEntry(record);
            return;
        }
        closeSnapshot();
        switch (record.keyword()) {
            case Keywords.STATE -> openSnapshot(record);
            case Keywords.STATE_MSG -> malformed(record, "STATE_MSG outside a state dump (no STATE line before it)");
            case Keywords.OTHER -> builder.add("", record.time(), "", source(record), textOf(record),
                    new Payload.Unparsed(false, "no known keyword"));
            default -> addParsed(record);
        }
    }

    /**
     * Ends the trace with a record saying the file stops short after {@code lastLine}: what followed is lost, and
     * the rules must not pass a thread on data that was never read. A dump open at the cut stays as far as it got.
     */
    void cutShort(long lastLine, String why) {
        endCut(lastLine, "the file is cut short after line " + lastLine + ": " + why + "; whatever followed is lost");
    }

    /**
     * Ends the trace with a record saying the file stops inside its last record, at {@code line}: {@code what} says
     * which record and how it is incomplete.
     */
    void cutInside(long line, String what) {
        endCut(line, "the file is cut short at line " + line + ": " + what + "; whatever followed is lost");
    }

    /**
     * The state dump still open at the end of the file, when it holds fewer lines than its STATE line announced:
     * a dump is logged in one go, so the file stops inside it. Empty when no dump is open or it is whole.
     */
    Optional<String> openDumpShortfall() {
        if (openHeader == null || header.messages().isEmpty()) {
            return Optional.empty();
        }
        int announced = header.messages().getAsInt();
        int held = entries.size() + deferred.size();
        return held >= announced ? Optional.empty() : Optional.of("the state dump that starts at line "
                + openHeader.firstLine() + " announces " + announced + " messages and the file ends after " + held);
    }

    private void endCut(long lastLine, String reason) {
        cut = true;
        closeSnapshot();
        tally.record(Keywords.CUT_SHORT);
        tally.malformed((int) lastLine, Keywords.CUT_SHORT, reason);
        builder.add(Keywords.CUT_SHORT, "", "", new SourceRef(file, (int) lastLine, (int) lastLine), "",
                new Payload.Unparsed(true, reason));
    }

    /** Bytes of the file after its last line that were not read (not gzip data after a {@code .gz}'s end). */
    void notRead(long lastLine, String why) {
        closeSnapshot();
        tally.record(Keywords.NOT_READ);
        tally.malformed((int) lastLine, Keywords.NOT_READ, why);
        builder.add(Keywords.NOT_READ, "", "", new SourceRef(file, (int) lastLine, (int) lastLine), "",
                new Payload.Unparsed(true, why));
    }

    Trace build(String format, long bytes, boolean complete) {
        closeSnapshot();
        return builder.build(tally.report(file, format, bytes, complete && !cut));
    }

    private void addParsed(RecordText record) {
        try {
            RecordParser.Parsed parsed = RecordParser.parse(record);
            String thread = parsed.threadId();
            if (thread.isEmpty() && namesNoThreadButActsInOne(record.keyword())) {
                thread = currentThread;
            } else if (!thread.isEmpty()) {
                currentThread = thread;
            }
            builder.add(record.keyword(), record.time(), thread, source(record), textOf(record, parsed.payload()),
                    parsed.payload());
            if (!record.keyword().equals(Keywords.JSON_EVENT)) {
                tally.recognised++;
            }
        } catch (MalformedRecordException e) {
            malformed(record, e.getMessage());
        }
    }

    private static boolean namesNoThreadButActsInOne(String keyword) {
        return switch (keyword) {
            case Keywords.TOOL_PLAN, Keywords.LLM_CALL, Keywords.AINVOKE_ERROR -> true;
            default -> false;
        };
    }

    private void openSnapshot(RecordText record) {
        try {
            header = stateParser.header(record.body());
            tally.recognised++;
            openHeader = record;
            previousSnapshot = builder.lastSnapshot(header.threadId());
            repeated.begin(header.threadId());
            lastStateLine = record.lastLine();
            currentThread = header.threadId();
            if (header.messages().isEmpty()) {
                closeSnapshot();
            }
        } catch (MalformedRecordException e) {
            malformed(record, e.getMessage());
        }
    }

    private void addEntry(RecordText record) {
        try {
            int position = entries.size();
            StateEntry previous = previousSnapshot != null && position < previousSnapshot.size()
                    ? previousSnapshot.entries().get(position) : null;
            StateEntry entry = previous != null && repeated.repeats(position, record)
                    ? previous : stateParser.entry(record.text(), record.bodyStart(), previous);
            repeated.add(record);
            if (entries.size() == entryLines.length) {
                entryLines = Arrays.copyOf(entryLines, entryLines.length * 2);
            }
            entryLines[entries.size()] = record.firstLine();
            entries.add(entry);
            lastStateLine = record.lastLine();
        } catch (MalformedRecordException e) {
            deferred.add(new Deferred(record, e.getMessage()));
            tally.malformed(record.firstLine(), record.keyword(), e.getMessage());
            lastStateLine = record.lastLine();
        }
    }

    private void closeSnapshot() {
        if (openHeader == null) {
            return;
        }
        StateSnapshot snapshot = header.messages().isPresent()
                ? StateSnapshot.ofMessages(header.threadId(), header.messages().getAsInt(), entries,
                        Arrays.copyOf(entryLines, entries.size()))
                : StateSnapshot.withoutMessages(header.threadId(), header.stateType(), header.keys());
        SourceRef source = new SourceRef(file, openHeader.firstLine(), Math.max(lastStateLine, openHeader.lastLine()));
        builder.addSnapshot(openHeader.keyword(), openHeader.time(), source, openHeader.text(), snapshot);
        if (snapshot.hasMessageList()) {
            repeated.close(header.threadId());
        } else {
            repeated.discard();
        }
        for (Deferred bad : deferred) {
            RecordText r = bad.record();
            builder.add(r.keyword(), r.time(), header.threadId(), source(r), textOf(r), new Payload.Unparsed(true, bad.reason()));
        }
        deferred.clear();
        entries.clear();
        openHeader = null;
        header = null;
    }

    /**
     * A record that could not be read at all (a line too long to hold): kept as malformed whatever its keyword,
     * among a dump's entries when it is one of them, so the dump stays whole around it.
     */
    void unread(RecordText record, String reason) {
        tally.record(record.keyword());
        if (record.keyword().equals(Keywords.STATE_MSG) && openHeader != null) {
            deferred.add(new Deferred(record, reason));
            tally.malformed(record.firstLine(), record.keyword(), reason);
            lastStateLine = record.lastLine();
            return;
        }
        closeSnapshot();
        malformed(record, reason);
    }

    private void malformed(RecordText record, String reason) {
        tally.malformed(record.firstLine(), record.keyword(), reason);
        builder.add(record.keyword(), record.time(), "", source(record), textOf(record), new Payload.Unparsed(true, reason));
    }

    /**
     * The record's text as the event keeps it: a range of the file when the record is its bytes there and longer than
     * a range's own bytes (a log holds most of its size in records' texts, shown one at a time), else in memory. The
     * range's checksum is taken from the text encoded again, which is those very bytes.
     */
    private SourceText textOf(RecordText record) {
        return textOf(record, null);
    }

    /**
     * As {@link #textOf(RecordText)}, but in memory for a message or a JSON record: what reads a text not in memory
     * (the timeline's search) reads their payload instead, which holds the message or the JSON, not the line's fields.
     */
    private SourceText textOf(RecordText record, Payload payload) {
        String text = record.text();
        boolean payloadStandsForText = payload instanceof Payload.ConversationMessage
                || payload instanceof Payload.JsonRecord;
        if (reread == null || record.offset() < 0 || text.length() <= HELD_CHARS || payloadStandsForText) {
            return SourceText.of(text);
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length != record.bytes()) {
            return SourceText.of(text);
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length);
        return new SourceText.InFile(reread, record.offset(), bytes.length, (int) crc.getValue());
    }

    private SourceRef source(RecordText record) {
        return new SourceRef(file, record.firstLine(), record.lastLine());
    }
}
