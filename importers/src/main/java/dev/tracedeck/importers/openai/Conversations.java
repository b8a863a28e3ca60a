package dev.tracedeck.importers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.importers.json.RepeatedMembers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import dev.tracedeck.model.text.PythonText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;

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
    Event message(String thread, JsonNode node, SourceRef source, String text) {
        return write(thread, parseMessage("", node, SourceText.of(text)), source);
    }

    /**
     * A message bound from JSON, or why it is malformed, with its text, its pointer relative to its record and its
     * content's length in code points.
     */
    record ParsedMessage(String pointer, SourceText text, Message message, String problem, int length) {
    }

    /**
     * A whole conversation as read from its tree, before it has a thread: its messages, its response's answers and
     * what else it holds (text and value), or null when it holds nothing else.
     */
    record Conversation(List<ParsedMessage> messages, JsonValue request, String requestText) {
    }

    /** A record that is one message, of a file of messages. */
    record OneMessage(ParsedMessage message) {
    }

    /**
     * What a JSON Lines line or an array element is — {@link OneMessage}, {@link Conversation}, or null for other
     * JSON — parsed without touching any import's state, so that it can run where the line was parsed.
     */
    static Object parse(JsonNode node, SourceText wholeText, Function<String, Optional<SourceText>> textAt) {
        if (OpenAiMessages.isMessage(node)) {
            return new OneMessage(parseMessage("", node, wholeText));
        }
        return isConversation(node) ? conversation(node, textAt) : null;
    }

    static ParsedMessage parseMessage(String pointer, JsonNode node, SourceText text) {
        try {
            Message message = OpenAiMessages.parse(node);
            return new ParsedMessage(pointer, text, message, "", PythonText.length(message.content()));
        } catch (MalformedRecordException e) {
            return new ParsedMessage(pointer, text, null, e.getMessage(), 0);
        }
    }

    /**
     * A conversation bound as one tree.
     *
     * @param textAt a message's text as in the file, by its pointer in the tree, when the reader kept it
     */
    static Conversation conversation(JsonNode node, Function<String, Optional<SourceText>> textAt) {
        String pointer = messagesPointer(node);
        JsonNode messages = pointer.isEmpty() ? node : node.at(pointer);
        List<ParsedMessage> parsed = new ArrayList<>(messages.size() + 1);
        if (!pointer.equals("/choices")) {
            for (int i = 0; i < messages.size(); i++) {
                String at = elementPointer(pointer, i);
                JsonNode m = messages.get(i);
                parsed.add(parseMessage(at, m, textAt.apply(at).orElseGet(() -> SourceText.of(m.toString()))));
            }
        }
        if (!node.isObject()) {
            return new Conversation(parsed, null, "");
        }
        JsonNode choices = node.path("choices");
        for (int i = 0; choices.isArray() && i < choices.size(); i++) {
            JsonNode message = choices.get(i).path("message");
            if (!message.isMissingNode()) {
                parsed.add(parseMessage("/choices/" + i + "/message", message, SourceText.of(message.toString())));
            }
        }
        return conversation(parsed, withoutMessages((ObjectNode) node, pointer));
    }

    /** A conversation of these messages whose object holds {@code rest} besides them: its request when not empty. */
    static Conversation conversation(List<ParsedMessage> messages, ObjectNode rest) {
        return rest.isEmpty() ? new Conversation(messages, null, "")
                : new Conversation(messages, REPEATED_MEMBERS.value(rest), rest.toString());
    }

    /**
     * A file of conversations repeats the same {@code tools} (and often {@code tool_choice}, {@code response_format})
     * on every line: a request's members are read once per distinct value and shared.
     */
    private static final RepeatedMembers REPEATED_MEMBERS = new RepeatedMembers();

    /** {@code /messages/3}: the pointers of the first elements of a JSON Lines line's messages, made once. */
    private static final String[] MESSAGE_POINTERS = IntStream.range(0, 512)
            .mapToObj(i -> "/messages/" + i).toArray(String[]::new);

    static String elementPointer(String pointer, int i) {
        return pointer.equals("/messages") && i < MESSAGE_POINTERS.length ? MESSAGE_POINTERS[i] : pointer + "/" + i;
    }

    /** A parsed conversation into its thread: its messages, then its request record. */
    void write(String thread, Conversation conversation, SourceRef base) {
        for (ParsedMessage m : conversation.messages()) {
            write(thread, m, at(base, m.pointer()));
        }
        if (conversation.request() != null) {
            out.json(REQUEST, thread, base, conversation.requestText(), conversation.request());
        }
    }

    /** The message's event, or null when it was malformed (kept as such). */
    Event write(String thread, ParsedMessage m, SourceRef source) {
        if (m.message() != null) {
            return out.message(thread, source, m.text(), m.message(), m.length());
        }
        out.malformed(thread, source, m.text(), m.problem());
        return null;
    }

    /** What a one-object document holds besides its messages, as one record; nothing when that is nothing. */
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

    /** {@code pointer} inside {@code base}; a JSON Lines line's elements share their pointers' strings ({@code /messages/3}). */
    static SourceRef at(SourceRef base, String pointer) {
        return new SourceRef(base.file(), base.firstLine(), base.lastLine(),
                base.pointer().isEmpty() ? pointer : base.pointer() + pointer);
    }
}
