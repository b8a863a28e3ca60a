package dev.tracedeck.importers.responses;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** xAI's Responses API reports the built-in tools it ran as {@code custom_tool_call} items, answered by nothing. */
class XaiBuiltInToolsTest {

    private static final String OUTPUT = "[{\"type\":\"custom_tool_call\",\"call_id\":\"xs_call_1\",\"name\":\"x_keyword_search\","
            + "\"input\":\"{\\\"query\\\":\\\"from:example\\\"}\",\"id\":\"ctc_1\",\"status\":\"completed\"},"
            + "{\"type\":\"message\",\"role\":\"assistant\",\"status\":\"completed\",\"id\":\"msg_1\","
            + "\"content\":[{\"type\":\"output_text\",\"text\":\"Two posts today.\",\"annotations\":[]}]}]";

    private static String response(String model) {
        return "{\"id\":\"resp_x\",\"object\":\"response\",\"model\":\"" + model + "\",\"status\":\"completed\",\"output\":"
                + OUTPUT + ",\"usage\":{\"input_tokens\":50,\"output_tokens\":9,\"total_tokens\":59}}";
    }

    private static List<Message> messages(String name, String text) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
        assertEquals("openai-responses", trace.format());
        return trace.events().stream().map(Event::payload).filter(p -> p instanceof Payload.ConversationMessage)
                .map(p -> ((Payload.ConversationMessage) p).message()).toList();
    }

    @Test
    void aGrokResponsesCustomToolCallIsTheToolXaiRan() throws Exception {
        List<Message> answer = messages("response.json", response("grok-4-fast-reasoning"));
        assertTrue(answer.stream().allMatch(m -> m.toolCalls().isEmpty()));
        assertTrue(answer.get(0).content().contains("[custom_tool_call: x_keyword_search, completed]"), answer.get(0).content());
    }

    @Test
    void aGrokStreamsCustomToolCallIsTheToolXaiRanToo() throws Exception {
        String created = "{\"type\":\"response.created\",\"sequence_number\":0,\"response\":{\"id\":\"resp_x\",\"object\":\"response\","
                + "\"model\":\"grok-4-fast-reasoning\",\"status\":\"in_progress\",\"output\":[]}}";
        String completed = "{\"type\":\"response.completed\",\"sequence_number\":1,\"response\":"
                + response("grok-4-fast-reasoning") + "}";
        List<Message> answer = messages("events.jsonl", created + "\n" + completed + "\n");
        assertTrue(answer.stream().allMatch(m -> m.toolCalls().isEmpty()));
    }

    @Test
    void anOpenAiCustomToolCallIsTheClientsToAnswer() throws Exception {
        List<Message> answer = messages("response.json", response("gpt-5"));
        assertEquals(List.of("xs_call_1"), answer.stream().flatMap(m -> m.toolCalls().stream()).map(c -> c.id()).toList());
    }
}
