package dev.tracedeck.importers.anthropic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Streamed Messages answers: the events one a line, and as the server-sent events text of a file of its own. */
class AnthropicStreamTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * One answer in the event shapes of Anthropic's streaming guide: thinking with its signature, a server tool's call
     * and result, text, a tool call whose input comes in pieces, pings, and a message_delta whose cumulative usage
     * restates the input count.
     */
    static final List<String> EVENTS = List.of(
            "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_01Weather\",\"type\":\"message\",\"role\":\"assistant\","
                    + "\"model\":\"claude-sonnet-4-5\",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,"
                    + "\"usage\":{\"input_tokens\":310,\"cache_read_input_tokens\":40,\"output_tokens\":1}}}",
            "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"thinking\",\"thinking\":\"\",\"signature\":\"\"}}",
            "{\"type\":\"ping\"}",
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"thinking_delta\",\"thinking\":\"Search first, \"}}",
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"thinking_delta\",\"thinking\":\"then ask the tool.\"}}",
            "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"signature_delta\",\"signature\":\"c2lnbmVk\"}}",
            "{\"type\":\"content_block_stop\",\"index\":0}",
            "{\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"server_tool_use\",\"id\":\"srvtoolu_01\",\"name\":\"web_search\",\"input\":{}}}",
            "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"query\\\": \\\"oslo\"}}",
            "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\" weather\\\"}\"}}",
            "{\"type\":\"content_block_stop\",\"index\":1}",
            "{\"type\":\"content_block_start\",\"index\":2,\"content_block\":{\"type\":\"web_search_tool_result\",\"tool_use_id\":\"srvtoolu_01\","
                    + "\"content\":[{\"type\":\"web_search_result\",\"title\":\"Oslo\",\"url\":\"https://example.org/oslo\"}]}}",
            "{\"type\":\"content_block_stop\",\"index\":2}",
            "{\"type\":\"content_block_start\",\"index\":3,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}",
            "{\"type\":\"content_block_delta\",\"index\":3,\"delta\":{\"type\":\"text_delta\",\"text\":\"It is cold. \"}}",
            "{\"type\":\"content_block_delta\",\"index\":3,\"delta\":{\"type\":\"citations_delta\",\"citation\":{\"type\":\"web_search_result_location\","
                    + "\"url\":\"https://example.org/oslo\",\"cited_text\":\"-3C\"}}}",
            "{\"type\":\"content_block_delta\",\"index\":3,\"delta\":{\"type\":\"text_delta\",\"text\":\"Checking the forecast.\"}}",
            "{\"type\":\"content_block_stop\",\"index\":3}",
            "{\"type\":\"content_block_start\",\"index\":4,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_01F\",\"name\":\"forecast\",\"input\":{}}}",
            "{\"type\":\"content_block_delta\",\"index\":4,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"\"}}",
            "{\"type\":\"content_block_delta\",\"index\":4,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"city\\\": \"}}",
            "{\"type\":\"content_block_delta\",\"index\":4,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"\\\"Oslo\\\", \\\"days\\\": 3}\"}}",
            "{\"type\":\"content_block_stop\",\"index\":4}",
            "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\",\"stop_sequence\":null},"
                    + "\"usage\":{\"input_tokens\":330,\"cache_read_input_tokens\":null,\"output_tokens\":120}}",
            "{\"type\":\"message_stop\"}");

    private static Trace read(String name, String text) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static List<Message> messages(Trace trace) {
        return trace.events().stream().map(Event::payload).filter(p -> p instanceof Payload.ConversationMessage)
                .map(p -> ((Payload.ConversationMessage) p).message()).toList();
    }

    /** The events as server-sent events: each after its {@code event:} line, a blank line after each. */
    static String serverSentEvents(List<String> events) {
        StringBuilder sse = new StringBuilder();
        for (String e : events) {
            String type = e.substring(e.indexOf("\"type\":\"") + 8, e.indexOf('"', e.indexOf("\"type\":\"") + 8));
            sse.append("event: ").append(type).append('\n').append("data: ").append(e).append("\n\n");
        }
        return sse.toString();
    }

    private static void assertTheWeatherAnswer(Trace trace) {
        assertEquals("anthropic", trace.format());
        assertEquals(List.of("msg_01Weather"), trace.threads().stream().map(t -> t.id()).toList());
        List<Message> answer = messages(trace);
        assertEquals(1, answer.size());
        Message m = answer.get(0);
        assertEquals("assistant", m.role());
        assertTrue(m.content().contains("It is cold. Checking the forecast."), m.content());
        assertEquals(List.of("toolu_01F"), m.toolCalls().stream().map(c -> c.id()).toList());
        assertEquals("{\"city\":\"Oslo\",\"days\":3}", m.toolCalls().get(0).rawArguments());
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(1, calls.size());
        assertEquals("claude-sonnet-4-5", calls.get(0).model());
        // message_start's counts, then message_delta's cumulative ones where they are not null (the server tool's
        // searches make the usage the sum of the API's own loop: billed, with no one sampling's context).
        BilledUsage bill = calls.get(0).bill().orElseThrow();
        assertEquals(List.of(330L + 40L, 40L, 120L), List.of(bill.input(), bill.cacheRead(), bill.output()));
        long records = trace.events().stream().filter(e -> e.keyword().equals("content_block_delta")).count();
        assertEquals(11, records);
    }

    @Test
    void eventsOneALineAreTheOneMessageTheyStreamed() throws Exception {
        assertTheWeatherAnswer(read("stream.jsonl", String.join("\n", EVENTS) + "\n"));
    }

    @Test
    void aFileOfServerSentEventsReadsAsItsEventsEachOnItsLine() throws Exception {
        Trace trace = read("stream.txt", serverSentEvents(EVENTS));
        assertTheWeatherAnswer(trace);
        Event start = trace.events().stream().filter(e -> e.keyword().equals("message_start")).findFirst().orElseThrow();
        assertEquals(2, start.firstLine());
        Event stop = trace.events().stream().filter(e -> e.keyword().equals("message_stop")).findFirst().orElseThrow();
        assertEquals(3 * EVENTS.size() - 1, stop.firstLine());
    }

    @Test
    void aStreamCutAndStartedAgainIsTwoMessagesTheFirstWithWhatCameOfIt() throws Exception {
        List<String> lines = new ArrayList<>(EVENTS.subList(0, 9));
        lines.addAll(EVENTS.stream().map(e -> e.replace("msg_01Weather", "msg_02Again")).toList());
        Trace trace = read("stream.jsonl", String.join("\n", lines) + "\n");
        assertEquals(List.of("msg_01Weather", "msg_02Again"), trace.threads().stream().map(t -> t.id()).toList());
        assertEquals(2, messages(trace).size());
        assertEquals(2, trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(Event::threadId).distinct().count());
    }

    @Test
    void anErrorEventIsTheRequestsRecordedFailure() throws Exception {
        List<String> lines = new ArrayList<>(EVENTS.subList(0, 5));
        lines.add("{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}");
        Trace trace = read("stream.jsonl", String.join("\n", lines) + "\n");
        List<String> errors = trace.events().stream().map(Event::payload).filter(p -> p instanceof Payload.AgentError)
                .map(p -> ((Payload.AgentError) p).message()).toList();
        assertEquals(List.of("the request failed: overloaded_error: Overloaded"), errors);
        assertEquals("Search first, then ask the tool.", thinkingOf(MessageStream.assemble(nodes(lines))));
    }

    @Test
    void compactionAndCitationDeltasJoinTheirBlocks() throws Exception {
        List<String> lines = List.of(
                "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_c\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}",
                "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"compaction\",\"content\":null}}",
                "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"compaction_delta\",\"content\":\"## Summary\"}}",
                "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"compaction_delta\",\"content\":\" so far\"}}",
                "{\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}",
                "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"citations_delta\",\"citation\":{\"type\":\"char_location\",\"cited_text\":\"a\"}}}",
                "{\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"citations_delta\",\"citation\":{\"type\":\"char_location\",\"cited_text\":\"b\"}}}");
        JsonNode message = MessageStream.assemble(nodes(lines));
        assertEquals("## Summary so far", message.path("content").path(0).path("content").asText());
        assertEquals(2, message.path("content").path(1).path("citations").size());
        assertEquals(5, message.path("usage").path("input_tokens").asInt());
    }

    @Test
    void theBlocksAMessageStartsWithStayItsFirst() throws Exception {
        // Programmatic tool calling: the code the server runs calls a client tool, and the message that says so starts
        // with that tool_use whole and streams nothing more.
        List<String> lines = List.of(
                "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_p\",\"type\":\"message\",\"role\":\"assistant\","
                        + "\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_p1\",\"name\":\"lookup\","
                        + "\"input\":{\"key\":\"a\"},\"caller\":{\"type\":\"code_execution_20250825\",\"tool_id\":\"srvtoolu_p\"}}],"
                        + "\"stop_reason\":\"tool_use\",\"usage\":{\"input_tokens\":20,\"output_tokens\":4}}}",
                "{\"type\":\"message_stop\"}");
        Trace trace = read("stream.jsonl", String.join("\n", lines) + "\n");
        List<Message> answer = messages(trace);
        assertEquals(1, answer.size());
        assertEquals(List.of("toolu_p1"), answer.get(0).toolCalls().stream().map(c -> c.id()).toList());
        assertEquals("{\"key\":\"a\"}", answer.get(0).toolCalls().get(0).rawArguments());
    }

    private static String thinkingOf(JsonNode message) {
        return message.path("content").path(0).path("thinking").asText();
    }

    private static List<JsonNode> nodes(List<String> lines) throws Exception {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : lines) {
            nodes.add(MAPPER.readTree(line));
        }
        return nodes;
    }
}
