package dev.tracedeck.importers.responses;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.chat.ProviderUsage;
import dev.tracedeck.importers.json.GrowingJsonLines;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One Responses import's state. Items come one at a time; the consecutive items of one assistant turn (reasoning,
 * text, calls) are gathered into one message, as Chat Completions shows a turn, so that parallel calls and their
 * outputs pair as the API sees them. A turn ends at any item that is not the assistant's, at an assistant text after
 * its calls, at a change of thread, and at a Codex rollout's line between two responses; the events Codex writes
 * among the items of one response ({@link CodexEvents}) don't end it and are written after its message.
 */
final class ResponsesReading implements GrowingJsonLines.Resumable {

    static final String SINGLE_THREAD = "conversation";
    static final String REQUEST = "request";
    static final String RESPONSE = "response";
    /** A stream's {@code error} event, or the error of a response that failed: the request's failure. */
    static final String ERROR = "error";
    private static final String NO_SESSION = "session";
    /** Where a request line keeps its body: at the top, or under a Batch API line's {@code body}. */
    private static final List<String> HOLDERS = List.of("", "body", "request");
    /**
     * How Codex caps its tools' output before the model reads it (codex-rs: the context manager truncates every
     * function and custom tool output it records, by the session's truncation policy; unified exec cuts a command's
     * output to the call's {@code max_output_tokens}).
     */
    static final String CODEX_CAPS_TOOL_OUTPUT = "Codex caps its tools' output itself: it cuts each output it puts in"
            + " the model's history to its limit (tool_output_token_limit, by default its model's: 10,000 tokens for"
            + " the codex models, 10,000 bytes for the others), keeping the start and the end around a"
            + " \"…N tokens truncated…\" mark, and exec_command's output to the max_output_tokens the call asks for";
    /**
     * How the Codex TypeScript CLI caps its tools' output (codex-cli: a command's stdout, or its stderr where stdout is
     * empty, is collected up to {@code tools.shell.maxBytes} or {@code maxLines}, by default 10 KB or 256 lines, and
     * the rest dropped), its only tools being the shell and apply_patch.
     */
    static final String CODEX_TS_CAPS_TOOL_OUTPUT = "the Codex TypeScript CLI caps its tools' output itself: it keeps a"
            + " command's output up to tools.shell.maxBytes or maxLines (by default 10 KB or 256 lines) and drops the rest";
    /**
     * How the output Codex gives the parent's {@code spawn_agent} call begins, the last item of the parent's history
     * it copies into a sub-agent started with that history (codex-rs {@code AgentControl}:
     * {@code FORKED_SPAWN_AGENT_OUTPUT_MESSAGE}); the sub-agent's own lines come after it.
     */
    static final String FORKED_SPAWN_OUTPUT = "You are the newly spawned agent. The prior conversation history was"
            + " forked from your parent agent.";
    /**
     * How Codex capped a command's output in the rollouts whose lines it wrote unwrapped (codex-rs before the
     * {@code {timestamp, type, payload}} lines: {@code MODEL_FORMAT_MAX_BYTES} and {@code MODEL_FORMAT_MAX_LINES}, the
     * first and last 128 lines kept), before it sent the output as JSON with the exit code.
     */
    static final String CODEX_UNWRAPPED_CAPS_TOOL_OUTPUT = "Codex caps its tools' output itself: it keeps a command's"
            + " output for the model to 10 KiB or 256 lines (its first and last 128 lines around a mark of the lines it"
            + " left out) and sends it as JSON with the exit code and duration";
    /** The members of a session file the Codex TypeScript CLI saved: the session, and its items. */
    static final String SESSION = "session";
    static final String ITEMS = "items";
    /** Lines held behind a response still being gathered; one response has a few dozen. */
    static final int MAX_HELD = 4096;

