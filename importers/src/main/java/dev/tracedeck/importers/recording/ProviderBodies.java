package dev.tracedeck.importers.recording;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.anthropic.AnthropicMessages;
import dev.tracedeck.importers.chat.ProviderUsage;
import dev.tracedeck.importers.openai.OpenAiMessages;
import dev.tracedeck.importers.responses.TurnGatherer;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * A recorded request's and response's bodies read as the provider's API: Anthropic Messages through
 * {@link AnthropicMessages}, OpenAI Chat Completions through {@link OpenAiMessages}, OpenAI Responses items through
 * {@link TurnGatherer}, as the importers of those formats read them. Which API it is comes from the request's URL
 * ({@code /v1/messages}, {@code /chat/completions}, {@code /responses}), else from the bodies' shapes.
 */
final class ProviderBodies {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    enum Api { ANTHROPIC, OPENAI_CHAT, OPENAI_RESPONSES, UNKNOWN }

    /**
     * One message of a body, or why it is malformed, or a Responses item that is no message.
     *
     * @param pointer where it is in the exchange ({@code /request/body/messages/2/content/1})
     * @param record  the type of an item that is no message ({@code web_search_call_output}), else empty
     * @param unknown an item of a type the reader does not know, kept as {@code other} with the reason in {@code problem}
     */
    record Item(String pointer, Message message, String text, String problem, String record, boolean unknown) {
        Item(String pointer, Message message, String text, String problem) {
            this(pointer, message, text, problem, "", false);
        }
    }

    private ProviderBodies() {
    }

    /** Where recorders keep a body: the SDK snapshots under {@code body}, claude-trace a text one under {@code body_raw}. */
    private static final List<String> BODY_KEYS = List.of("body", "json", "content", "body_raw");

    /**
     * A request's or response's body as the recorder kept it: a JSON value under {@code body} (or {@code json}), its
     * JSON text under {@code body} / {@code content}, or a streamed answer's events ({@link EventStreams}) assembled
     * into the body the API returns unstreamed, under any of those or {@code body_raw} (claude-trace keeps every body
     * that is not {@code application/json} there, its {@code body} left out); missing when there is none or it is
     * neither.
     */
    static JsonNode body(JsonNode holder) {
        for (String key : BODY_KEYS) {
            JsonNode v = holder.path(key);
            if (v.isContainerNode()) {
                return v;
            }
            if (v.isTextual() && EventStreams.isEventStream(v.textValue())) {
                Optional<JsonNode> streamed = EventStreams.assemble(v.textValue());
                if (streamed.isPresent()) {
                    return streamed.get();
                }
            } else if (v.isTextual()) {
                try {
                    JsonNode parsed = MAPPER.readTree(v.textValue());
                    if (parsed != null && parsed.isContainerNode()) {
                        return parsed;
                    }
                } catch (JsonProcessingException e) {
                    // Not JSON (a form, plain text): no body to read.
                }
            }
        }
        return MAPPER.missingNode();
    }

    /**
     * The text of a body the recorder kept that {@link #body} could not read (neither JSON nor the events of an API),
     * to keep and say so; empty when there is none.
     */
    static Optional<String> unreadBody(JsonNode holder) {
        if (!body(holder).isMissingNode()) {
            return Optional.empty();
        }
        return BODY_KEYS.stream().map(holder::path).filter(v -> v.isTextual() && !v.textValue().isBlank())
                .map(JsonNode::textValue).findFirst();
    }

    static Api api(String url, JsonNode request, JsonNode response) {
        if (url.contains("/chat/completions")) {
            return Api.OPENAI_CHAT;
        }
        if (url.contains("/messages")) {
            return Api.ANTHROPIC;
        }
        if (url.contains("/responses")) {
            return Api.OPENAI_RESPONSES;
        }
        if (response.path("type").asText("").equals("message") || request.has("system") || request.has("anthropic_version")) {
            return Api.ANTHROPIC;
        }
        if (response.has("choices") || request.path("messages").isArray()) {
            return Api.OPENAI_CHAT;
        }
        return request.has("input") || response.path("object").asText("").equals("response") ? Api.OPENAI_RESPONSES
                : Api.UNKNOWN;
    }

    /**
     * The request's messages, in their order; an Anthropic message's tool results and text are parts of their own; a
     * Responses request's {@code input}, a string (the user's message) or a list of items.
     */
    static List<Item> requestMessages(Api api, JsonNode body, String base) {
        if (api == Api.OPENAI_RESPONSES) {
            JsonNode input = body.path("input");
            if (input.isTextual()) {
                return List.of(new Item(base + "/input", Message.text("user", input.textValue()), input.toString(), ""));
            }
            return responseItems(input, body.path("model").asText(""), base + "/input");
        }
        List<Item> items = new ArrayList<>();
        JsonNode messages = body.path("messages");
        for (int i = 0; i < messages.size(); i++) {
            items.addAll(message(api, messages.get(i), base + "/messages/" + i));
        }
        return items;
    }

