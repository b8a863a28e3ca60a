package dev.tracedeck.importers.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.chat.ProviderUsage;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/** One Anthropic import's state: what each item means depends on the layout and on what came before. */
final class AnthropicReading implements JsonImport.Records {

    static final String SINGLE_THREAD = "conversation";
    static final String REQUEST = "request";
    /** What a response holds besides its message: {@code id}, {@code model}, {@code stop_reason}, {@code usage}. */
    static final String RESPONSE = "response";
    /** Where a request line keeps its body: at the top, or under a Message Batches line's {@code params}. */
    private static final List<String> HOLDERS = List.of("", "params", "body", "request");

    private final ChatTraceWriter out;
    private final JsonLayout layout;
    private final ObjectNode members = AnthropicImporter.object();
    private final Map<String, Integer> nextIndex = new HashMap<>();
    private final Set<String> threadIds = new HashSet<>();
    private String lastThread = SINGLE_THREAD;
    private final StreamedMessages stream;

    AnthropicReading(ChatTraceWriter out, JsonLayout layout) {
        this.out = out;
        this.layout = layout;
        this.stream = new StreamedMessages(out);
    }

    @Override
    public void value(JsonItem.Value value, SourceRef source) {
        if (layout == JsonLayout.OBJECT) {
            member(value, source);
        } else {
            String fallback = layout == JsonLayout.LINES ? "line " + value.firstLine() : "item " + value.pointer().substring(1);
            record(value, source, fallback);
        }
    }

    /**
     * A JSON Lines line or an element of a top-level array: a message, a whole request, or other JSON. Texts are
     * the line's, or its messages' slices of it, as in the file (ranges of it where it can be read again).
     */
    private void record(JsonItem.Value value, SourceRef source, String fallback) {
        JsonNode node = value.node();
        if (MessageStream.isEvent(node)) {
            lastThread = stream.event(node, value.sourceText(), source);
            return;
        }
        stream.finish();
        if (AnthropicMessages.isMessage(node)) {
            lastThread = SINGLE_THREAD;
            Event event = message(SINGLE_THREAD, node, source, value.sourceText(), next(SINGLE_THREAD));
            if (AnthropicImporter.isResponse(node)) {
                recordCall(event, node);
            }
            return;
        }
        String holder = holder(node);
        if (holder == null) {
            out.other(source, value.sourceText(), "valid JSON, but neither an Anthropic message nor a request");
            return;
        }
        lastThread = threadId(node, fallback);
        JsonNode body = holder.isEmpty() ? node : node.get(holder);
        String base = holder.isEmpty() ? "" : "/" + holder;
        if (body.has("system")) {
            system(lastThread, body.get("system"), source.at(base + "/system"));
        }
        JsonNode messages = body.get("messages");
        for (int i = 0; i < messages.size(); i++) {
            JsonNode m = messages.get(i);
            SourceText text = value.textAt(base + "/messages/" + i).orElseGet(() -> SourceText.of(m.toString()));
            message(lastThread, m, source.at(base + "/messages/" + i), text, i);
        }
        ObjectNode rest = ((ObjectNode) node).deepCopy();
        ObjectNode restBody = holder.isEmpty() ? rest : (ObjectNode) rest.get(holder);
        restBody.remove("messages");
        restBody.remove("system");
        out.json(REQUEST, lastThread, source, rest.toString(), JsonValues.from(rest));
    }

    /** Where a request keeps its {@code messages} ("" at the top, {@code params} …), or null. */
    private static String holder(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        for (String holder : HOLDERS) {
            JsonNode at = holder.isEmpty() ? node : node.path(holder);
            if (at.isObject() && at.path("messages").isArray()) {
                return holder;
            }
        }
        return null;
    }

    private String threadId(JsonNode node, String fallback) {
        for (String key : List.of("custom_id", "id")) {
            JsonNode v = node.path(key);
            if (v.isTextual() && !v.textValue().isBlank() && threadIds.add(v.textValue())) {
                return v.textValue();
            }
        }
        threadIds.add(fallback);
        return fallback;
    }

