package dev.tracedeck.importers.chat;

import dev.tracedeck.importers.ImportListener;

import dev.tracedeck.importers.NotThisFormatException;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.Diagnostic;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.stream.IntStream;

/**
 * Builds a trace of chat histories, for every JSON format: each message becomes a
 * {@link Payload.ConversationMessage} event in its thread, numbered by its position in that thread's history
 * (from 0, as the array index), with its whole content ({@code previewCut} false), so the generic chat rules
 * read the thread through {@code ChatHistory} with call ids and full contents. A message is one record; its
 * keyword, counted in the report's record kinds, is {@value #TOOL_CALL} when it calls tools,
 * {@value #TOOL_RESULT} when it is a tool's result, else {@value #MESSAGE}. Records that are not messages (a
 * request's model and tools) are {@link Payload.JsonRecord}s; records that did not parse are malformed, and a
 * file cut short ends with a {@value #CUT_SHORT} record, which {@code unparsed-records} reports.
 */
public final class ChatTraceWriter {

    public static final String MESSAGE = "message";
    public static final String TOOL_CALL = "tool_call";
    public static final String TOOL_RESULT = "tool_result";
    public static final String MALFORMED = "malformed";
    public static final String OTHER = "other";
    public static final String CUT_SHORT = "CUT_SHORT";
    public static final String STATE = "state";

    private final String file;
    private final TraceBuilder builder;
    private final ImportListener listener;
    /** Records by keyword, in order of first appearance; counted in place, not boxed again for each record. */
    private final Map<String, long[]> kinds = new LinkedHashMap<>();
    private final Map<String, Integer> positions = new HashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private long omitted;
    private long records;
    private long other;
    private long malformed;
    private long messages;

    /** A writer whose events nobody hears before the trace is built: a file read as part of a larger whole. */
    public ChatTraceWriter(String file) {
        this(file, ImportListener.NONE);
    }

    /** @param listener hears each event as it is added (see {@link ImportListener#added}) */
    public ChatTraceWriter(String file, ImportListener listener) {
        this.file = file;
        this.listener = listener;
        this.builder = new TraceBuilder(listener::added);
    }

    public String file() {
        return file;
    }

    /** Adds a message to the end of its thread's history, numbered by its position there. */
    public Event message(String threadId, SourceRef source, String text, Message message) {
        return message(threadId, source, SourceText.of(text), message);
    }

    /** A message whose text may be a range of the file, read again when asked for. */
    public Event message(String threadId, SourceRef source, SourceText text, Message message) {
        return message(threadId, source, text, message, PythonText.length(message.content()));
    }

    /** A message at the end of its thread's history, numbered by its position there, with the record's time as written. */
    public Event message(String threadId, SourceRef source, SourceText text, Message message, String time) {
        int position = positions.merge(threadId, 1, Integer::sum) - 1;
        return addMessage(threadId, source, text, message, index(position), time, PythonText.length(message.content()));
    }

    /**
     * A message whose content's length in code points ({@code PythonText.length}) is already known: counted where
     * the line was parsed, off the import thread (on a file of CJK and emoji, counting was half of that thread).
     */
    public Event message(String threadId, SourceRef source, SourceText text, Message message, int contentLength) {
        int position = positions.merge(threadId, 1, Integer::sum) - 1;
        return addMessage(threadId, source, text, message, index(position), "", contentLength);
    }

    /**
     * Adds a message numbered {@code msgIdx} by the format (a LangGraph message's index in its channel), for formats
     * whose messages are not one history in file order.
     */
    public Event message(String threadId, SourceRef source, String text, Message message, int msgIdx) {
        return message(threadId, source, text, message, OptionalInt.of(msgIdx), "");
    }

    /**
     * Adds a message to the end of its thread's history with the index the format gives it: the parts of one
     * provider message (an Anthropic user message's tool results and text) share their message's index, and a
     * system prompt kept outside the message list has none.
     *
     * @param time the record's timestamp as written, "" when it has none
     */
    public Event message(String threadId, SourceRef source, String text, Message message, OptionalInt msgIdx, String time) {
        return message(threadId, source, SourceText.of(text), message, msgIdx, time);
    }

