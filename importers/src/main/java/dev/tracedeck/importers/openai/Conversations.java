package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns OpenAI records into thread events through the shared {@link ChatTraceWriter}: single messages, and whole
 * conversations bound as one tree (a JSON Lines line, an element of a top-level array). A conversation is a
 * list of messages, or an object with {@code messages} at the top, under {@code body} (a Batch API input line)
 * or under {@code input} (a preference fine-tuning line); a response's {@code choices[].message} follow the
 * request's messages. Everything else the object holds — {@code model}, {@code tools}, {@code tool_choice},
 * {@code custom_id} … — is kept as one {@code request} record after the conversation's messages.
 */
final class Conversations {

    static final String REQUEST = "request";
    private static final List<String> MESSAGE_HOLDERS = List.of("", "body", "input");
    private static final List<List<String>> ID_FIELDS = List.of(List.of("custom_id"), List.of("conversation_id"),
            List.of("id"), List.of("metadata", "conversation_id"), List.of("metadata", "session_id"));

    private final ChatTraceWriter out;
    private final Set<String> threadIds = new HashSet<>();

    Conversations(ChatTraceWriter out) {
        this.out = out;
    }

    /** Where a conversation keeps its messages ({@code ""} for a list, {@code "/body/messages"} …), or null. */
    static String messagesPointer(JsonNode node) {
        if (node.isArray()) {
            return node.size() > 0 && OpenAiMessages.isMessage(node.get(0)) ? "" : null;
        }
        for (String holder : MESSAGE_HOLDERS) {
            JsonNode at = holder.isEmpty() ? node : node.path(holder);
            if (at.path("messages").isArray()) {
                return (holder.isEmpty() ? "" : "/" + holder) + "/messages";
            }
        }
        return node.path("choices").isArray() ? "/choices" : null;
    }

    /** True for a record that is one conversation. */
    static boolean isConversation(JsonNode node) {
        return messagesPointer(node) != null;
    }

    /**
     * A thread name for a conversation: its id field when it has one no other conversation used, else
     * {@code fallback} ("line 12", "item 3").
     */
    String threadId(JsonNode node, String fallback) {
        for (List<String> path : ID_FIELDS) {
            JsonNode v = node;
            for (String key : path) {
                v = v.path(key);
            }
            if ((v.isTextual() && !v.textValue().isBlank()) || v.isIntegralNumber()) {
                String id = v.asText();
                if (threadIds.add(id)) {
                    return id;
                }
                break;
            }
        }
        threadIds.add(fallback);
        return fallback;
    }

    /** One message record in {@code thread}; a message whose fields don't parse is kept malformed. */
    void message(String thread, JsonNode node, SourceRef source, String text) {
        try {
            Message message = OpenAiMessages.parse(node);
            out.message(thread, source, text, message);
        } catch (MalformedMessageException e) {
            out.malformed(thread, source, text, e.getMessage());
        }
    }

    /**
     * A whole conversation bound as one tree, into its own thread.
     *
     * @param base   where the tree is: its lines and its pointer in the file ("" for a JSON Lines line)
     * @param textAt a message's text as in the file, by its pointer in the tree, when the reader kept it
     */
    void conversation(String thread, JsonNode node, SourceRef base, Function<String, Optional<String>> textAt) {
        String pointer = messagesPointer(node);
        JsonNode messages = pointer.isEmpty() ? node : node.at(pointer);
        if (!pointer.equals("/choices")) {
            for (int i = 0; i < messages.size(); i++) {
                String at = pointer + "/" + i;
                JsonNode m = messages.get(i);
                message(thread, m, at(base, at), textAt.apply(at).orElseGet(m::toString));
            }
        }
        if (node.isObject()) {
            choices(thread, node.path("choices"), base);
            request(thread, withoutMessages((ObjectNode) node, pointer), base);
        }
    }

    /** A response's choices: each {@code choices[i].message} ends the conversation. */
    void choices(String thread, JsonNode choices, SourceRef base) {
        for (int i = 0; choices.isArray() && i < choices.size(); i++) {
            JsonNode message = choices.get(i).path("message");
            if (!message.isMissingNode()) {
                message(thread, message, at(base, "/choices/" + i + "/message"), message.toString());
            }
        }
    }

    /** What a conversation holds besides its messages, as one record; nothing when that is nothing. */
    void request(String thread, ObjectNode rest, SourceRef source) {
        if (rest.isEmpty()) {
            return;
        }
        out.json(REQUEST, thread, source, rest.toString(), JsonValues.from(rest));
    }

    /** The conversation's other members; only the objects on the way to the messages are copied, not the messages. */
    private static ObjectNode withoutMessages(ObjectNode node, String pointer) {
        ObjectNode copy = shallowCopy(node);
        if (pointer.equals("/messages")) {
            copy.remove("messages");
        } else if (pointer.endsWith("/messages")) {
            String holder = pointer.substring(1, pointer.length() - "/messages".length());
            if (copy.get(holder) instanceof ObjectNode inner) {
                ObjectNode held = shallowCopy(inner);
                held.remove("messages");
                copy.set(holder, held);
            }
        }
        return copy;
    }

    private static ObjectNode shallowCopy(ObjectNode node) {
        ObjectNode copy = node.objectNode();
        node.fields().forEachRemaining(e -> copy.set(e.getKey(), e.getValue()));
        return copy;
    }

    static SourceRef at(SourceRef base, String pointer) {
        return new SourceRef(base.file(), base.firstLine(), base.lastLine(), base.pointer() + pointer);
    }
}
