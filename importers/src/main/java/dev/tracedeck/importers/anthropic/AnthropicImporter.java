package dev.tracedeck.importers.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.json.JsonTraceImporter;
import dev.tracedeck.importers.json.JsonTraceRead;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.model.trace.Trace;
import java.util.Set;

/**
 * Imports Anthropic Messages API histories ({@value #FORMAT_ID}): a request body ({@code model}, {@code system},
 * {@code messages}, {@code tools}; Bedrock's {@code anthropic_version} too), a response ({@code type: message},
 * {@code role}, {@code content}, {@code stop_reason}), a messages array, JSON Lines of messages (one thread), or
 * JSON Lines / an array of whole requests (Message Batches lines keep theirs under {@code params}), each its own
 * thread named by {@code custom_id} or {@code id}, else {@code line 12} / {@code item 3}. A single history is the
 * thread {@code conversation}. The events of streamed answers one a line are a thread per message
 * ({@link StreamedMessages}).
 *
 * <p>Messages map as {@link AnthropicMessages} says: an assistant message is one event with its calls; a user
 * message with {@code tool_result} blocks is one event per result and per run of other blocks, each with its own
 * pointer ({@code /messages/3/content/1}) and the message's index (3). The top-level {@code system} prompt is a
 * {@code system} message with no index, where the file has it: the SDKs write request bodies with their keys
 * sorted, so it often follows {@code messages}; streaming can't move it, and the rules leave it out of the order.
 * Everything else a request holds ({@code model}, {@code tools}, {@code max_tokens} …) is one {@code request}
 * record after its messages.
 *
 * <p>Streams like {@code openai-chat}: a document's {@code messages} one at a time, JSON Lines one line at a time;
 * a line that is not JSON is a malformed record with its line and column and the import goes on; a document that
 * stops parsing, a last line cut inside its value or a {@code .gz} cut short ends with a {@code CUT_SHORT} record.
 */
public final class AnthropicImporter implements JsonTraceImporter {

    public static final String FORMAT_ID = "anthropic";

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * 0 unless the head is JSON whose message roles are only {@code user} and {@code assistant} (a {@code system},
     * {@code tool}, {@code developer} or {@code function} role, or {@code tool_calls}, is OpenAI's shape) and that
     * has no Claude Code session fields. Sure (92) with {@code tool_use}/{@code tool_result} blocks or
     * {@code tool_use_id}, or Bedrock's {@code anthropic_version}; 89 for a request with a top-level {@code system}
     * beside {@code messages} (OpenAI keeps it in the list), a stream's {@code message_start}, a Message Batches line ({@code custom_id}, {@code params}), a response's {@code stop_reason}, {@code thinking} or
     * base64 {@code image} blocks with a {@code source}; 40 for plain user/assistant messages, which OpenAI's
     * importer reads as well.
     */
    @Override
    public int confidence(JsonHead h, String head) {
        if (h.hasName("lc") || h.hasName("resourceSpans") || h.hasTopLevelName("sessionId")
                || h.hasTopLevelName("parentUuid") || h.hasTopLevelName("session_id")) {
            return 0;
        }
        Set<String> roles = h.valuesOf("role");
        if (roles.stream().anyMatch(r -> !r.equals("user") && !r.equals("assistant"))
                || h.hasName("tool_calls") || h.hasName("tool_call_id") || h.hasName("function_call")) {
            return 0;
        }
        boolean response = h.hasValue("type", "message") && h.hasName("stop_reason");
        if (roles.isEmpty() && !response) {
            return 0;
        }
        if (h.hasValue("type", "tool_use") || h.hasValue("type", "tool_result") || h.hasName("tool_use_id")
                || h.hasName("anthropic_version")) {
            return 92;
        }
        if ((h.hasTopLevelName("system") && h.hasName("messages")) || h.hasName("stop_reason")
                || (h.hasTopLevelName("custom_id") && h.hasName("params"))
                || h.hasValue("type", "thinking") || h.hasValue("type", "redacted_thinking")
                || h.hasValue("type", MessageStream.START)
                || (h.hasValue("type", "image") && h.hasName("media_type"))) {
            return 89;
        }
        return 40;
    }

    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        JsonTraceRead<AnthropicReading> read = JsonTraceRead.read(source, listener, Set.of("messages"),
                AnthropicReading::new);
        if (read.out().messages() == 0) {
            throw read.notThisFormat("Anthropic message");
        }
        return read.trace(FORMAT_ID);
    }

    /** For the reading state: a fresh, empty object. */
    static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    static boolean isResponse(JsonNode node) {
        return node.isObject() && node.path("type").asText("").equals("message") && AnthropicMessages.isMessage(node);
    }
}