    /** A message with the index the format gives it, whose text may be a range of the file. */
    public Event message(String threadId, SourceRef source, SourceText text, Message message, OptionalInt msgIdx,
                         String time) {
        return addMessage(threadId, source, text, message, msgIdx, time, PythonText.length(message.content()));
    }

    private Event addMessage(String threadId, SourceRef source, SourceText text, Message message, OptionalInt msgIdx,
                             String time, int contentLength) {
        messages++;
        String keyword = keyword(message);
        count(keyword);
        return builder.add(keyword, time, threadId, source, text, new Payload.ConversationMessage(message,
                msgIdx, contentLength, false));
    }

    private static String keyword(Message message) {
        return !message.toolCalls().isEmpty() ? TOOL_CALL : message.isToolResult() ? TOOL_RESULT : MESSAGE;
    }

    /** Adds a dump of the thread's state, diffed against its previous one; keyword {@value #STATE}. */
    public Event snapshot(SourceRef source, String text, StateSnapshot snapshot) {
        count(STATE);
        return builder.addSnapshot(STATE, "", source, text, snapshot);
    }

    /** Adds a record that is not a message, such as a request's model and tools. */
    public Event json(String keyword, String threadId, SourceRef source, String text, JsonValue json) {
        return json(keyword, threadId, source, text, json, "");
    }

    /** A record that is not a message, with its timestamp as written. */
    public Event json(String keyword, String threadId, SourceRef source, String text, JsonValue json, String time) {
        return json(keyword, threadId, source, SourceText.of(text), json, time);
    }

    /** A record that is not a message, whose text may be a range of the file. */
    public Event json(String keyword, String threadId, SourceRef source, SourceText text, JsonValue json, String time) {
        count(keyword);
        return builder.add(keyword, time, threadId, source, text, new Payload.JsonRecord(keyword, json));
    }

    /**
     * A span or a step record ({@code kind} says which), counted under {@code keyword}, named {@code name} in its
     * summary ("action step 3"), with its timestamp.
     */
    public Event record(EventKind kind, String keyword, String name, String threadId, SourceRef source, String text,
                        JsonValue json, String time) {
        return record(kind, keyword, name, threadId, source, SourceText.of(text), json, time);
    }

    /** A record of its own kind whose text may be a range of the file. */
    public Event record(EventKind kind, String keyword, String name, String threadId, SourceRef source, SourceText text,
                        JsonValue json, String time) {
        count(keyword);
        return builder.add(keyword, time, threadId, source, text, new Payload.JsonRecord(name, json, kind));
    }

    /**
     * A failure the log records (an OpenTelemetry span whose status is {@code ERROR}), as an
     * {@link Payload.AgentError} with what the log says of it: the timeline and the thread list show it as a problem.
     */
    public Event error(String keyword, String threadId, SourceRef source, String text, String message, String time) {
        return error(keyword, threadId, source, SourceText.of(text), message, time);
    }

    /** A failure the log records, whose text may be a range of the file. */
    public Event error(String keyword, String threadId, SourceRef source, SourceText text, String message, String time) {
        count(keyword);
        return builder.add(keyword, time, threadId, source, text, new Payload.AgentError(message));
    }

    /** A record of the format whose fields are not what the format says: kept, and reported. */
    public Event malformed(String threadId, SourceRef source, String text, String reason) {
        return malformed(threadId, source, SourceText.of(text), reason);
    }

    /** A malformed record whose text may be a range of the file. */
    public Event malformed(String threadId, SourceRef source, SourceText text, String reason) {
        count(MALFORMED);
        malformed++;
        problem(source.firstLine(), reason);
        return builder.add(MALFORMED, "", threadId, source, text, new Payload.Unparsed(true, reason));
    }

    /** Valid JSON that is no record of the format: kept as {@code other}, not a finding. */
    public Event other(SourceRef source, String text, String reason) {
        return other(source, SourceText.of(text), reason);
    }

    /** Valid JSON that is no record of the format, whose text may be a range of the file. */
    public Event other(SourceRef source, SourceText text, String reason) {
        return other("", source, text, reason);
    }

    /**
     * A record of a kind the format's reader does not know, inside a thread (an item of a type added to an API after
     * this reader): kept where it is in its thread, as {@code other}, not a finding.
     */
    public Event other(String threadId, SourceRef source, SourceText text, String reason) {
        count(OTHER);
        other++;
        return builder.add(OTHER, "", threadId, source, text, new Payload.Unparsed(false, reason));
    }