    private final ChatTraceWriter out;
    private final JsonLayout layout;
    private final ObjectNode members = JsonNodeFactory.instance.objectNode();
    private final Set<String> threadIds = new HashSet<>();
    /** The thread of each response id, for a follow-up request's {@code previous_response_id}. */
    private final Map<String, String> responseThreads = new HashMap<>();
    private final Map<String, Integer> positions = new HashMap<>();
    private final TurnGatherer<Piece> turns = new TurnGatherer<>(new Written());
    /** The thread of the turn being gathered: a turn ends where its thread does. */
    private String turnThread = "";
    /** The model a Codex rollout's last {@code turn_context} names, for the token counts after it. */
    private String codexModel = "";
    /** The running total of the last Codex token_count, to know its repeats. */
    private JsonNode codexTotal;
    private String lastThread = SINGLE_THREAD;
    /** A one-object document: the thread of its items (a session the Codex TypeScript CLI saved names its own). */
    private String documentThread = SINGLE_THREAD;
    /** JSON Lines of items: the thread they go to (a Codex rollout's session). */
    private String itemThread = SINGLE_THREAD;
    /** A whole request whose response may follow: the response joins its thread. */
    private String awaitingResponse;
    private boolean documentHasItems;
    /** The response whose stream is being read: its id, the thread of its events ("" before any). */
    private String streamThread = "";
    /** The items of a streamed response finished so far ({@link #streamEvent}). */
    private final List<StreamedItem> streamed = new ArrayList<>();
    /** Whether the stream being read had an {@code error} event: its {@code response.failed} then says it again. */
    private boolean streamErrorSaid;
    /** Whether a stream's end came: a response, even one that failed before any item. */
    private boolean streamEnded;
    /** The {@code sequence_number} of the last stream event, -1 before one that has it. */
    private long lastSequence = -1;
    /** Whether a Codex rollout's {@code session_meta} line was read. */
    private boolean codexSession;
    /**
     * A forked Codex rollout: the sessions whose lines Codex copied into it, the latest first; one leaves at the
     * {@code turn_aborted} that ends a copy Codex made while that session was mid-turn (see {@link #codexLine}).
     */
    private final Deque<String> copiedFrom = new ArrayDeque<>();
    /** While a copy is read: its calls that no output has answered yet, each to the message that makes it. */
    private final Map<String, Event> copiedCallsOpen = new LinkedHashMap<>();
    /**
     * The model calls of the {@code token_count} lines read since a copy began, in file order, waiting to know whether
     * the copy holds them: the end Codex marks on a sub-agent's copy ({@link #FORKED_SPAWN_OUTPUT}) says they are
     * copies, made and billed in the session copied; where no such end comes they are counted as the file's own.
     */
    private final List<Runnable> copiedCallsPending = new ArrayList<>();
    /** Lines a Codex rollout wrote among the items of the response being gathered, written after its message. */
    private final List<Runnable> held = new ArrayList<>();

    ResponsesReading(ChatTraceWriter out, JsonLayout layout) {
        this.out = out;
        this.layout = layout;
    }

    @Override
    public void value(JsonItem.Value value, SourceRef source) {
        if (layout == JsonLayout.OBJECT) {
            member(value, source);
        } else {
            String fallback = layout == JsonLayout.LINES ? "line " + value.firstLine() : "item " + value.pointer().substring(1);
            record(value.node(), ItemText.of(value), source, fallback);
        }
    }