    /**
     * A member of a one-object document: a streamed message, the system prompt, or a member of the request (so is
     * a {@code messages} that is not a list, read whole at {@code /messages}: it holds no message to index).
     */
    private void member(JsonItem.Value value, SourceRef source) {
        lastThread = SINGLE_THREAD;
        if (value.member().equals("messages") && value.pointer().lastIndexOf('/') > 0) {
            int index = Integer.parseInt(value.pointer().substring(value.pointer().lastIndexOf('/') + 1));
            message(SINGLE_THREAD, value.node(), source, value.sourceText(), index);
            nextIndex.put(SINGLE_THREAD, index + 1);
        } else if (value.member().equals("system")) {
            system(SINGLE_THREAD, value.node(), source);
        } else {
            members.set(value.member(), value.node());
        }
    }

    /** The message's events (a user message's tool results and text are parts of their own), first one returned. */
    private Event message(String thread, JsonNode node, SourceRef source, SourceText text, int index) {
        Event first = null;
        try {
            List<AnthropicMessages.Part> parts = AnthropicMessages.parse(node);
            ServerCompaction.write(out, thread, node, source);
            for (AnthropicMessages.Part part : parts) {
                SourceText partText = part.pointer().isEmpty() ? text : SourceText.of(node.at(part.pointer()).toString());
                Event e = out.message(thread, source.at(part.pointer()), partText, part.message(), OptionalInt.of(index), "");
                first = first == null ? e : first;
            }
        } catch (MalformedRecordException e) {
            out.malformed(thread, source, text, e.getMessage());
        }
        return first;
    }

    /** A response names its model and the usage billed for it: the trace's record of the call. */
    private void recordCall(Event answer, JsonNode response) {
        if (answer != null) {
            out.modelCall(ProviderUsage.anthropicCall(answer, response));
        }
    }

    private void system(String thread, JsonNode node, SourceRef source) {
        try {
            out.instructions(thread, source, node.toString(), AnthropicMessages.system(node), "");
        } catch (MalformedRecordException e) {
            out.malformed(thread, source, node.toString(), "system: " + e.getMessage());
        }
    }

    private int next(String thread) {
        return nextIndex.merge(thread, 1, Integer::sum) - 1;
    }

    /**
     * A JSON Lines line that is not JSON belongs to the thread it would have been; in a file of messages it held
     * one, so the messages after it keep their indices.
     */
    @Override
    public String threadOfBrokenLine(int line) {
        if (stream.open()) {
            return lastThread;
        }
        if (SINGLE_THREAD.equals(lastThread)) {
            next(SINGLE_THREAD);
            return SINGLE_THREAD;
        }
        return "line " + line;
    }

    @Override
    public String lastThread() {
        return lastThread;
    }

    /** A one-object document's members are all known once it is read (or broke). */
    @Override
    public void end(JsonRecordReader reader) {
        stream.finish();
        if (layout == JsonLayout.OBJECT && reader.brokeInside("/messages")) {
            // A request is written whole: the messages after the last one read were sent, and are lost here.
            out.historyCutShort(SINGLE_THREAD);
        }
        finishDocument(new SourceRef(out.file(), reader.documentFirstLine(),
                Math.max(reader.documentFirstLine(), reader.documentLastLine())));
    }

    /**
     * A one-object document's remaining members, once all are known: a response ({@code role} and {@code content}
     * beside {@code type: message}) is the assistant's message; the rest is the request record.
     */
    private void finishDocument(SourceRef whole) {
        if (layout != JsonLayout.OBJECT || members.isEmpty()) {
            return;
        }
        ObjectNode rest = members.deepCopy();
        boolean response = AnthropicImporter.isResponse(rest);
        if (response || (AnthropicMessages.isMessage(rest) && !rest.has("model"))) {
            Event answer = message(SINGLE_THREAD, rest, whole, SourceText.of(rest.toString()), next(SINGLE_THREAD));
            if (response) {
                recordCall(answer, rest);
                // A lone response is the model's answer and nothing after it: its calls' results are not in the file.
                out.endsAtLoneResponse(SINGLE_THREAD);
            }
            rest.remove(List.of("role", "content"));
        }
        if (!rest.isEmpty()) {
            String keyword = response ? RESPONSE : REQUEST;
            out.json(keyword, SINGLE_THREAD, whole, rest.toString(), JsonValues.from(rest));
        }
        members.removeAll();
    }
}