    /**
     * Ends the trace with a record saying where the file stops: what followed is lost, and the rules must not
     * pass a thread on data that was never read. It belongs to {@code threadId}, the thread being read then.
     */
    public void cutShort(String threadId, int line, int column, String why) {
        String reason = "the file is cut short at line " + line + ", column " + column + ": " + why
                + "; whatever followed is lost";
        count(CUT_SHORT);
        malformed++;
        problem(line, CUT_SHORT + ": " + reason);
        builder.add(CUT_SHORT, "", threadId, SourceRef.line(file, line), "", new Payload.Unparsed(true, reason));
    }

    /**
     * The refusal of a file that held none of what the format is made of: "no {@code what} in 3 records", so
     * detection goes on to the next format and the user sees what was looked for.
     */
    public NotThisFormatException notThisFormat(String what) {
        return new NotThisFormatException(file, "no " + what + " in " + size() + (size() == 1 ? " record" : " records"));
    }

    /**
     * Says in the report what the import made of lines that are no fault (a conversation the tool wrote twice, each
     * message counted once): listed with the problems, at {@code line}, but no record is malformed for it.
     */
    public void note(int line, String message) {
        problem(line, message);
    }

    /** Records a model call the trace shows at {@code at}: the model it names ("" for none) and the usage billed. */
    public void modelCall(Event at, String model, Optional<TokenUsage> usage) {
        builder.recordModelCall(at, model, usage, OptionalInt.empty());
    }

    /** A model call whose harness also reported the model's context window. */
    public void modelCall(Event at, String model, Optional<TokenUsage> usage, OptionalInt window) {
        builder.recordModelCall(at, model, usage, window);
    }

    /** A model call whose bill was read apart from the context it measured (see {@link BilledUsage}). */
    public void modelCall(Event at, String model, Optional<TokenUsage> usage, OptionalInt window,
                          Optional<BilledUsage> billed) {
        builder.recordModelCall(at, model, usage, window, billed);
    }

    /** A model call as the importer put it together, with the samplings of other models inside it. */
    public void modelCall(ModelCall call) {
        builder.recordModelCall(call);
    }

    /** Records the context window the harness reported for {@code model}, for the thread's calls of that model. */
    public void window(String threadId, String model, int window) {
        builder.recordWindow(threadId, model, window);
    }

    /** Records that the harness compacted the context of {@code at}'s thread there. */
    public void compaction(Event at, OptionalLong tokensBefore, String trigger) {
        builder.recordCompaction(at, tokensBefore, trigger);
    }

    /** Records that the call {@code callId} of the message event {@code call} started the thread {@code threadId}. */
    public void startedBy(String threadId, Event call, String callId) {
        builder.recordStartedBy(threadId, call, callId);
    }

    /** The events written so far, in seq order (a view). */
    public List<Event> events() {
        return builder.events();
    }

    /** Records that the thread is an agent the harness ran to compact another thread's context. */
    public void compactionAgent(String threadId) {
        builder.recordCompactionAgent(threadId);
    }

    /** Records that the harness that wrote the thread caps its tools' output itself; {@code how} says how. */
    public void toolOutputCap(String threadId, String how) {
        builder.recordToolOutputCap(threadId, how);
    }

    /**
     * Says whether the thread's record stops at the model's answer: a capture whose last record is an answer, nothing
     * recorded after it (see {@link TraceBuilder#endsAtModelAnswer}).
     */
    public void endsAtModelAnswer(String threadId, boolean ends) {
        builder.endsAtModelAnswer(threadId, ends);
    }

    /**
     * Says that the thread is one API response and nothing else, which ends at its answer even in a file cut short
     * (see {@link TraceBuilder#endsAtLoneResponse}).
     */
    public void endsAtLoneResponse(String threadId) {
        builder.endsAtLoneResponse(threadId);
    }

    /**
     * Says that the thread's history is a request's list of messages the file breaks off inside, so the request sent
     * more than was read (see {@link TraceBuilder#historyCutShort}).
     */
    public void historyCutShort(String threadId) {
        builder.historyCutShort(threadId);
    }