    /** A JSON Lines line or an element of a top-level array. */
    private void record(JsonNode node, ItemText text, SourceRef source, String fallback) {
        // A Codex line ({timestamp, type, payload}) is told by its payload, also where its type broke.
        if (node.isObject() && node.has("payload") && node.has("type")
                && (node.get("type").isTextual() || node.has("timestamp"))) {
            codexLine(node, text, source);
            return;
        }
        if (ResponseItems.isItem(node)) {
            lastThread = itemThread;
            item(itemThread, node, source, text, "");
            return;
        }
        if (StreamEvent.isOne(node)) {
            streamEvent(node, text, source);
            return;
        }
        if (node.isObject() && node.path("record_type").isTextual()) {
            flush();
            out.json(node.path("record_type").asText(), itemThread, source, text.kept(), JsonValues.from(node), "");
            return;
        }
        if (node.isObject() && node.path("id").isTextual() && node.has("timestamp") && !node.has("type")
                && (node.has("instructions") || node.has("git"))) {
            // An older Codex rollout's first line: the session, unwrapped.
            flush();
            itemThread = node.path("id").asText();
            lastThread = itemThread;
            if (source.firstLine() == 1 && node.has("instructions")) {
                // As the Codex of unwrapped lines wrote its session (id, timestamp, instructions even when null).
                out.toolOutputCap(itemThread, CODEX_UNWRAPPED_CAPS_TOOL_OUTPUT);
            }
            out.json("session_meta", itemThread, source, text.kept(), JsonValues.from(node), "");
            return;
        }
        String holder = holder(node);
        if (holder == null) {
            out.other(source, text.kept(), "valid JSON, but neither a Responses item, a request nor a response");
            return;
        }
        flush();
        JsonNode body = holder.isEmpty() ? node : node.get(holder);
        String base = holder.isEmpty() ? "" : "/" + holder;
        String problem = ResponsesBodies.problem(node, body);
        if (problem != null) {
            out.malformed(threadOfBrokenLine(source.firstLine()), source, text.kept(), problem);
            return;
        }
        boolean response = isResponse(body);
        turns.model(body.path("model").asText(""));
        String thread = threadOf(node, body, response, fallback);
        lastThread = thread;
        if (body.path("instructions").isTextual()) {
            system(thread, body.get("instructions"), source.at(base + "/instructions"));
        }
        String list = response ? "output" : "input";
        JsonNode items = body.get(list);
        if (items != null && items.isTextual()) {
            out.message(thread, source.at(base + "/" + list), items.toString(), Message.text("user", items.textValue()),
                    position(thread), "");
        } else if (items != null && items.isArray()) {
            for (int i = 0; i < items.size(); i++) {
                item(thread, items.get(i), source.at(base + "/" + list + "/" + i), ItemText.of(items.get(i).toString()), "");
            }
        }
        flush();
        ObjectNode rest = ((ObjectNode) node).deepCopy();
        ObjectNode restBody = holder.isEmpty() ? rest : (ObjectNode) rest.get(holder);
        restBody.remove(list);
        if (body.path("instructions").isTextual()) {
            restBody.remove("instructions");
        }
        Event record = out.json(response ? RESPONSE : REQUEST, thread, source, rest.toString(), JsonValues.from(rest));
        if (response) {
            recordCall(record, body);
        }
        // A thread whose last record is a response stops at the model's answer; a request after it goes on.
        out.endsAtModelAnswer(thread, response);
    }

    /**
     * One event of a streamed response, a line each (as a client that logs the stream writes it): the items of
     * {@code response.output_item.done} wait for the response's end, and the response that ends the stream
     * ({@code response.completed}, {@code .incomplete}, {@code .failed}) is read as a response, its {@code output}
     * (else the items that came) the answer; every other event is a record named by its type. Each response's stream
     * is a thread named by the response's id, which ends at the model's answer. An {@code error} event is an error
     * record saying the request failed (its code and message), as is the {@code error} of a response that failed
     * without such an event before it. A stream that stops before its end
     * keeps the items that came ({@link #end}).
     */
    private void streamEvent(JsonNode node, ItemText text, SourceRef source) {
        String problem = StreamEvent.problem(node);
        if (problem != null) {
            flush();
            lastThread = streamThread.isEmpty() ? SINGLE_THREAD : streamThread;
            out.malformed(lastThread, source, text.kept(), problem);
            return;
        }
        String type = node.path("type").asText();
        String id = node.path("response").path("id").asText("");
        if (node.path("response").path("model").isTextual()) {
            turns.model(node.get("response").get("model").textValue());
        }
        boolean continues = continuesStream(node, type);
        if (node.path("sequence_number").canConvertToLong()) {
            lastSequence = node.path("sequence_number").asLong();
        }
        if (!id.isEmpty() && !id.equals(streamThread) && !continues) {
            // A new response's stream: the file holds responses only, never the requests between them, so each is
            // a thread of its own that ends at the model's answer, as whole responses one a line are.
            streamedItems();
            flush();
            streamThread = id;
            streamErrorSaid = false;
        }
        String thread = streamThread.isEmpty() ? SINGLE_THREAD : streamThread;
        lastThread = thread;
        if (StreamEvent.ENDS.contains(type) && node.path("response").isObject()) {
            JsonNode body = node.get("response");
            JsonNode output = body.path("output");
            if (output.isArray() && !output.isEmpty()) {
                streamed.clear();
                for (int i = 0; i < output.size(); i++) {
                    item(thread, output.get(i), source.at("/response/output/" + i), ItemText.of(output.get(i).toString()), "");
                }
            } else {
                streamedItems();
            }
            flush();
            ObjectNode rest = ((ObjectNode) body).deepCopy();
            rest.remove("output");
            Event record = out.json(RESPONSE, thread, source, text.kept(), JsonValues.from(rest), "");
            recordCall(record, body);
            if (body.path("error").isObject() && !streamErrorSaid) {
                out.error(ERROR, thread, source, text.kept(), failure(body.get("error")), "");
            }
            streamEnded = true;
            out.endsAtLoneResponse(thread);
            return;
        }
        if (type.equals(ERROR)) {
            // The API's failure of the request (a quota, a rate limit, a server error): the stream's one account of why.
            streamErrorSaid = true;
            out.error(ERROR, thread, source, text.kept(), failure(node.get("error")), "");
            return;
        }
        if (type.equals(StreamEvent.ITEM_DONE) && node.path("item").isObject()) {
            streamed.add(new StreamedItem(thread, node.get("item"), source.at("/item")));
        }
        out.json(type, thread, source, text.kept(), JsonValues.from(node), "");
    }

