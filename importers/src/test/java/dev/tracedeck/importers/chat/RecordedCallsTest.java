package dev.tracedeck.importers.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.ThreadRecords;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What each format records about its model calls — the model, the usage billed, a lone answer — is read. */
class RecordedCallsTest {

    private static Trace read(String name, String text) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static ThreadRecords records(Trace trace) {
        return trace.threads().get(0).records();
    }

    @Test
    void anAnthropicResponseIsOneCallWithItsUsageAndTheTraceEndsAtIt() throws Exception {
        Trace trace = read("response.json", """
                {"id": "msg_01A", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                 "content": [{"type": "text", "text": "Let me check."},
                             {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Oslo"}}],
                 "stop_reason": "tool_use",
                 "usage": {"input_tokens": 12, "cache_creation_input_tokens": 300, "cache_read_input_tokens": 2000,
                           "output_tokens": 41}}
                """);
        ThreadRecords records = records(trace);
        assertTrue(records.endsAtModelAnswer());
        assertEquals(1, records.modelCalls().size());
        ModelCall call = records.modelCalls().get(0);
        assertEquals("claude-sonnet-4-5", call.model());
        assertEquals(Optional.of(new TokenUsage(2312, 2000, 300, 41)), call.usage());
        assertEquals(EventKind.TOOL_CALL, call.event().kind());
    }

    @Test
    void anAnthropicRequestIsNoAnswerAndRecordsNoCall() throws Exception {
        Trace trace = read("request.json", """
                {"model": "claude-sonnet-4-5", "max_tokens": 1024,
                 "messages": [{"role": "user", "content": "Weather in Oslo?"},
                              {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {}}]}]}
                """);
        assertFalse(records(trace).endsAtModelAnswer());
        assertTrue(records(trace).modelCalls().isEmpty());
    }

    @Test
    void aChatCompletionResponseIsOneCallWithItsUsageAndTheTraceEndsAtIt() throws Exception {
        Trace trace = read("completion.json", """
                {"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-2024-08-06",
                 "choices": [{"index": 0, "finish_reason": "tool_calls",
                              "message": {"role": "assistant", "content": null,
                                          "tool_calls": [{"id": "call_1", "type": "function",
                                                          "function": {"name": "get_weather", "arguments": "{\\"city\\":\\"Oslo\\"}"}}]}}],
                 "usage": {"prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99,
                           "prompt_tokens_details": {"cached_tokens": 64}}}
                """);
        ThreadRecords records = records(trace);
        assertTrue(records.endsAtModelAnswer());
        assertEquals("gpt-4o-2024-08-06", records.model().orElseThrow());
        assertEquals(Optional.of(new TokenUsage(82, 64, 0, 17)), records.modelCalls().get(0).usage());
    }

    /** One OTLP/JSON span of a chat call (GenAI conventions) whose answer calls a tool; more spans may follow it. */
    private static String capture(String... laterSpans) {
        String chat = """
                {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": "eee19b7ec3c1b174", "name": "chat gpt-4o",
                 "kind": 3, "startTimeUnixNano": "1700000000000000000", "endTimeUnixNano": "1700000001000000000",
                 "attributes": [
                   {"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
                   {"key": "gen_ai.request.model", "value": {"stringValue": "gpt-4o"}},
                   {"key": "gen_ai.response.model", "value": {"stringValue": "gpt-4o-2024-08-06"}},
                   {"key": "gen_ai.usage.input_tokens", "value": {"intValue": "97"}},
                   {"key": "gen_ai.usage.output_tokens", "value": {"intValue": "12"}},
                   {"key": "gen_ai.input.messages", "value": {"stringValue": "[{\\"role\\":\\"user\\",\\"parts\\":[{\\"type\\":\\"text\\",\\"content\\":\\"Weather in Paris?\\"}]}]"}},
                   {"key": "gen_ai.output.messages", "value": {"stringValue": "[{\\"role\\":\\"assistant\\",\\"parts\\":[{\\"type\\":\\"tool_call\\",\\"id\\":\\"call_1\\",\\"name\\":\\"get_weather\\",\\"arguments\\":{\\"location\\":\\"Paris\\"}}],\\"finish_reason\\":\\"tool_call\\"}]"}}
                 ]}""";
        return "{\"resourceSpans\": [{\"resource\": {\"attributes\": []}, \"scopeSpans\": [{\"scope\": {\"name\": \"test\"},"
                + " \"spans\": [" + chat + String.join("", java.util.Arrays.stream(laterSpans).map(x -> ", " + x).toList())
                + "]}]}]}";
    }

