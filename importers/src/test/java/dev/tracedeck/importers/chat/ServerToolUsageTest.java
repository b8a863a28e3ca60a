package dev.tracedeck.importers.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * An Anthropic response whose server tools ran inside it sampled the model more than once: its usage is summed over
 * those samplings, so the call's context is its largest listed iteration, or unknown. Read the same in every format
 * that holds Anthropic responses.
 */
class ServerToolUsageTest {

    private static final String LOOP_CONTENT = """
            [{"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_search", "input": {"query": "q"}},
             {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01A", "content": []},
             {"type": "text", "text": "Found it."}]""";

    private static ModelCall onlyCall(String name, String text) throws ImportException {
        Trace trace = Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
        assertEquals(1, trace.threads().get(0).records().modelCalls().size());
        return trace.threads().get(0).records().modelCalls().get(0);
    }

    private static String response(String content, String usage) {
        return "{\"id\": \"msg_01A\", \"type\": \"message\", \"role\": \"assistant\", \"model\": \"claude-sonnet-4-5\","
                + " \"content\": " + content + ", \"stop_reason\": \"end_turn\", \"usage\": " + usage + "}";
    }

    @Test
    void aServerToolLoopWithoutIterationsRecordsNoUsage() throws Exception {
        ModelCall call = onlyCall("response.json", response(LOOP_CONTENT,
                "{\"input_tokens\": 950648, \"output_tokens\": 13856, \"server_tool_use\": {\"web_search_requests\": 1}}"));
        assertEquals(Optional.empty(), call.usage(), "950,648 tokens summed over the loop's samplings are no one call's");
        assertEquals("claude-sonnet-4-5", call.model());
    }

    @Test
    void theLargestListedIterationIsTheCallsContext() throws Exception {
        ModelCall call = onlyCall("response.json", response(LOOP_CONTENT, """
                {"input_tokens": 1200, "cache_creation_input_tokens": 40000, "cache_read_input_tokens": 90000,
                 "output_tokens": 300,
                 "iterations": [
                   {"type": "message", "input_tokens": 600, "cache_creation_input_tokens": 40000, "cache_read_input_tokens": 5000, "output_tokens": 120},
                   {"type": "message", "input_tokens": 600, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 85000, "output_tokens": 180}]}"""));
        assertEquals(Optional.of(new TokenUsage(85600, 85000, 0, 300)), call.usage());
    }

    @Test
    void aServerToolCallThatDidNotRunYetLeavesTheUsageOneCalls() throws Exception {
        // The model also called a client tool: the response stopped before the server ran anything.
        ModelCall call = onlyCall("response.json", response("""
                [{"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_search", "input": {"query": "q"}},
                 {"type": "tool_use", "id": "toolu_01B", "name": "get_time", "input": {}}]""",
                "{\"input_tokens\": 5000, \"output_tokens\": 60}"));
        assertEquals(Optional.of(new TokenUsage(5000, 0, 0, 60)), call.usage());
    }

    @Test
    void aRecordedExchangeAndAClaudeCodeLineReadTheResponseTheSameWay() throws Exception {
        String body = response(LOOP_CONTENT, "{\"input_tokens\": 400000, \"output_tokens\": 90}");
        ModelCall recorded = onlyCall("recording.json", "[{\"request\": {\"method\": \"POST\", \"url\":"
                + " \"https://api.anthropic.com/v1/messages\", \"body\": {\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 1024,"
                + " \"messages\": [{\"role\": \"user\", \"content\": \"search\"}]}}, \"response\": {\"status_code\": 200, \"body\": "
                + body + "}}]");
        assertEquals(Optional.empty(), recorded.usage());
        String line = "{\"type\": \"assistant\", \"sessionId\": \"s1\", \"uuid\": \"u2\", \"parentUuid\": \"u1\","
                + " \"timestamp\": \"2025-10-01T10:00:01Z\", \"message\": " + body.replace("\n", " ") + "}";
        String user = "{\"type\": \"user\", \"sessionId\": \"s1\", \"uuid\": \"u1\", \"parentUuid\": null,"
                + " \"timestamp\": \"2025-10-01T10:00:00Z\", \"message\": {\"role\": \"user\", \"content\": \"search\"}}";
        ModelCall claudeCode = onlyCall("session.jsonl", user + "\n" + line + "\n");
        assertEquals(Optional.empty(), claudeCode.usage());
    }

    @Test
    void anIterationOfAnotherModelIsThatModelsContextNotTheCalls() throws Exception {
        // An advisor's sub-inference runs on its own model, with its own window.
        ModelCall call = onlyCall("response.json", response("""
                [{"type": "server_tool_use", "id": "srvtoolu_01A", "name": "advisor", "input": {}},
                 {"type": "advisor_tool_result", "tool_use_id": "srvtoolu_01A", "content": {"type": "advisor_result", "text": "ok"}},
                 {"type": "text", "text": "Done."}]""", """
                {"input_tokens": 2414, "output_tokens": 3200,
                 "iterations": [
                   {"type": "message", "input_tokens": 1051, "output_tokens": 35},
                   {"type": "advisor_message", "model": "claude-opus-4-7", "input_tokens": 2728, "output_tokens": 874},
                   {"type": "message", "input_tokens": 1363, "output_tokens": 3165}]}"""));
        assertEquals(Optional.of(new TokenUsage(1363, 0, 0, 3200)), call.usage());
    }

    @Test
    void anAdvisorsIterationIsACallOfItsOwnModelBilledApart() throws Exception {
        ModelCall call = onlyCall("response.json", response("""
                [{"type": "text", "text": "Done."}]""", """
                {"input_tokens": 2414, "output_tokens": 3200,
                 "iterations": [
                   {"type": "message", "input_tokens": 1051, "output_tokens": 35},
                   {"type": "advisor_message", "model": "claude-opus-4-7", "input_tokens": 2728, "output_tokens": 874},
                   {"type": "message", "input_tokens": 1363, "output_tokens": 3165}]}"""));
        BilledUsage own = call.bill().orElseThrow();
        assertEquals(2414, own.input(), "the response's own samplings, as its top-level usage says");
        assertEquals(3200, own.output());
        assertEquals(1, call.inner().size());
        ModelCall advisor = call.inner().get(0);
        assertEquals("claude-opus-4-7", advisor.model());
        assertEquals("msg_01A/usage/iterations/1", advisor.bill().orElseThrow().id());
        assertEquals(2728, advisor.bill().orElseThrow().input());
        assertEquals(874, advisor.bill().orElseThrow().output());
    }

    @Test
    void aCompactionStepTheTopLevelUsageLeavesOutIsBilled() throws Exception {
        // Anthropic's compaction documentation: the top-level usage excludes the compaction iteration, which is billed.
        ModelCall call = onlyCall("response.json", response("""
                [{"type": "compaction", "content": "Summary of the conversation so far."},
                 {"type": "text", "text": "Carrying on."}]""", """
                {"input_tokens": 23000, "output_tokens": 1000,
                 "iterations": [
                   {"type": "compaction", "input_tokens": 180000, "output_tokens": 3500},
                   {"type": "message", "input_tokens": 23000, "output_tokens": 1000}]}"""));
        BilledUsage bill = call.bill().orElseThrow();
        assertEquals(203000, bill.input());
        assertEquals(4500, bill.output());
        assertEquals(List.of(), call.inner());
    }
}