    /**
     * Whether an event goes on the stream being read whatever response id it carries: one stream's events count up
     * by {@code sequence_number} from its {@code response.created} (0), so an event numbered after the last one, and
     * no new {@code response.created}, is the same response's even where a proxy gives each event a response id of its
     * own (GitHub Copilot's rotates them).
     */
    private boolean continuesStream(JsonNode node, String type) {
        JsonNode sequence = node.path("sequence_number");
        return !streamThread.isEmpty() && !type.equals("response.created") && sequence.canConvertToLong()
                && lastSequence >= 0 && sequence.asLong() > lastSequence;
    }

    /** What an {@code error} object says: "the request failed: CODE: MESSAGE". */
    private static String failure(JsonNode error) {
        String code = error.path("code").asText(error.path("type").asText(""));
        String message = error.path("message").asText("");
        return "the request failed: " + (code.isEmpty() ? "" : code + (message.isEmpty() ? "" : ": ")) + message;
    }

    /**
     * The items a stream that did not end had finished: the answer as far as it came, which its thread ends at, as a
     * stream that ended does (the file holds responses only: the results of its calls would be in the next request).
     */
    private void streamedItems() {
        for (StreamedItem s : streamed) {
            item(s.thread(), s.item(), s.source(), ItemText.of(s.item().toString()), "");
            out.endsAtLoneResponse(s.thread());
        }
        streamed.clear();
    }

    /** An item a stream finished, waiting for the response's end. */
    private record StreamedItem(String thread, JsonNode item, SourceRef source) {
    }

    /** A response names its model and the usage billed for it: the trace's record of the call. */
    private void recordCall(Event record, JsonNode response) {
        out.modelCall(record, response.path("model").asText(""), ProviderUsage.openAi(response.get("usage")),
                OptionalInt.empty(), ProviderUsage.openAiBill(response.path("id").asText(""), response.get("usage")));
    }