    @Test
    void anOpenTelemetryCaptureOfOneModelCallEndsAtItsAnswer() throws Exception {
        Trace trace = read("capture.json", capture());
        ThreadRecords records = records(trace);
        assertTrue(records.endsAtModelAnswer());
        assertEquals("gpt-4o-2024-08-06", records.model().orElseThrow());
        assertEquals(Optional.of(new TokenUsage(97, 0, 0, 12)), records.modelCalls().get(0).usage());
    }

    @Test
    void aCaptureThatGoesOnAfterTheAnswerDoesNotEndAtIt() throws Exception {
        String tool = """
                {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": "aaa19b7ec3c1b175", "name": "execute_tool get_weather",
                 "kind": 1, "startTimeUnixNano": "1700000002000000000", "endTimeUnixNano": "1700000003000000000",
                 "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
                                {"key": "gen_ai.tool.name", "value": {"stringValue": "get_weather"}}]}""";
        assertFalse(records(read("run.json", capture(tool))).endsAtModelAnswer());
    }

    @Test
    void aClaudeCodeMessageIsOneCallWithItsModelAndTheUsageOfItsLastLine() throws Exception {
        String session = "\"sessionId\":\"s-1\",\"isSidechain\":false";
        Trace trace = read("session.jsonl", String.join("\n",
                "{" + session + ",\"type\":\"user\",\"uuid\":\"u1\",\"message\":{\"role\":\"user\",\"content\":\"List the files.\"}}",
                "{" + session + ",\"type\":\"assistant\",\"uuid\":\"a1\",\"message\":{\"model\":\"claude-opus-4-6\",\"id\":\"msg_1\","
                        + "\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Listing.\"}],"
                        + "\"usage\":{\"input_tokens\":3,\"cache_creation_input_tokens\":100,\"cache_read_input_tokens\":9000,\"output_tokens\":1}}}",
                "{" + session + ",\"type\":\"assistant\",\"uuid\":\"a2\",\"message\":{\"model\":\"claude-opus-4-6\",\"id\":\"msg_1\","
                        + "\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\"}}],"
                        + "\"usage\":{\"input_tokens\":3,\"cache_creation_input_tokens\":100,\"cache_read_input_tokens\":9000,\"output_tokens\":42}}}",
                "{" + session + ",\"type\":\"user\",\"uuid\":\"u2\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_1\",\"content\":\"a.txt\"}]}}",
                "{" + session + ",\"type\":\"system\",\"subtype\":\"compact_boundary\",\"uuid\":\"c1\",\"content\":\"Conversation compacted\","
                        + "\"compactMetadata\":{\"trigger\":\"auto\",\"preTokens\":9146}}",
                "{" + session + ",\"type\":\"assistant\",\"uuid\":\"a3\",\"message\":{\"model\":\"<synthetic>\",\"id\":\"msg_2\","
                        + "\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"API Error\"}],"
                        + "\"usage\":{\"input_tokens\":0,\"output_tokens\":0}}}",
                ""));
        ThreadRecords records = records(trace);
        assertEquals(1, records.modelCalls().size(), "one call for the message's two lines; none for a synthetic one");
        assertEquals("claude-opus-4-6", records.modelCalls().get(0).model());
        assertEquals(Optional.of(new TokenUsage(9103, 9000, 100, 42)), records.modelCalls().get(0).usage());
        assertEquals(1, records.compactions().size());
        assertEquals(5, records.compactions().get(0).event().source().firstLine());
        assertEquals(java.util.OptionalLong.of(9146), records.compactions().get(0).tokensBefore());
        assertEquals("auto", records.compactions().get(0).trigger());
        assertFalse(records.endsAtModelAnswer(), "a recorded session is not a lone answer");
    }

