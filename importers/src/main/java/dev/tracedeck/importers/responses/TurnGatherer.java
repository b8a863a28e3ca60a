package dev.tracedeck.importers.responses;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenAI Responses items, one at a time, into the messages of a history, as {@code openai-responses} reads them and
 * every format that records Responses items inside something else (a Langfuse generation, an SDK's recorded HTTP
 * exchange): the consecutive items of one assistant turn — its text, reasoning and calls, until a call is followed by
 * something that is not one — are one assistant message with all its calls, silent when no {@code message} item is
 * among them (the Responses pairing doesn't count it as a turn); other messages and each call's output are one
 * message each ({@link ResponseItems}). Each item comes with a tag of the caller's (where it is, its text), handed
 * back with what it made.
 *
 * @param <T> what the caller keeps of an item
 */
public final class TurnGatherer<T> {

    /** Where what the items make goes. */
    public interface Sink<T> {
        /** A message made of one item, or of a turn's items in their order. */
        void message(Message message, List<T> items);

        /** An item that breaks the API's shape, or is no Responses item; the reason says which. */
        void problem(String reason, JsonNode item, T tag);

        /** An item that is no message (a built-in tool's output, an item reference). */
        void record(JsonNode item, T tag);

        /**
         * An item of a type this reader does not know ({@link ResponseItems#isUnknownItem}): no message, no error, kept
         * as it is; the reason names its type.
         */
        void unknown(String reason, JsonNode item, T tag);
    }

    private final Sink<T> sink;
    private final List<T> items = new ArrayList<>();
    private final StringBuilder content = new StringBuilder();
    private final List<ToolCall> calls = new ArrayList<>();
    /** Whether a message item said something; a turn of reasoning and calls only is silent. */
    private boolean spoke;
    /** Whether the items are of a model whose provider runs the tools it reports as {@code custom_tool_call}. */
    private boolean serverRunsCustomTools;

    public TurnGatherer(Sink<T> sink) {
        this.sink = sink;
    }

    /** Reads a list of items (a request's {@code input}, a response's {@code output}), each tagged by its index. */
    public static void read(JsonNode list, Sink<Integer> sink) {
        read(list, "", sink);
    }

    /** Reads a list of items of a request or response to {@code model} ("" where it names none). */
    public static void read(JsonNode list, String model, Sink<Integer> sink) {
        TurnGatherer<Integer> gatherer = new TurnGatherer<>(sink);
        gatherer.model(model);
        for (int i = 0; i < list.size(); i++) {
            gatherer.add(list.get(i), i);
        }
        gatherer.flush();
    }

    /**
     * The model of the request or response whose items come next ("" where it names none): xAI's Grok models report the
     * built-in tools xAI ran (X search's {@code x_keyword_search}, {@code view_x_video} …) as {@code custom_tool_call}
     * items, as @ai-sdk/xai reads every one of them as run by the provider; those are placeholders in the turn, not
     * calls the client answers. OpenAI's are the client's custom tools.
     */
    public void model(String model) {
        serverRunsCustomTools = ResponseItems.customToolsRunByServer(model);
    }

    /** True while an assistant turn is being gathered. */
    public boolean gathering() {
        return !items.isEmpty();
    }

    /** One item: joins the turn being gathered, or ends it and goes on its own. */
    public void add(JsonNode node, T tag) {
        String typeProblem = node.isObject() ? ResponseItems.typeProblem(node) : null;
        if (typeProblem != null) {
            flush();
            sink.problem(typeProblem, node, tag);
            return;
        }
        if (ResponseItems.isUnknownItem(node)) {
            flush();
            sink.unknown("a Responses item of a type this reader does not know: " + node.get("type").textValue(),
                    node, tag);
            return;
        }
        if (!ResponseItems.isItem(node)) {
            flush();
            sink.problem("not a Responses item: " + (node.isObject()
                    ? "type " + (node.has("type") ? node.get("type").toString() : "missing") : JsonFields.kind(node)),
                    node, tag);
            return;
        }
        ResponseItems.Kind kind = ResponseItems.kind(node);
        try {
            if (kind == ResponseItems.Kind.TURN) {
                boolean call = ResponseItems.isCall(node)
                        && !(serverRunsCustomTools && node.path("type").asText("").equals("custom_tool_call"));
                if (!call && !calls.isEmpty()) {
                    flush();
                }
                if (call) {
                    calls.add(ResponseItems.call(node));
                } else if (node.path("type").asText("message").equals("message")) {
                    append(ResponseItems.message(node).content());
                    spoke = true;
                } else {
                    append(ResponseItems.placeholder(node));
                }
                items.add(tag);
                return;
            }
            flush();
            switch (kind) {
                case MESSAGE -> sink.message(ResponseItems.message(node), List.of(tag));
                case RESULT -> sink.message(ResponseItems.result(node), List.of(tag));
                default -> sink.record(node, tag);
            }
        } catch (MalformedRecordException e) {
            flush();
            sink.problem(e.getMessage(), node, tag);
        }
    }

    /**
     * Remembers the turn being gathered, for a flush that is taken back (the end of a file still being written): the
     * returned action puts the turn back as it was.
     */
    public Runnable checkpoint() {
        List<T> itemsThen = new ArrayList<>(items);
        String contentThen = content.toString();
        List<ToolCall> callsThen = new ArrayList<>(calls);
        boolean spokeThen = spoke;
        return () -> {
            items.clear();
            items.addAll(itemsThen);
            content.setLength(0);
            content.append(contentThen);
            calls.clear();
            calls.addAll(callsThen);
            spoke = spokeThen;
        };
    }

    /** Ends the assistant turn being gathered: one message with its text, placeholders and calls. */
    public void flush() {
        if (items.isEmpty()) {
            return;
        }
        Message message = new Message("assistant", content.toString(), List.copyOf(calls), "", !spoke);
        List<T> turn = List.copyOf(items);
        items.clear();
        calls.clear();
        content.setLength(0);
        spoke = false;
        sink.message(message, turn);
    }

    private void append(String part) {
        if (!content.isEmpty()) {
            content.append('\n');
        }
        content.append(part);
    }
}