    /**
     * The answer a response holds: Anthropic's message, every Chat Completions choice's message, a Responses
     * {@code output}'s items.
     */
    static List<Item> responseMessages(Api api, JsonNode body, String base) {
        if (api == Api.OPENAI_RESPONSES) {
            return responseItems(body.path("output"), body.path("model").asText(""), base + "/output");
        }
        if (api == Api.ANTHROPIC) {
            return AnthropicMessages.isMessage(body) ? message(api, body, base) : List.of();
        }
        List<Item> items = new ArrayList<>();
        JsonNode choices = body.path("choices");
        for (int i = 0; i < choices.size(); i++) {
            if (choices.get(i).path("message").isObject()) {
                items.addAll(message(api, choices.get(i).get("message"), base + "/choices/" + i + "/message"));
            }
        }
        return items;
    }

    /** The model call the response records at {@code answer}: its model, usage and bill. */
    static ModelCall call(Api api, Event answer, JsonNode response) {
        return api == Api.ANTHROPIC ? ProviderUsage.anthropicCall(answer, response)
                : new ModelCall(answer, response.path("model").asText(""), usage(api, response), OptionalInt.empty(),
                        bill(api, response));
    }

    /** What the response was billed, every kind its usage holds. */
    static Optional<BilledUsage> bill(Api api, JsonNode response) {
        return api == Api.ANTHROPIC ? ProviderUsage.anthropicBill(response)
                : ProviderUsage.openAiBill(response.path("id").asText(""), response.get("usage"));
    }

    static Optional<TokenUsage> usage(Api api, JsonNode response) {
        return api == Api.ANTHROPIC ? ProviderUsage.anthropicResponse(response) : ProviderUsage.openAi(response.get("usage"));
    }

    /**
     * The top-level {@code system} of an Anthropic request or the {@code instructions} of a Responses one, as a system
     * message; empty for none.
     */
    static Optional<Item> system(Api api, JsonNode body, String base) {
        JsonNode instructions = body.path("instructions");
        if (api == Api.OPENAI_RESPONSES && instructions.isTextual()) {
            return Optional.of(new Item(base + "/instructions", Message.text("system", instructions.textValue()),
                    instructions.toString(), ""));
        }
        if (api != Api.ANTHROPIC || !body.has("system")) {
            return Optional.empty();
        }
        JsonNode system = body.get("system");
        try {
            return Optional.of(new Item(base + "/system", AnthropicMessages.system(system), system.toString(), ""));
        } catch (MalformedRecordException e) {
            return Optional.of(new Item(base + "/system", null, system.toString(), "system: " + e.getMessage()));
        }
    }

    /**
     * A list of Responses items as {@code openai-responses} reads them ({@link TurnGatherer}): an assistant turn's
     * items are one message, pointed at and shown by its first item and its items' texts joined.
     */
    private static List<Item> responseItems(JsonNode list, String model, String pointer) {
        List<Item> items = new ArrayList<>();
        if (!list.isArray()) {
            return items;
        }
        TurnGatherer.read(list, model, new TurnGatherer.Sink<>() {
            @Override
            public void message(Message message, List<Integer> turn) {
                String text = turn.stream().map(i -> list.get(i).toString()).collect(Collectors.joining("\n"));
                items.add(new Item(pointer + "/" + turn.get(0), message, text, ""));
            }

            @Override
            public void problem(String reason, JsonNode item, Integer index) {
                items.add(new Item(pointer + "/" + index, null, item.toString(), reason));
            }

            @Override
            public void record(JsonNode item, Integer index) {
                items.add(new Item(pointer + "/" + index, null, item.toString(), "", item.path("type").asText("item"),
                        false));
            }

            @Override
            public void unknown(String reason, JsonNode item, Integer index) {
                items.add(new Item(pointer + "/" + index, null, item.toString(), reason, "", true));
            }
        });
        return items;
    }

    private static List<Item> message(Api api, JsonNode node, String pointer) {
        String text = node.toString();
        if (api == Api.ANTHROPIC) {
            try {
                List<Item> parts = new ArrayList<>();
                for (AnthropicMessages.Part part : AnthropicMessages.parse(node)) {
                    String partText = part.pointer().isEmpty() ? text : node.at(part.pointer()).toString();
                    parts.add(new Item(pointer + part.pointer(), part.message(), partText, ""));
                }
                return parts;
            } catch (MalformedRecordException e) {
                return List.of(new Item(pointer, null, text, e.getMessage()));
            }
        }
        try {
            return List.of(new Item(pointer, OpenAiMessages.parse(node), text, ""));
        } catch (MalformedRecordException e) {
            return List.of(new Item(pointer, null, text, e.getMessage()));
        }
    }
}