    @Test
    void aCodexRolloutRecordsItsModelItsUsageItsWindowAndItsCompaction() throws Exception {
        Trace trace = read("rollout.jsonl", String.join("\n",
                "{\"timestamp\":\"2025-10-01T10:00:00.000Z\",\"type\":\"session_meta\",\"payload\":{\"id\":\"s-1\",\"cwd\":\"/w\"}}",
                "{\"timestamp\":\"2025-10-01T10:00:01.000Z\",\"type\":\"turn_context\",\"payload\":{\"cwd\":\"/w\",\"model\":\"gpt-5-codex\"}}",
                "{\"timestamp\":\"2025-10-01T10:00:02.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\","
                        + "\"content\":[{\"type\":\"input_text\",\"text\":\"Run the tests.\"}]}}",
                "{\"timestamp\":\"2025-10-01T10:00:03.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\",\"name\":\"shell\","
                        + "\"arguments\":\"{\\\"command\\\":[\\\"pytest\\\"]}\",\"call_id\":\"call_1\"}}",
                "{\"timestamp\":\"2025-10-01T10:00:04.000Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\",\"info\":{"
                        + "\"total_token_usage\":{\"input_tokens\":9000,\"cached_input_tokens\":8000,\"output_tokens\":30,\"total_tokens\":9030},"
                        + "\"last_token_usage\":{\"input_tokens\":9000,\"cached_input_tokens\":8000,\"output_tokens\":30,\"total_tokens\":9030},"
                        + "\"model_context_window\":258400}}}",
                "{\"timestamp\":\"2025-10-01T10:00:05.000Z\",\"type\":\"event_msg\",\"payload\":{\"type\":\"token_count\",\"info\":null}}",
                "{\"timestamp\":\"2025-10-01T10:00:06.000Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call_output\","
                        + "\"call_id\":\"call_1\",\"output\":\"3 passed\"}}",
                "{\"timestamp\":\"2025-10-01T10:00:07.000Z\",\"type\":\"compacted\",\"payload\":{\"message\":\"\",\"replacement_history\":[]}}",
                ""));
        ThreadRecords records = records(trace);
        assertEquals(1, records.modelCalls().size(), "a token count without info is no call");
        assertEquals("gpt-5-codex", records.modelCalls().get(0).model());
        assertEquals(Optional.of(new TokenUsage(9000, 8000, 0, 30)), records.modelCalls().get(0).usage());
        assertEquals(java.util.OptionalInt.of(258_400), records.window());
        assertEquals(1, records.compactions().size());
        assertEquals(8, records.compactions().get(0).event().source().firstLine());
        assertFalse(records.endsAtModelAnswer());
    }

    @Test
    void aResponsesApiResponseWhoseOutputIsACallTheClientRunsEndsAtIt() throws Exception {
        Trace trace = read("response.json", """
                {"id": "resp_1", "object": "response", "model": "codex-mini-latest", "status": "completed",
                 "output": [{"type": "local_shell_call", "id": "lsh_1", "call_id": "call_1", "status": "completed",
                             "action": {"type": "exec", "command": ["ls", "-la"], "env": {}}}],
                 "usage": {"input_tokens": 407, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 21,
                           "total_tokens": 428}}
                """);
        ThreadRecords records = records(trace);
        assertTrue(records.endsAtModelAnswer());
        assertEquals(Optional.of(new TokenUsage(407, 0, 0, 21)), records.modelCalls().get(0).usage());
        assertEquals("codex-mini-latest", records.model().orElseThrow());
    }
}
