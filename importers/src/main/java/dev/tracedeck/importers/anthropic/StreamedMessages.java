package dev.tracedeck.importers.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.chat.ProviderUsage;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.source.SourceText;
import java.util.ArrayList;
import java.util.List;

/**
 * The events of streamed answers one a line, as a client that logs its stream writes them (the Vercel AI SDK's
 * recorded chunks): each event a record named by its type, each message (from its {@code message_start} to its
 * {@code message_stop}, or to the next {@code message_start} of another id where a stream was cut and started again)
 * a thread of its own named by the message's id, since the log holds answers only, never the requests between them.
 * Its answer is the message the events make ({@link MessageStream}), over their lines: a call of its model billed its
 * usage, and the thread ends at it. An {@code error} event is an error record saying the request failed.
 */
final class StreamedMessages {

    static final String THREAD = AnthropicReading.SINGLE_THREAD;

    private final ChatTraceWriter out;
    private final List<JsonNode> events = new ArrayList<>();
    private boolean open;
    private String messageId = "";
    private int from;
    private int to;

    StreamedMessages(ChatTraceWriter out) {
        this.out = out;
    }

    /** One event: its record, written as it comes, and gathered with the others of its message; its thread. */
    String event(JsonNode node, SourceText text, SourceRef source) {
        String problem = MessageStream.problem(node);
        String id = problem == null ? MessageStream.messageId(node) : "";
        if (!id.isEmpty() && !id.equals(messageId)) {
            finish();
            messageId = id;
        }
        if (!open) {
            from = source.firstLine();
            open = true;
        }
        to = source.lastLine();
        String thread = thread();
        String type = node.path("type").asText("");
        if (problem != null) {
            out.malformed(thread, source, text, problem);
        } else if (type.equals(MessageStream.ERROR)) {
            out.error(MessageStream.ERROR, thread, source, text, MessageStream.failure(node), "");
        } else {
            events.add(node);
            out.json(type, thread, source, text, JsonValues.from(node), "");
        }
        if (type.equals(MessageStream.STOP)) {
            finish();
        }
        return thread;
    }

    /** True while the events of a message that has not stopped wait for the rest. */
    boolean open() {
        return open;
    }

    private String thread() {
        return messageId.isEmpty() ? THREAD : messageId;
    }

    /** The message the gathered events make (what came of it, for a stream cut short), once it stopped. */
    void finish() {
        if (events.stream().anyMatch(e -> e.path("type").asText().equals(MessageStream.START))) {
            answer(thread(), MessageStream.assemble(events));
        }
        events.clear();
        open = false;
        messageId = "";
    }

    private void answer(String thread, JsonNode message) {
        SourceRef lines = new SourceRef(out.file(), from, to);
        Event first = null;
        try {
            List<AnthropicMessages.Part> parts = AnthropicMessages.parse(message);
            ServerCompaction.write(out, thread, message, lines);
            for (AnthropicMessages.Part part : parts) {
                Event e = out.message(thread, lines, SourceText.of(message.toString()), part.message());
                first = first == null ? e : first;
            }
        } catch (MalformedRecordException e) {
            out.malformed(thread, lines, SourceText.of(message.toString()), e.getMessage());
            return;
        }
        if (first != null) {
            out.modelCall(ProviderUsage.anthropicCall(first, message));
            out.endsAtLoneResponse(thread);
        }
    }
}
