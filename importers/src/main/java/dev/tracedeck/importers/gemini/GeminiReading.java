package dev.tracedeck.importers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.chat.ProviderUsage;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.importers.json.JsonImport;
import dev.tracedeck.importers.json.JsonItem;
import dev.tracedeck.importers.json.JsonLayout;
import dev.tracedeck.importers.json.JsonRecordReader;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/** One Gemini import's state: what each item means depends on the layout and on what came before. */
final class GeminiReading implements JsonImport.Records {

    static final String SINGLE_THREAD = "conversation";
    static final String REQUEST = "request";
    static final String RESPONSE = "response";
    private static final List<String> SYSTEM = List.of("systemInstruction", "system_instruction");

    private final ChatTraceWriter out;
    private final JsonLayout layout;
    private final ObjectNode members = JsonNodeFactory.instance.objectNode();
    private final Map<String, WaitingCalls> waiting = new HashMap<>();
    private final Set<String> threadIds = new HashSet<>();
    private String lastThread = SINGLE_THREAD;

    GeminiReading(ChatTraceWriter out, JsonLayout layout) {
        this.out = out;
        this.layout = layout;
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
     * A member of a one-object document: a content of the request, the system instruction, or a member of the request
     * or response; a {@code contents} that is no list is a malformed record saying so: the API takes a list (a string
     * is what an SDK's call takes, before the SDK makes it one).
     */
    private void member(JsonItem.Value value, SourceRef source) {
        if (value.member().equals("contents") && !value.node().isArray() && value.pointer().lastIndexOf('/') == 0) {
            out.malformed(SINGLE_THREAD, source, value.sourceText(),
                    "a Gemini request whose contents is " + JsonFields.kind(value.node()) + ", not a list");
        } else if (value.member().equals("contents") && value.pointer().lastIndexOf('/') > 0) {
            int index = Integer.parseInt(value.pointer().substring(value.pointer().lastIndexOf('/') + 1));
            content(SINGLE_THREAD, value.node(), source, value.sourceText(), OptionalInt.of(index), false);
        } else if (SYSTEM.contains(value.member())) {
            system(SINGLE_THREAD, value.node(), source);
        } else {
            members.set(value.member(), value.node());
        }
    }

    /**
     * A JSON Lines line or an element of a top-level array: a request, or a Batch API line holding its request or its
     * response; a response on its own (a stream's chunk) or other JSON is an {@code other} record.
     */
    private void record(JsonItem.Value value, SourceRef source, String fallback) {
        JsonNode node = value.node();
        String broken = brokenBatchOrRequest(node);
        if (broken != null) {
            out.malformed(fallback, source, value.sourceText(), broken);
            lastThread = fallback;
            return;
        }
        if (isRequest(node)) {
            request(value, source, threadId(node, fallback), node, "");
        } else if (node.isObject() && isRequest(node.path(REQUEST))) {
            request(value, source, threadId(node, fallback), node.get(REQUEST), "/" + REQUEST);
        } else if (node.isObject() && isResponse(node.path(RESPONSE))) {
            lastThread = threadId(node, fallback);
            response(lastThread, (ObjectNode) node.get(RESPONSE), source.at("/" + RESPONSE));
        } else {
            out.other(source, value.sourceText(), isResponse(node)
                    ? "a Gemini response with no request, as a stream sends its chunks"
                    : "valid JSON, but neither a Gemini request nor a response");
        }
    }

    private void request(JsonItem.Value value, SourceRef source, String thread, JsonNode body, String base) {
        lastThread = thread;
        for (String key : SYSTEM) {
            if (body.has(key)) {
                system(thread, body.get(key), source.at(base + "/" + key));
            }
        }
        JsonNode contents = body.get("contents");
        for (int i = 0; i < contents.size(); i++) {
            JsonNode c = contents.get(i);
            SourceText text = value.textAt(base + "/contents/" + i).orElseGet(() -> SourceText.of(c.toString()));
            content(thread, c, source.at(base + "/contents/" + i), text, OptionalInt.of(i), false);
        }
        ObjectNode rest = ((ObjectNode) value.node()).deepCopy();
        ObjectNode restBody = base.isEmpty() ? rest : (ObjectNode) rest.get(REQUEST);
        restBody.remove("contents");
        restBody.remove(SYSTEM);
        out.json(REQUEST, thread, source, rest.toString(), JsonValues.from(rest));
    }

    /**
     * Why a line that is a Gemini request or a Batch API line by its members can't be read as one (a {@code key} that
     * is no string, a {@code request} or {@code response} of another type, {@code contents} or {@code candidates} that
     * are no list); null when it can, or when it is neither.
     */
    private static String brokenBatchOrRequest(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        JsonNode key = node.get("key");
        if (key != null && !key.isTextual() && (node.has(REQUEST) || node.has(RESPONSE))) {
            return "a Gemini Batch API line whose key is " + JsonFields.kind(key) + ", not a string";
        }
        JsonNode request = node.has(REQUEST) && key != null ? node.get(REQUEST) : node;
        if (request != node && !request.isObject()) {
            return "a Gemini Batch API line whose request is " + JsonFields.kind(request) + ", not an object";
        }
        if (request.has("contents") && !request.get("contents").isArray()) {
            return "a Gemini request whose contents is " + JsonFields.kind(request.get("contents")) + ", not a list";
        }
        // A response with no candidates at all is one Gemini blocked (its promptFeedback says why): not broken.
        JsonNode response = node.get(RESPONSE);
        if (response != null && key != null && !response.isObject()) {
            return "a Gemini Batch API line whose response is " + JsonFields.kind(response) + ", not an object";
        }
        if (response != null && key != null && response.has("candidates") && !response.get("candidates").isArray()) {
            return "a Gemini response whose candidates is " + JsonFields.kind(response.get("candidates")) + ", not a list";
        }
        return null;
    }

    private static boolean isRequest(JsonNode node) {
        return node.isObject() && node.path("contents").isArray();
    }

    static boolean isResponse(JsonNode node) {
        return node.isObject() && node.path("candidates").isArray();
    }

    /** A Batch API line's {@code key}, else {@code fallback}; a key seen before is the fallback. */
    private String threadId(JsonNode node, String fallback) {
        JsonNode key = node.path("key");
        if (key.isTextual() && !key.textValue().isBlank() && threadIds.add(key.textValue())) {
            return key.textValue();
        }
        threadIds.add(fallback);
        return fallback;
    }

    /**
     * The content's messages, each at its own pointer, its function responses paired with the calls they answer;
     * {@code answer} when it is a candidate's, which the API writes, not a request's.
     */
    private Event content(String thread, JsonNode node, SourceRef source, SourceText text, OptionalInt index,
                          boolean answer) {
        Event first = null;
        try {
            if (!node.isObject()) {
                throw JsonFields.wrongType("a content", node, "an object");
            }
            if (JsonFields.isAbsent(node.get("parts"))) {
                throw new MalformedRecordException("a content without parts");
            }
            if (!node.get("parts").isArray()) {
                throw JsonFields.wrongType("a content's parts", node.get("parts"), "a list");
            }
            ApiShapes.check(node.get("parts"), answer);
            WaitingCalls calls = waiting.computeIfAbsent(thread, t -> new WaitingCalls());
            for (GeminiContents.Part part : GeminiContents.parts(node, "user")) {
                SourceText partText = part.pointer().isEmpty() ? text : SourceText.of(node.at(part.pointer()).toString());
                Event e = out.message(thread, source.at(part.pointer()), partText, calls.pass(part.message(), callParts(node)), index, "");
                first = first == null ? e : first;
            }
        } catch (MalformedRecordException e) {
            out.malformed(thread, source, text, e.getMessage());
        }
        return first;
    }

    /** The indexes of the content's parts that hold a function call, in order. */
    private static List<Integer> callParts(JsonNode content) {
        List<Integer> at = new ArrayList<>();
        JsonNode parts = content.get("parts");
        for (int i = 0; i < parts.size(); i++) {
            JsonNode p = parts.get(i);
            JsonNode call = p.has("function_call") ? p.get("function_call") : p.path("functionCall");
            if (!call.isMissingNode() && !call.isNull()) {
                at.add(i);
            }
        }
        return at;
    }

    private void system(String thread, JsonNode node, SourceRef source) {
        try {
            String text = node.isTextual() ? node.textValue()
                    : node.isObject() && node.path("parts").isArray()
                    ? GeminiContents.messages(node, "system").get(0).content() : null;
            if (text == null) {
                throw JsonFields.wrongType("systemInstruction", node, "a content");
            }
            out.instructions(thread, source, node.toString(), new Message("system", text,
                    List.of(), ""), "");
        } catch (MalformedRecordException e) {
            out.malformed(thread, source, node.toString(), e.getMessage());
        }
    }

    /**
     * A response: its first candidate's content is the model's answer, a call of its {@code modelVersion} billed its
     * {@code usageMetadata}, after which the thread ends; the rest of the response (the other candidates whole) is a
     * {@code response} record.
     */
    private void response(String thread, ObjectNode response, SourceRef source) {
        ObjectNode rest = response.deepCopy();
        JsonNode candidates = response.get("candidates");
        JsonNode content = candidates.path(0).path("content");
        if (content.isObject()) {
            Event answer = content(thread, content, source.at("/candidates/0/content"), SourceText.of(content.toString()),
                    OptionalInt.empty(), true);
            if (answer != null) {
                JsonNode usage = response.has("usageMetadata") ? response.get("usageMetadata")
                        : response.path("usage_metadata");
                String model = response.has("modelVersion") ? response.path("modelVersion").asText("")
                        : response.path("model_version").asText("");
                String id = response.has("responseId") ? response.path("responseId").asText("")
                        : response.path("response_id").asText("");
                out.modelCall(new ModelCall(answer, model, ProviderUsage.gemini(usage), OptionalInt.empty(),
                        ProviderUsage.geminiBill(id, usage)));
                out.endsAtLoneResponse(thread);
            }
            ((ObjectNode) rest.get("candidates").get(0)).remove("content");
        }
        out.json(RESPONSE, thread, source, rest.toString(), JsonValues.from(rest));
    }

    @Override
    public String threadOfBrokenLine(int line) {
        return "line " + line;
    }

    @Override
    public String lastThread() {
        return lastThread;
    }

    /** A one-object document's members are all known once it is read (or broke). */
    @Override
    public void end(JsonRecordReader reader) {
        if (layout == JsonLayout.OBJECT && reader.brokeInside("/contents")) {
            // A request is written whole: the contents after the last one read were sent, and are lost here.
            out.historyCutShort(SINGLE_THREAD);
        }
        if (layout != JsonLayout.OBJECT || members.isEmpty()) {
            return;
        }
        SourceRef whole = new SourceRef(out.file(), reader.documentFirstLine(),
                Math.max(reader.documentFirstLine(), reader.documentLastLine()));
        if (isResponse(members)) {
            response(SINGLE_THREAD, members.deepCopy(), whole);
        } else {
            out.json(REQUEST, SINGLE_THREAD, whole, members.toString(), JsonValues.from(members));
        }
        members.removeAll();
    }
}