    /**
     * A Codex CLI rollout line: {@code {timestamp, type, payload}}. A rollout is one session, named by its first
     * {@code session_meta}: Codex writes that line once, at the top, for the session the file records, and copies
     * the lines of the session a fork (or a sub-agent started with its parent's history) starts from after it,
     * that session's {@code session_meta} among them; such a later one is a record in the same thread, as the history
     * it heads is the forked session's own. Where the source was mid-turn, Codex ends the copy as it ends a turn it
     * stops ({@code turn_aborted}): a call of that turn without its output was still running in the source, which
     * records its result ({@link #copiedCallsInFlight}).
     */
    private void codexLine(JsonNode node, ItemText text, SourceRef source) {
        String type = node.path("type").asText("");
        String problem = codexProblem(node, type);
        if (problem != null) {
            flush();
            if (itemThread.equals(SINGLE_THREAD)) {
                // No session is named before it: the lines after it go where a rollout without one does.
                itemThread = NO_SESSION;
            }
            lastThread = itemThread;
            out.toolOutputCap(itemThread, CODEX_CAPS_TOOL_OUTPUT);
            out.malformed(itemThread, source, text.kept(), "a Codex rollout line whose " + problem);
            return;
        }
        String time = node.path("timestamp").asText("");
        JsonNode payload = node.get("payload");
        if (type.equals("session_meta") && payload.path("id").isTextual() && !codexSession) {
            flush();
            codexSession = true;
            itemThread = payload.path("id").asText();
        } else if (type.equals("session_meta") && payload.path("id").isTextual()) {
            flush();
            copiedFrom.push(payload.path("id").asText());
        } else if (itemThread.equals(SINGLE_THREAD)) {
            itemThread = NO_SESSION;
        }
        lastThread = itemThread;
        out.toolOutputCap(itemThread, CODEX_CAPS_TOOL_OUTPUT);
        if (type.equals("response_item") && ResponseItems.isItem(payload)) {
            item(itemThread, payload, source.at("/payload"), text, time);
            return;
        }
        // event_msg repeats what response_item lines hold (user_message, agent_message): a record, not a message.
        String thread = itemThread;
        Runnable write = () -> codexRecord(type, payload,
                out.json(type, thread, source, text.kept(), JsonValues.from(node), time));
        if (type.equals("event_msg") && turns.gathering()
                && !CodexEvents.endsResponse(payload.path("type").asText(""))) {
            // Written among the items of one response: the response's message is written first, where its first
            // item is, and this line after it.
            hold(write);
            return;
        }
        flush();
        write.run();
    }

    /**
     * Holds a line read while a response is gathered, to write once its message is; past {@link #MAX_HELD} lines the
     * response is taken as complete, so a rollout that never ends one holds no more than that.
     */
    private void hold(Runnable write) {
        held.add(write);
        if (held.size() > MAX_HELD) {
            flush();
        }
    }

    /** Writes the lines held behind the message just written. */
    private void writeHeld() {
        if (held.isEmpty()) {
            return;
        }
        List<Runnable> lines = List.copyOf(held);
        held.clear();
        lines.forEach(Runnable::run);
    }

    /**
     * What a Codex rollout records about its model calls: {@code turn_context} names the model of the turns after it;
     * a {@code token_count} event carries the usage of the last call ({@code info.last_token_usage}, OpenAI's split)
     * and the model's usable window ({@code model_context_window}); a {@code compacted} line is where Codex replaced
     * the history with its summary ({@code replacement_history}); a {@code turn_aborted} event is a turn the user
     * interrupted (or a new one replaced), which the run's own record says stopped.
     */
    private void codexRecord(String type, JsonNode payload, Event record) {
        if (type.equals("turn_context") && payload.path("model").isTextual()) {
            codexModel = payload.path("model").asText();
        } else if (type.equals("event_msg") && payload.path("type").asText("").equals("token_count")) {
            JsonNode info = payload.path("info");
            Optional<TokenUsage> usage = ProviderUsage.openAi(info.get("last_token_usage"));
            // Codex writes a call's token_count again when the turn ends: the session's running total
            // (total_token_usage) unchanged since the last one says no call was made in between.
            JsonNode total = info.path("total_token_usage");
            boolean repeated = total.isObject() && total.equals(codexTotal);
            codexTotal = total.isObject() ? total : null;
            if (usage.isPresent() && !repeated) {
                JsonNode window = info.path("model_context_window");
                String model = codexModel;
                Runnable call = () -> out.modelCall(record, model, usage, window.canConvertToInt() && window.asInt() > 0
                        ? OptionalInt.of(window.asInt()) : OptionalInt.empty(),
                        ProviderUsage.openAiBill("", info.get("last_token_usage")));
                if (copiedFrom.isEmpty()) {
                    call.run();
                } else {
                    copiedCallsPending.add(call);
                }
            }
        } else if (type.equals("event_msg") && payload.path("type").asText("").equals("turn_aborted")) {
            copiedCallsInFlight();
            String reason = payload.path("reason").asText("");
            out.outcome(record, RecordedOutcome.Verdict.STOPPED, "Codex",
                    "turn aborted" + (reason.isBlank() ? "" : " (" + reason.strip() + ")"));
        } else if (type.equals("compacted")) {
            out.compaction(record, OptionalLong.empty(), "");
        }
    }

