package dev.tracedeck.importers.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload.ConversationMessage;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Streamed answers assembled from their server-sent events. */
class EventStreamsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static List<Message> answer(ProviderBodies.Api api, String events) {
        JsonNode body = EventStreams.assemble(events).orElseThrow();
        return ProviderBodies.responseMessages(api, body, "").stream().map(ProviderBodies.Item::message).toList();
    }

    /** A streamed Messages answer in the event shapes Anthropic's streaming guide documents. */
    static final String ANTHROPIC_STREAM = String.join("\n\n",
            "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_01S\",\"type\":\"message\","
                    + "\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":[],\"stop_reason\":null,"
                    + "\"usage\":{\"input_tokens\":473,\"output_tokens\":1}}}",
            "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}",
            "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Let me look \"}}",
            "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"that up.\"}}",
            "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}",
            "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\","
                    + "\"id\":\"toolu_01S\",\"name\":\"get_weather\",\"input\":{}}}",
            "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\","
                    + "\"partial_json\":\"{\\\"location\\\": \\\"Oslo\"}}",
            "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\","
                    + "\"partial_json\":\"\\\"}\"}}",
            "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1}",
            "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\",\"stop_sequence\":null},"
                    + "\"usage\":{\"output_tokens\":93}}",
            "event: message_stop\ndata: {\"type\":\"message_stop\"}", "");

    @Test
    void aStreamedAnthropicAnswerAssemblesIntoItsMessageCallAndUsage() {
        List<Message> answer = answer(ProviderBodies.Api.ANTHROPIC, ANTHROPIC_STREAM);
        assertEquals("Let me look that up.", answer.get(0).content());
        Message call = answer.get(answer.size() - 1);
        assertEquals("toolu_01S", call.toolCalls().get(0).id());
        assertEquals("Oslo", call.toolCalls().get(0).arguments().orElseThrow().get("location").flatMap(v -> v.asText()).orElseThrow());
        JsonNode body = EventStreams.assemble(ANTHROPIC_STREAM).orElseThrow();
        assertEquals(Optional.of(TokenUsage.anthropic(473, 0, 0, 93)), ProviderBodies.usage(ProviderBodies.Api.ANTHROPIC, body));
        assertEquals("tool_use", body.path("stop_reason").asText());
    }

    @Test
    void anAnthropicStreamThatFailedBeforeItsMessageStartedIsABodyWithItsError() {
        String failed = "event: ping\ndata: {\"type\":\"ping\"}\n\nevent: error\ndata: {\"type\":\"error\","
                + "\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n";
        JsonNode body = EventStreams.assemble(failed).orElseThrow();
        assertEquals("Overloaded", body.path("error").path("message").asText());
        assertEquals(0, body.path("content").size());
    }

    /** Chat Completions chunks in the API reference's shapes, the usage in the last chunk before {@code [DONE]}. */
    static final String CHAT_STREAM = String.join("\n\n",
            "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-2024-08-06\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Let me \"},\"finish_reason\":null}]}",
            "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-2024-08-06\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"check.\"},\"finish_reason\":null}]}",
            "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-2024-08-06\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_w1\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}",
            "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-2024-08-06\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\"}}]},\"finish_reason\":null}]}",
            "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-2024-08-06\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"\\\"Oslo\\\"}\"}}]},\"finish_reason\":null}]}",
            "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-2024-08-06\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
            "data: {\"id\":\"chatcmpl-9\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o-2024-08-06\",\"choices\":[],\"usage\":{\"prompt_tokens\":40,\"completion_tokens\":19,\"total_tokens\":59}}",
            "data: [DONE]", "");

    @Test
    void chatCompletionChunksJoinTheirContentAndEachCallsArguments() {
        List<Message> answer = answer(ProviderBodies.Api.OPENAI_CHAT, CHAT_STREAM);
        assertEquals(1, answer.size());
        assertEquals("Let me check.", answer.get(0).content());
        assertEquals("call_w1", answer.get(0).toolCalls().get(0).id());
        assertEquals("{\"city\":\"Oslo\"}", answer.get(0).toolCalls().get(0).rawArguments());
        JsonNode body = EventStreams.assemble(CHAT_STREAM).orElseThrow();
        assertEquals(Optional.of(TokenUsage.openAi(40, 0, 19)), ProviderBodies.usage(ProviderBodies.Api.OPENAI_CHAT, body));
    }

    /** Responses events: the added item, its text deltas, and the completed response with the whole answer. */
    static final String RESPONSES_STREAM = String.join("\n\n",
            "event: response.created\ndata: {\"type\":\"response.created\",\"sequence_number\":0,\"response\":{\"id\":\"resp_7\",\"object\":\"response\",\"status\":\"in_progress\",\"model\":\"gpt-4.1-2025-04-14\",\"output\":[],\"usage\":null}}",
            "event: response.output_item.added\ndata: {\"type\":\"response.output_item.added\",\"sequence_number\":1,\"output_index\":0,\"item\":{\"id\":\"msg_7\",\"type\":\"message\",\"status\":\"in_progress\",\"role\":\"assistant\",\"content\":[]}}",
            "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"sequence_number\":2,\"item_id\":\"msg_7\",\"output_index\":0,\"content_index\":0,\"delta\":\"Hello\"}",
            "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"sequence_number\":3,\"item_id\":\"msg_7\",\"output_index\":0,\"content_index\":0,\"delta\":\" there!\"}",
            "event: response.completed\ndata: {\"type\":\"response.completed\",\"sequence_number\":4,\"response\":{\"id\":\"resp_7\",\"object\":\"response\",\"status\":\"completed\",\"model\":\"gpt-4.1-2025-04-14\",\"output\":[{\"id\":\"msg_7\",\"type\":\"message\",\"status\":\"completed\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\"Hello there!\",\"annotations\":[]}]}],\"usage\":{\"input_tokens\":9,\"input_tokens_details\":{\"cached_tokens\":0},\"output_tokens\":3,\"total_tokens\":12}}}",
            "");

    @Test
    void responsesEventsGiveTheCompletedResponseOrTheItemsStreamedSoFar() {
        assertEquals("Hello there!", answer(ProviderBodies.Api.OPENAI_RESPONSES, RESPONSES_STREAM).get(0).content());
        String cut = RESPONSES_STREAM.substring(0, RESPONSES_STREAM.indexOf("event: response.completed"));
        assertEquals("Hello there!", answer(ProviderBodies.Api.OPENAI_RESPONSES, cut).get(0).content());
    }

    @Test
    void aRecordedStreamedAnswerIsTheModelCallOfItsExchange() throws Exception {
        String exchange = MAPPER.createObjectNode().<com.fasterxml.jackson.databind.node.ObjectNode>set("request",
                MAPPER.readTree("{\"method\":\"POST\",\"url\":\"https://api.openai.com/v1/chat/completions\",\"body\":"
                        + "{\"model\":\"gpt-4o\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"Oslo weather?\"}]}}"))
                .set("response", MAPPER.createObjectNode().put("status_code", 200).put("body", CHAT_STREAM)).toString();
        Trace trace = RecordingResponsesTest.read(exchange);
        List<String> roles = trace.events().stream().map(Event::payload).filter(p -> p instanceof ConversationMessage)
                .map(p -> ((ConversationMessage) p).message().role()).toList();
        assertEquals(List.of("user", "assistant"), roles);
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals("gpt-4o-2024-08-06", calls.get(0).model());
        assertTrue(calls.get(0).usage().isPresent());
    }
}
