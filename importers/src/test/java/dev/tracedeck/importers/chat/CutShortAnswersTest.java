package dev.tracedeck.importers.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A file cut short after the model's answer: a thread that is one API response still ends at that answer, since the
 * cut took the rest of that response or other threads, never its calls' results; a thread that the rest of the file
 * could have gone on does not.
 */
class CutShortAnswersTest {

    private static Trace read(String name, String text) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    /** The document up to a few bytes into its usage: its answer whole, what follows lost. */
    private static String cutInsideUsage(String document) {
        return document.substring(0, document.lastIndexOf("\"usage") + 12);
    }

    /** The thread read, after checking that the file was cut short and that the thread's answer calls a tool. */
    private static TraceThread cutThread(Trace trace, String thread) {
        assertFalse(trace.report().complete(), "the file is cut short");
        TraceThread t = trace.thread(thread).orElseThrow();
        assertTrue(t.events().stream().anyMatch(e -> e.kind() == EventKind.TOOL_CALL), "the answer calls a tool");
        return t;
    }

    static Stream<Arguments> loneResponses() {
        return Stream.of(
                Arguments.of("anthropic", """
                        {"id": "msg_01A", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                         "content": [{"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Oslo"}}],
                         "stop_reason": "tool_use",
                         "usage": {"input_tokens": 12, "output_tokens": 41}}
                        """),
                Arguments.of("openai-chat", """
                        {"id": "chatcmpl-1", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o",
                         "choices": [{"index": 0, "finish_reason": "tool_calls",
                                      "message": {"role": "assistant", "content": null,
                                                  "tool_calls": [{"id": "call_1", "type": "function",
                                                                  "function": {"name": "get_weather", "arguments": "{}"}}]}}],
                         "usage": {"prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99}}
                        """),
                Arguments.of("openai-responses", """
                        {"id": "resp_1", "object": "response", "model": "gpt-5.1", "status": "completed",
                         "output": [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
                                     "arguments": "{}", "status": "completed"}],
                         "usage": {"input_tokens": 407, "output_tokens": 21, "total_tokens": 428}}
                        """),
                Arguments.of("gemini", """
                        {"candidates": [{"content": {"role": "model",
                                                     "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Oslo"}}}]},
                                         "finishReason": "STOP", "index": 0}],
                         "usageMetadata": {"promptTokenCount": 1200, "candidatesTokenCount": 18, "totalTokenCount": 1218},
                         "modelVersion": "gemini-2.5-flash"}
                        """),
                Arguments.of("bedrock-converse", """
                        {"output": {"message": {"role": "assistant", "content": [
                             {"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "input": {"city": "Oslo"}}}]}},
                         "stopReason": "tool_use",
                         "usage": {"inputTokens": 12, "outputTokens": 48, "totalTokens": 60},
                         "metrics": {"latencyMs": 1306}}
                        """));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("loneResponses")
    void aLoneResponseCutShortAfterItsAnswerStillEndsAtIt(String format, String response) throws Exception {
        assertTrue(read("response.json", response).threads().get(0).records().endsAtModelAnswer());
        Trace cut = read("response.json", cutInsideUsage(response));
        assertEquals(format, cut.format());
        assertTrue(cutThread(cut, "conversation").records().endsAtModelAnswer(),
                "what the cut took was the rest of the response, never a result of its call");
    }

    /** A request whose history goes on past its call (at {@code result}) to a member after it ({@code after}). */
    static Stream<Arguments> requests() {
        return Stream.of(
                Arguments.of("anthropic", """
                        {"model": "claude-sonnet-4-5",
                         "messages": [{"role": "user", "content": "Weather in Oslo?"},
                                      {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {}}]},
                                      {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "4 C"}]}],
                         "max_tokens": 1024}
                        """, "{\"type\": \"tool_result\"", "\"max_tokens\""),
                Arguments.of("openai-chat", """
                        {"model": "gpt-4o",
                         "messages": [{"role": "user", "content": "Weather in Oslo?"},
                                      {"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function",
                                                                                              "function": {"name": "get_weather", "arguments": "{}"}}]},
                                      {"role": "tool", "tool_call_id": "call_1", "content": "4 C"}],
                         "temperature": 0}
                        """, "{\"role\": \"tool\"", "\"temperature\""),
                Arguments.of("openai-responses", """
                        {"model": "gpt-5.1",
                         "input": [{"role": "user", "content": "Weather in Oslo?"},
                                   {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
                                   {"type": "function_call_output", "call_id": "call_1", "output": "4 C"}],
                         "tools": []}
                        """, "{\"type\": \"function_call_output\"", "\"tools\""),
                Arguments.of("gemini", """
                        {"contents": [{"role": "user", "parts": [{"text": "Weather in Oslo?"}]},
                                      {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {}}}]},
                                      {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"c": 4}}}]}],
                         "generationConfig": {"temperature": 0}}
                        """, "{\"role\": \"user\", \"parts\": [{\"functionResponse\"", "\"generationConfig\""),
                Arguments.of("bedrock-converse", """
                        {"modelId": "anthropic.claude-3-5-sonnet-20240620-v1:0",
                         "messages": [{"role": "user", "content": [{"text": "Weather in Oslo?"}]},
                                      {"role": "assistant", "content": [{"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "input": {}}}]},
                                      {"role": "user", "content": [{"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": "4 C"}]}}]}],
                         "inferenceConfig": {"maxTokens": 512}}
                        """, "{\"role\": \"user\", \"content\": [{\"toolResult\"", "\"inferenceConfig\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void aRequestCutShortInsideItsHistoryHoldsMoreThanWasRead(String format, String request, String result, String after)
            throws Exception {
        Trace cut = read("request.json", request.substring(0, request.indexOf(result)));
        assertEquals(format, cut.format());
        assertTrue(cutThread(cut, "conversation").records().historyCutShort(), "the result was in the message cut off");
        Trace afterHistory = read("request.json", request.substring(0, request.indexOf(after) + 4));
        assertEquals(format, afterHistory.format());
        assertFalse(cutThread(afterHistory, "conversation").records().historyCutShort(), "its history was read whole");
        assertFalse(read("request.json", request).threads().get(0).records().historyCutShort());
    }

    @Test
    void anAnthropicStreamedMessageEndsAtItsAnswerWhenALaterMessageIsCutShort() throws Exception {
        Trace trace = read("stream.jsonl", """
                {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [], "usage": {"input_tokens": 20, "output_tokens": 1}}}
                {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}}
                {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": "{\\"city\\": \\"Oslo\\"}"}}
                {"type": "content_block_stop", "index": 0}
                {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 9}}
                {"type": "message_stop"}
                {"type": "message_start", "message": {"id": "msg_2", "type": "message", "role": "assist""");
        assertEquals("anthropic", trace.format());
        assertTrue(cutThread(trace, "msg_1").records().endsAtModelAnswer());
    }

    @Test
    void aStreamedCompletionEndsAtItsAnswerWhenALaterOneIsCutShort() throws Exception {
        Trace trace = read("chunks.jsonl", """
                {"id": "chatcmpl-1", "object": "chat.completion.chunk", "model": "gpt-4.1-mini", "choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]}, "finish_reason": "tool_calls"}]}
                {"id": "chatcmpl-2", "object": "chat.completion.chunk", "model": "gpt-4.1-mini", "choices": [{"index": 0, "delta": {"role": "assi""");
        assertEquals("openai-chat", trace.format());
        assertTrue(cutThread(trace, "chatcmpl-1").records().endsAtModelAnswer());
    }

    @Test
    void aStreamedResponseEndsAtItsAnswerWhenALaterOneIsCutShort() throws Exception {
        Trace trace = read("stream.jsonl", """
                {"type": "response.created", "sequence_number": 0, "response": {"id": "resp_1", "object": "response", "status": "in_progress", "model": "gpt-5.1", "output": []}}
                {"type": "response.output_item.done", "sequence_number": 1, "output_index": 0, "item": {"id": "fc_1", "type": "function_call", "call_id": "call_1", "name": "get_stock", "arguments": "{}"}}
                {"type": "response.completed", "sequence_number": 2, "response": {"id": "resp_1", "object": "response", "status": "completed", "model": "gpt-5.1", "output": [{"id": "fc_1", "type": "function_call", "call_id": "call_1", "name": "get_stock", "arguments": "{}"}], "usage": {"input_tokens": 20, "output_tokens": 5}}}
                {"type": "response.created", "sequence_number": 0, "response": {"id": "resp_2", "object": "resp""");
        assertEquals("openai-responses", trace.format());
        assertTrue(cutThread(trace, "resp_1").records().endsAtModelAnswer());
    }

    @Test
    void aResponseStreamCutShortBeforeItsEndEndsAtTheItemsThatCame() throws Exception {
        String stream = """
                {"type": "response.created", "sequence_number": 0, "response": {"id": "resp_1", "object": "response", "status": "in_progress", "model": "gpt-5.1", "output": []}}
                {"type": "response.output_item.done", "sequence_number": 1, "output_index": 0, "item": {"id": "fc_1", "type": "function_call", "call_id": "call_1", "name": "get_stock", "arguments": "{}"}}
                """;
        Trace trace = read("stream.jsonl", stream + """
                {"type": "response.completed", "sequence_number": 2, "response": {"id": "resp_1", "obj""");
        assertEquals("openai-responses", trace.format());
        assertTrue(cutThread(trace, "resp_1").records().endsAtModelAnswer(), "the log holds the responses only");
        assertTrue(read("stream.jsonl", stream).thread("resp_1").orElseThrow().records().endsAtModelAnswer(),
                "nor does a stream that stops before its end without being cut hold more");
    }

    @Test
    void aGeminiBatchResponseLineEndsAtItsAnswerWhenALaterLineIsCutShort() throws Exception {
        Trace trace = read("predictions.jsonl", """
                {"key": "r1", "response": {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {}}}]}, "finishReason": "STOP"}], "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5}}}
                {"key": "r2", "response": {"candidates": [{"content": {"role": "mo""");
        assertEquals("gemini", trace.format());
        assertTrue(cutThread(trace, "r1").records().endsAtModelAnswer());
    }

    @Test
    void aConverseResponseLineEndsAtItsAnswerWhenALaterLineIsCutShort() throws Exception {
        Trace trace = read("responses.jsonl", """
                {"output": {"message": {"role": "assistant", "content": [{"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "input": {}}}]}}, "stopReason": "tool_use", "usage": {"inputTokens": 12, "outputTokens": 48, "totalTokens": 60}}
                {"output": {"message": {"role": "assistant", "content": [{"te""");
        assertEquals("bedrock-converse", trace.format());
        assertTrue(cutThread(trace, "line 1").records().endsAtModelAnswer());
    }

    @Test
    void aResponsesLogOfExchangesCutShortDoesNotEndAtItsLastAnswer() throws Exception {
        String response = """
                {"id": "resp_1", "object": "response", "model": "gpt-5.1", "status": "completed", "output": [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": "{}", "status": "completed"}], "usage": {"input_tokens": 20, "output_tokens": 5}}
                """;
        assertTrue(read("log.jsonl", response).threads().get(0).records().endsAtModelAnswer());
        Trace trace = read("log.jsonl", response + """
                {"model": "gpt-5.1", "previous_response_id": "resp_1", "input": [{"type": "function_call_out""");
        assertEquals("openai-responses", trace.format());
        assertFalse(cutThread(trace, "resp_1").records().endsAtModelAnswer(),
                "the request cut short was going on that response's thread, with its call's output");
    }
}