    /**
     * At a {@code turn_aborted} that ends a copied session's turn: the calls of the copy no output answered were still
     * running in that session when Codex copied its lines (a turn Codex stops itself gets an output for each call it
     * cuts short, "aborted by user"), so their results are that session's. The copy of the latest session copied is
     * read to its end there.
     */
    private void copiedCallsInFlight() {
        if (copiedFrom.isEmpty() || copiedCallsOpen.isEmpty()) {
            return;
        }
        String from = copiedFrom.pop();
        copiedCallsOpen.forEach((id, call) -> out.inheritedCall(call, id, from));
        copiedCallsOpen.clear();
        if (copiedFrom.isEmpty()) {
            countPendingCalls();
        }
    }

    /**
     * At the output Codex gives the parent's {@code spawn_agent} call to end the history it copies into a sub-agent
     * ({@link #FORKED_SPAWN_OUTPUT}), answering a call of the copy: the copy of the latest session copied ends there,
     * the model calls its token counts record are that session's, not the sub-agent's, and a call of the copy still
     * without its output (one the parent made beside {@code spawn_agent}) was running there, which records its result.
     */
    private void forkedSpawnOutput() {
        String from = copiedFrom.pop();
        copiedCallsOpen.forEach((id, call) -> out.inheritedCall(call, id, from));
        copiedCallsOpen.clear();
        copiedCallsPending.clear();
    }

    /** The token counts read in a copy whose end the file does not mark: counted as the file's own calls. */
    private void countPendingCalls() {
        List<Runnable> calls = List.copyOf(copiedCallsPending);
        copiedCallsPending.clear();
        calls.forEach(Runnable::run);
    }

    /**
     * Why a Codex rollout line can't be read as its type says: its {@code timestamp} is not a string, its
     * {@code payload} not an object, or a member its type is read by (a session's id, a turn's model, an event's type)
     * not a string; null when it can.
     */
    private static String codexProblem(JsonNode node, String type) {
        try {
            JsonFields.text(node, "type");
            JsonFields.text(node, "timestamp");
            JsonNode payload = JsonFields.isObject(node.get("payload"), "payload");
            switch (type) {
                case "session_meta" -> JsonFields.text(payload, "id", "payload.id");
                case "turn_context" -> JsonFields.text(payload, "model", "payload.model");
                case "event_msg" -> JsonFields.text(payload, "type", "payload.type");
                default -> {
                }
            }
            return null;
        } catch (MalformedRecordException e) {
            return e.getMessage();
        }
    }

    private String threadOf(JsonNode node, JsonNode body, boolean response, String fallback) {
        String thread = null;
        String previous = body.path("previous_response_id").asText("");
        if (!previous.isEmpty() && responseThreads.containsKey(previous)) {
            thread = responseThreads.get(previous);
        } else if (response && awaitingResponse != null) {
            thread = awaitingResponse;
        }
        if (thread == null) {
            thread = fallback;
            for (String key : List.of("custom_id", "id")) {
                JsonNode v = node.path(key);
                if (v.isTextual() && !v.textValue().isBlank() && !threadIds.contains(v.textValue())) {
                    thread = v.textValue();
                    break;
                }
            }
            threadIds.add(thread);
        }
        awaitingResponse = response ? null : thread;
        if (response && body.path("id").isTextual()) {
            responseThreads.put(body.path("id").asText(), thread);
        }
        return thread;
    }

    private static String holder(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        for (String holder : HOLDERS) {
            JsonNode at = holder.isEmpty() ? node : node.path(holder);
            // An input of another type, or a response's output that is no list, is a request or response that broke.
            if (at.isObject() && (at.hasNonNull("input") || (at.path("output").isArray() && isResponse(at))
                    || at.hasNonNull("output") && at.path("object").asText("").equals("response"))) {
                return holder;
            }
        }
        return null;
    }

    static boolean isResponse(JsonNode body) {
        return body.path("object").asText("").equals("response")
                || (body.path("output").isArray() && !body.has("input"));
    }