    /**
     * Records that the call {@code callId} (or, without ids, the one named {@code name}) of the message event
     * {@code call} ends a completed run, never to be answered: {@code why} says which framework documents it so.
     */
    public void terminalCall(Event call, String callId, String name, String why) {
        builder.recordTerminalCall(call, callId, name, why);
    }

    /**
     * Records that the call {@code callId} of the message event {@code call} was copied into a forked session's
     * history from the session {@code from}, where it was still running: its result is recorded there.
     */
    public void inheritedCall(Event call, String callId, String from) {
        builder.recordInheritedCall(call, callId, from);
    }

    /** Records what the trace says of how the event's thread ran: a score, an error, an abort. */
    public void outcome(Event at, RecordedOutcome.Verdict verdict, String by, String says) {
        builder.recordOutcome(at, verdict, by, says);
    }

    /**
     * Writes what a request sends apart from its history (a system prompt or instructions given beside its messages):
     * a message without an index, recorded as read at the head of each request rather than where it stands.
     */
    public Event instructions(String threadId, SourceRef source, String text, Message message, String time) {
        Event e = message(threadId, source, text, message, OptionalInt.empty(), time);
        builder.recordInstructions(e);
        return e;
    }

    /**
     * Tells the listener that {@code threadId} is read to its end (see {@link ImportListener#threadRead}), judged by
     * the rules of {@code rulesFormat}.
     */
    public void threadRead(String threadId, String rulesFormat) {
        builder.thread(threadId).ifPresent(thread -> listener.threadRead(thread, rulesFormat));
    }

    /** Messages added so far: a file with none is not a chat history. */
    public long messages() {
        return messages;
    }

    public int size() {
        return builder.size();
    }

    /**
     * Remembers what has been written, for a file read as it grows: its reading is ended provisionally (what was held
     * back written, the trace built), then put back by the returned action to read on. See
     * {@link TraceBuilder#checkpoint()}.
     */
    public Runnable checkpoint() {
        Runnable events = builder.checkpoint();
        // Counts are kept in place, so the ones to go back to are copies.
        Map<String, long[]> kindsThen = new LinkedHashMap<>();
        kinds.forEach((keyword, n) -> kindsThen.put(keyword, n.clone()));
        Map<String, Integer> positionsThen = new HashMap<>(positions);
        int diagnosticsThen = diagnostics.size();
        long omittedThen = omitted;
        long recordsThen = records;
        long otherThen = other;
        long malformedThen = malformed;
        long messagesThen = messages;
        return () -> {
            events.run();
            kinds.clear();
            kindsThen.forEach((keyword, n) -> kinds.put(keyword, n.clone()));
            positions.clear();
            positions.putAll(positionsThen);
            diagnostics.subList(diagnosticsThen, diagnostics.size()).clear();
            omitted = omittedThen;
            records = recordsThen;
            other = otherThen;
            malformed = malformedThen;
            messages = messagesThen;
        };
    }

    public Trace build(String format, long bytes, long lines, boolean complete) {
        return build(format, "", bytes, lines, complete);
    }

    /** A trace whose histories follow the conventions of another format's API ({@link ImportReport#conventions()}). */
    public Trace build(String format, String conventions, long bytes, long lines, boolean complete) {
        Map<String, Long> counted = new LinkedHashMap<>();
        kinds.forEach((keyword, n) -> counted.put(keyword, n[0]));
        return builder.build(new ImportReport(file, format, bytes, lines, records, other, malformed, counted,
                diagnostics, omitted, complete, conventions));
    }

    /** The first positions' OptionalInts made once: every message of a million holds one. */
    private static final OptionalInt[] INDEXES = IntStream.range(0, 1024).mapToObj(OptionalInt::of)
            .toArray(OptionalInt[]::new);

    private static OptionalInt index(int position) {
        return position < INDEXES.length ? INDEXES[position] : OptionalInt.of(position);
    }

    private void count(String keyword) {
        records++;
        kinds.computeIfAbsent(keyword, k -> new long[1])[0]++;
    }

    private void problem(int line, String message) {
        if (diagnostics.size() < ImportReport.MAX_DIAGNOSTICS) {
            diagnostics.add(new Diagnostic(line, message));
        } else {
            omitted++;
        }
    }
}
