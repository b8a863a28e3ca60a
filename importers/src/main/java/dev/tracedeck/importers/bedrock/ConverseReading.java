package dev.tracedeck.importers.bedrock;

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
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.OptionalInt;

/** One Converse import's state: what each item means depends on the layout and on what came before. */
final class ConverseReading implements JsonImport.Records {

    static final String SINGLE_THREAD = "conversation";
    static final String REQUEST = "request";
    static final String RESPONSE = "response";

    private final ChatTraceWriter out;
    private final JsonLayout layout;
    private final ObjectNode members = JsonNodeFactory.instance.objectNode();
    private String lastThread = SINGLE_THREAD;

    ConverseReading(ChatTraceWriter out, JsonLayout layout) {
        this.out = out;
        this.layout = layout;
    }

    @Override
    public void value(JsonItem.Value value, SourceRef source) {
        if (layout != JsonLayout.OBJECT) {
            String fallback = layout == JsonLayout.LINES ? "line " + value.firstLine() : "item " + value.pointer().substring(1);
            record(value, source, fallback);
        } else if (value.member().equals("messages") && !value.node().isArray() && value.pointer().lastIndexOf('/') == 0) {
            out.malformed(SINGLE_THREAD, source, value.sourceText(),
                    "a Converse request whose messages is " + JsonFields.kind(value.node()) + ", not a list");
        } else if (value.member().equals("messages") && value.pointer().lastIndexOf('/') > 0) {
            int index = Integer.parseInt(value.pointer().substring(value.pointer().lastIndexOf('/') + 1));
            message(SINGLE_THREAD, value.node(), source, value.sourceText(), OptionalInt.of(index));
        } else if (value.member().equals("system")) {
            system(SINGLE_THREAD, value.node(), source);
        } else {
            members.set(value.member(), value.node());
        }
    }

    /** A JSON Lines line or an element of a top-level array: a request or a response, each a thread of its own. */
    private void record(JsonItem.Value value, SourceRef source, String fallback) {
        JsonNode node = value.node();
        lastThread = fallback;
        String broken = brokenRequestOrResponse(node);
        if (broken != null) {
            out.malformed(fallback, source, value.sourceText(), broken);
        } else if (isRequest(node)) {
            if (node.has("system")) {
                system(fallback, node.get("system"), source.at("/system"));
            }
            JsonNode messages = node.get("messages");
            for (int i = 0; i < messages.size(); i++) {
                JsonNode m = messages.get(i);
                SourceText text = value.textAt("/messages/" + i).orElseGet(() -> SourceText.of(m.toString()));
                message(fallback, m, source.at("/messages/" + i), text, OptionalInt.of(i));
            }
            ObjectNode rest = ((ObjectNode) node).deepCopy();
            rest.remove("messages");
            rest.remove("system");
            out.json(REQUEST, fallback, source, rest.toString(), JsonValues.from(rest));
        } else if (isResponse(node)) {
            response(fallback, (ObjectNode) node, source);
        } else {
            out.other(source, value.sourceText(), "valid JSON, but neither a Converse request nor a response");
        }
    }

    /**
     * Why a value that is a Converse request or response by its members can't be read as one (a {@code messages} that
     * is no list; a response's {@code output} or {@code output.message} that is no object); null when it can, or when
     * it is neither. A response is told by its {@code stopReason} or {@code usage} beside {@code output}.
     */
    private static String brokenRequestOrResponse(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        if (node.has("messages") && !node.get("messages").isArray()) {
            return "a Converse request whose messages is " + JsonFields.kind(node.get("messages")) + ", not a list";
        }
        if (!node.has("output") || !node.has("stopReason") && !node.has("usage")) {
            return null;
        }
        JsonNode output = node.get("output");
        if (!output.isObject()) {
            return "a Converse response whose output is " + JsonFields.kind(output) + ", not an object";
        }
        if (output.has("message") && !output.get("message").isObject()) {
            return "a Converse response whose output.message is " + JsonFields.kind(output.get("message"))
                    + ", not an object";
        }
        return null;
    }

    private static boolean isRequest(JsonNode node) {
        return node.isObject() && node.path("messages").isArray();
    }

    static boolean isResponse(JsonNode node) {
        return node.isObject() && node.path("output").path("message").isObject();
    }

    private Event message(String thread, JsonNode node, SourceRef source, SourceText text, OptionalInt index) {
        Event first = null;
        try {
            for (ConverseMessages.Part part : ConverseMessages.parse(node)) {
                SourceText partText = part.pointer().isEmpty() ? text : SourceText.of(node.at(part.pointer()).toString());
                Event e = out.message(thread, source.at(part.pointer()), partText, part.message(), index, "");
                first = first == null ? e : first;
            }
        } catch (MalformedRecordException e) {
            out.malformed(thread, source, text, e.getMessage());
        }
        return first;
    }

    private void system(String thread, JsonNode node, SourceRef source) {
        try {
            out.instructions(thread, source, node.toString(), ConverseMessages.system(node), "");
        } catch (MalformedRecordException e) {
            out.malformed(thread, source, node.toString(), e.getMessage());
        }
    }

    /**
     * A response: {@code output.message} is the model's answer, a call billed its {@code usage} (the model is the
     * request's {@code modelId}, which the response does not repeat: named where the file holds it), after which the
     * thread ends; the rest of the response is a {@code response} record.
     */
    private void response(String thread, ObjectNode response, SourceRef source) {
        JsonNode message = response.path("output").path("message");
        Event answer = message(thread, message, source.at("/output/message"), SourceText.of(message.toString()),
                OptionalInt.empty());
        if (answer != null) {
            JsonNode usage = response.path("usage");
            String id = response.path("ResponseMetadata").path("RequestId").asText("");
            out.modelCall(new ModelCall(answer, response.path("modelId").asText(""), ProviderUsage.converse(usage),
                    OptionalInt.empty(), ProviderUsage.converseBill(id, usage)));
            out.endsAtLoneResponse(thread);
        }
        ObjectNode rest = response.deepCopy();
        ((ObjectNode) rest.get("output")).remove("message");
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
        if (layout == JsonLayout.OBJECT && reader.brokeInside("/messages")) {
            // A request is written whole: the messages after the last one read were sent, and are lost here.
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