    /**
     * A member of a one-object document: a streamed item, the instructions, a member of the request, or the
     * {@code session} of a session file the Codex TypeScript CLI saved ({@code {"session": {timestamp, id,
     * instructions}, "items": [...]}}), whose id names the thread of the items after it.
     */
    private void member(JsonItem.Value value, SourceRef source) {
        lastThread = documentThread;
        String member = value.member();
        boolean element = value.pointer().length() > member.length() + 1;
        JsonNode node = value.node();
        if ((member.equals("input") || member.equals("output") || member.equals("data") || member.equals(ITEMS))
                && element) {
            documentHasItems = true;
            item(documentThread, node, source, ItemText.of(value), "");
        } else if (member.equals("input") && node.isTextual()) {
            documentHasItems = true;
            out.message(documentThread, source, value.text(), Message.text("user", node.textValue()),
                    position(documentThread), "");
        } else if (member.equals("instructions") && node.isTextual()) {
            flush();
            system(documentThread, node, source);
        } else if (member.equals(SESSION) && node.isObject() && node.path("id").isTextual()) {
            codexTypeScriptSession(value, source);
        } else if (!element && !node.isNull() && (member.equals("input") || member.equals("output") && !node.isArray()
                || member.equals("instructions") && !node.isArray())) {
            // A list of items is read element by element; anything else where the items or the instructions go broke.
            flush();
            String expected = member.equals("output") ? "a list of items" : "a string or a list of items";
            out.malformed(documentThread, source, value.text(), JsonFields.wrongType(member, node, expected).getMessage());
        } else {
            if (member.equals("model") && node.isTextual()) {
                turns.model(node.textValue());
            }
            members.set(member, node);
        }
    }

    /**
     * The {@code session} of a session file the Codex TypeScript CLI saved: a {@code session_meta} record, as an
     * older rollout's first line is; its id names the thread of the items that follow it (JSON.stringify writes it
     * before them). That CLI cuts a command's output before the model reads it.
     */
    private void codexTypeScriptSession(JsonItem.Value value, SourceRef source) {
        flush();
        codexSession = true;
        if (!documentHasItems) {
            documentThread = value.node().get("id").textValue();
            lastThread = documentThread;
        }
        out.toolOutputCap(documentThread, CODEX_TS_CAPS_TOOL_OUTPUT);
        out.json("session_meta", documentThread, source, value.sourceText(), JsonValues.from(value.node()),
                value.node().path("timestamp").asText(""));
    }

    /** One item in a thread: joins the turn being gathered, or ends it and goes in on its own. */
    private void item(String thread, JsonNode node, SourceRef source, ItemText text, String time) {
        if (!thread.equals(turnThread)) {
            flush();
        }
        turnThread = thread;
        turns.add(node, new Piece(thread, source, text, time));
    }

    /** A message's index: its position in its thread's history (the instructions have none). */
    private OptionalInt position(String thread) {
        return OptionalInt.of(positions.merge(thread, 1, Integer::sum) - 1);
    }

    private void system(String thread, JsonNode node, SourceRef source) {
        out.instructions(thread, source, node.toString(), Message.text("system", node.textValue()), "");
    }

    /** Ends the assistant turn being gathered ({@link TurnGatherer}). */
    private void flush() {
        turns.flush();
    }

    /** What the gathered items make, written to their thread. */
    private final class Written implements TurnGatherer.Sink<Piece> {
        @Override
        public void message(Message message, List<Piece> pieces) {
            Piece first = pieces.get(0);
            int lastLine = pieces.stream().mapToInt(p -> p.source().lastLine()).max().orElse(first.source().lastLine());
            SourceRef source = pieces.size() == 1 ? first.source()
                    : new SourceRef(out.file(), first.source().firstLine(), lastLine, first.source().pointer());
            Event written = out.message(first.thread(), source, text(pieces), message, position(first.thread()),
                    first.time());
            if (!copiedFrom.isEmpty()) {
                message.toolCalls().forEach(c -> copiedCallsOpen.put(c.id(), written));
                if (copiedCallsOpen.remove(message.toolCallId()) != null
                        && message.content().startsWith(FORKED_SPAWN_OUTPUT)) {
                    forkedSpawnOutput();
                }
            }
            writeHeld();
        }

        @Override
        public void problem(String reason, JsonNode item, Piece piece) {
            out.malformed(piece.thread(), piece.source(), piece.text().kept(), reason);
        }

        @Override
        public void record(JsonNode item, Piece piece) {
            Event record = out.json(item.path("type").asText("item"), piece.thread(), piece.source(), piece.text().kept(),
                    JsonValues.from(item), piece.time());
            if (ResponseItems.isCompaction(item)) {
                out.compaction(record, OptionalLong.empty(), "");
            }
        }

