package dev.tracedeck.importers.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload.AgentError;
import dev.tracedeck.model.event.Payload.ConversationMessage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A proxy's log of a program's traffic, as claude-trace writes it: streamed answers kept as text under
 * {@code body_raw}, several conversations interleaved, a request the SDK retried, a request without a response.
 */
class ProxyTrafficTest {

    private static Trace read(String text) throws Exception {
        return Importers.standard().read(ImportSource.of("traffic.jsonl", text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    private static String line(String model, String messages, String response) {
        return "{\"request\": {\"timestamp\": 1.0, \"method\": \"POST\", \"url\": \"https://api.anthropic.com/v1/messages?beta=true\","
                + " \"headers\": {}, \"body\": {\"model\": \"" + model + "\", \"max_tokens\": 64, \"messages\": " + messages + "}},"
                + " \"response\": " + response + ", \"logged_at\": \"2026-01-01T10:00:00Z\"}\n";
    }

    /** Server-sent events of one streamed Anthropic answer, as claude-trace keeps them: a JSON string. */
    private static final String STREAMED = "{\"timestamp\": 2.0, \"status_code\": 200, \"headers\": {}, \"body_raw\":"
            + " \"event: message_start\\ndata: {\\\"type\\\":\\\"message_start\\\",\\\"message\\\":{\\\"id\\\":\\\"msg_1\\\","
            + "\\\"type\\\":\\\"message\\\",\\\"role\\\":\\\"assistant\\\",\\\"model\\\":\\\"claude-sonnet-4-20250514\\\","
            + "\\\"content\\\":[],\\\"usage\\\":{\\\"input_tokens\\\":4,\\\"cache_read_input_tokens\\\":25000,\\\"output_tokens\\\":1}}}\\n\\n"
            + "event: content_block_start\\ndata: {\\\"type\\\":\\\"content_block_start\\\",\\\"index\\\":0,"
            + "\\\"content_block\\\":{\\\"type\\\":\\\"tool_use\\\",\\\"id\\\":\\\"toolu_1\\\",\\\"name\\\":\\\"Bash\\\",\\\"input\\\":{}}}\\n\\n"
            + "event: content_block_delta\\ndata: {\\\"type\\\":\\\"content_block_delta\\\",\\\"index\\\":0,"
            + "\\\"delta\\\":{\\\"type\\\":\\\"input_json_delta\\\",\\\"partial_json\\\":\\\"{\\\\\\\"command\\\\\\\": \\\\\\\"ls\\\\\\\"}\\\"}}\\n\\n"
            + "event: message_delta\\ndata: {\\\"type\\\":\\\"message_delta\\\",\\\"delta\\\":{\\\"stop_reason\\\":\\\"tool_use\\\"},"
            + "\\\"usage\\\":{\\\"output_tokens\\\":20}}\\n\\n\"}";

    private static final String MAIN = "[{\"role\": \"user\", \"content\": \"List the files.\"}]";
    private static final String HAIKU = "claude-3-5-haiku-20241022";

    private static String answer(String text) {
        return "{\"timestamp\": 2.0, \"status_code\": 200, \"headers\": {}, \"body\": {\"type\": \"message\", \"role\": \"assistant\","
                + " \"model\": \"" + HAIKU + "\", \"content\": [{\"type\": \"text\", \"text\": \"" + text + "\"}],"
                + " \"usage\": {\"input_tokens\": 8, \"output_tokens\": 2}}}";
    }

    @Test
    void aStreamedAnswerKeptUnderBodyRawIsTheModelsAnswerWithItsModelAndUsage() throws Exception {
        Trace trace = read(line("claude-sonnet-4-20250514", MAIN, STREAMED));
        ConversationMessage answer = trace.events().stream().map(Event::payload)
                .filter(p -> p instanceof ConversationMessage m && m.message().role().equals("assistant"))
                .map(p -> (ConversationMessage) p).findFirst().orElseThrow();
        assertEquals("Bash", answer.message().toolCalls().get(0).name());
        assertEquals("{\"command\":\"ls\"}", answer.message().toolCalls().get(0).rawArguments().replace(" ", ""));
        ModelCall call = trace.threads().get(0).records().modelCalls().get(0);
        assertEquals("claude-sonnet-4-20250514", call.model());
        assertEquals(25_004, call.usage().orElseThrow().prompt());
    }

    @Test
    void interleavedConversationsAreAThreadEachAndARequestGoesOnWhereItsMessagesAre() throws Exception {
        String withResult = "[{\"role\": \"user\", \"content\": \"List the files.\"},"
                + " {\"role\": \"assistant\", \"content\": [{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"Bash\", \"input\": {\"command\": \"ls\"}}]},"
                + " {\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\", \"content\": \"a.txt\"}]}]";
        Trace trace = read(line(HAIKU, "[{\"role\": \"user\", \"content\": \"quota\"}]", answer("OK"))
                + line("claude-sonnet-4-20250514", MAIN, STREAMED)
                + line(HAIKU, "[{\"role\": \"user\", \"content\": \"Write a title: List the files.\"}]", answer("Files"))
                + line(HAIKU, "[{\"role\": \"user\", \"content\": \"Write a title: List the files. \"}]", answer("Files"))
                + line("claude-sonnet-4-20250514", withResult, answer("One file: a.txt.")));
        assertEquals(List.of("recording", "recording 2", "recording 3", "recording 4"),
                trace.threads().stream().map(TraceThread::id).toList());
        TraceThread main = trace.threads().get(1);
        List<String> roles = main.events().stream().map(Event::payload).filter(p -> p instanceof ConversationMessage)
                .map(p -> ((ConversationMessage) p).message().role()).toList();
        // The tool result follows its call in the main conversation, with no title request between them.
        assertEquals(List.of("user", "assistant", "user", "assistant"), roles);
    }

    @Test
    void aRefusalTheClientSentAgainIsRetriedAndOneItDidNotIsAnError() throws Exception {
        String refused = "{\"timestamp\": 2.0, \"status_code\": 429, \"headers\": {}, \"body\": {\"type\": \"error\","
                + " \"error\": {\"type\": \"rate_limit_error\", \"message\": \"rate limit\"}}}";
        Trace retried = read(line(HAIKU, MAIN, refused) + line(HAIKU, MAIN, answer("Done.")));
        assertTrue(retried.events().stream().noneMatch(e -> e.payload() instanceof AgentError));
        assertEquals(List.of("retried"), retried.events().stream().map(Event::keyword)
                .filter(k -> k.equals("retried") || k.equals("error")).toList());
        Trace given = read(line(HAIKU, MAIN, refused));
        assertEquals(1, given.events().stream().filter(e -> e.payload() instanceof AgentError).count());
    }

    @Test
    void aRequestWithoutAResponseAndABodyNoApiWritesAreKept() throws Exception {
        String notRead = "{\"timestamp\": 2.0, \"status_code\": 200, \"headers\": {}, \"body_raw\": \"<html>gateway</html>\"}";
        Trace trace = read(line(HAIKU, MAIN, "null") + line(HAIKU, "[{\"role\": \"user\", \"content\": \"Again.\"}]", notRead));
        assertEquals(2, trace.events().stream().filter(e -> e.keyword().equals("request")).count());
        assertEquals(1, trace.events().stream().filter(e -> e.keyword().equals("response")).count());
        assertEquals(1, trace.report().otherRecords());
    }
}