        @Override
        public void unknown(String reason, JsonNode item, Piece piece) {
            out.other(piece.thread(), piece.source(), piece.text().kept(), reason);
        }

        /** One item's text as it was kept (a range of the file where it can be); several joined by newlines, held. */
        private SourceText text(List<Piece> pieces) {
            if (pieces.size() == 1) {
                return pieces.get(0).text().kept();
            }
            StringBuilder joined = new StringBuilder();
            for (Piece p : pieces) {
                if (!joined.isEmpty()) {
                    joined.append('\n');
                }
                joined.append(p.text().string().get());
            }
            return SourceText.of(joined.toString());
        }
    }

    /** A JSON Lines line that is not JSON held one record of its thread: the messages after it keep their indices. */
    @Override
    public String threadOfBrokenLine(int line) {
        flush();
        position(lastThread);
        return lastThread;
    }

    /** True once a streamed response's end was read: a response, even one that failed before any item came. */
    boolean readStreamEnd() {
        return streamEnded;
    }

    /** True once a Codex rollout's {@code session_meta} line was read: the file is a rollout, messages or not. */
    boolean readCodexSession() {
        return codexSession;
    }

    @Override
    public String lastThread() {
        return lastThread;
    }

    /** Ending writes the turn being gathered, numbered in its thread. */
    @Override
    public Runnable checkpoint() {
        Map<String, Integer> positionsThen = new HashMap<>(positions);
        Runnable turn = turns.checkpoint();
        List<Runnable> heldThen = List.copyOf(held);
        List<Runnable> pendingThen = List.copyOf(copiedCallsPending);
        return () -> {
            positions.clear();
            positions.putAll(positionsThen);
            turn.run();
            held.clear();
            held.addAll(heldThen);
            copiedCallsPending.clear();
            copiedCallsPending.addAll(pendingThen);
        };
    }

    /** The assistant turn being gathered ends with the records; a one-object document's members are all known. */
    @Override
    public void end(JsonRecordReader reader) {
        streamedItems();
        flush();
        countPendingCalls();
        if (layout == JsonLayout.OBJECT && reader.brokeInside("/input")) {
            // A request is written whole: the items after the last one read were sent, and are lost here.
            out.historyCutShort(documentThread);
        }
        finishDocument(new SourceRef(out.file(), reader.documentFirstLine(),
                Math.max(reader.documentFirstLine(), reader.documentLastLine())));
    }

    /** A one-object document's other members: one item on its own, or the request's or response's record. */
    private void finishDocument(SourceRef whole) {
        if (layout != JsonLayout.OBJECT || members.isEmpty()) {
            return;
        }
        ObjectNode rest = members.deepCopy();
        members.removeAll();
        if (!documentHasItems && ResponseItems.isItem(rest)) {
            item(documentThread, rest, whole, ItemText.of(rest.toString()), "");
            flush();
            return;
        }
        String problem = ResponsesBodies.problem(rest, rest);
        if (problem != null) {
            out.malformed(documentThread, whole, rest.toString(), problem);
            return;
        }
        boolean response = isResponse(rest) || rest.path("object").asText("").equals("response");
        Event record = out.json(response ? RESPONSE : REQUEST, documentThread, whole, rest.toString(), JsonValues.from(rest));
        if (response) {
            recordCall(record, rest);
            // A lone response is the model's answer and nothing after it: its calls' results are not in the file.
            out.endsAtLoneResponse(documentThread);
        }
    }

    /**
     * An item's text as an event keeps it ({@code kept}: a range of the file for a JSON Lines line on disk) and as a
     * string while the line is at hand, for a turn gathered over several lines, whose text is their texts joined: a
     * JSON Lines line's is decoded from its bytes, never read back from the file.
     */
    private record ItemText(SourceText kept, Supplier<String> string) {
        static ItemText of(JsonItem.Value value) {
            return new ItemText(value.sourceText(), value::text);
        }

        static ItemText of(String text) {
            return new ItemText(SourceText.of(text), () -> text);
        }
    }

    /** An item as the gatherer holds it: its thread, where it is, its text and its time. */
    private record Piece(String thread, SourceRef source, ItemText text, String time) {
    }
}
