package dev.tracedeck.importers.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload.ConversationMessage;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** OpenAI Responses exchanges in a recording, in the API reference's shapes. */
class RecordingResponsesTest {

    static Trace read(String text) throws ImportException {
        return Importers.standard().read(ImportSource.of("recording.json", text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    static List<Message> messages(Trace trace) {
        return trace.events().stream().map(Event::payload).filter(p -> p instanceof ConversationMessage)
                .map(p -> ((ConversationMessage) p).message()).toList();
    }

    static List<String> contents(Trace trace) {
        return messages(trace).stream().map(m -> m.role() + ": " + m.content()
                + (m.toolCalls().isEmpty() ? "" : " " + m.toolCalls().stream().map(c -> c.id()).toList())).toList();
    }

    /**
     * A function-calling round trip: the first answer reasons, calls {@code get_weather}, reasons again and calls it
     * for a second city; the follow-up request chains on it by {@code previous_response_id} with only the outputs.
     */
    static final String CHAINED = """
            [{"request": {"method": "POST", "url": "https://api.openai.com/v1/responses", "body": {"model": "o4-mini",
               "instructions": "Answer briefly.", "input": "Weather in Paris and Rome?",
               "tools": [{"type": "function", "name": "get_weather", "parameters": {"type": "object"}}]}},
             "response": {"status_code": 200, "body": {"id": "resp_1", "object": "response", "status": "completed",
               "model": "o4-mini-2025-04-16", "error": null, "output": [
                 {"id": "rs_1", "type": "reasoning", "summary": []},
                 {"id": "fc_1", "type": "function_call", "call_id": "call_p", "name": "get_weather", "arguments": "{\\"city\\":\\"Paris\\"}", "status": "completed"},
                 {"id": "rs_2", "type": "reasoning", "summary": []},
                 {"id": "fc_2", "type": "function_call", "call_id": "call_r", "name": "get_weather", "arguments": "{\\"city\\":\\"Rome\\"}", "status": "completed"}],
               "usage": {"input_tokens": 60, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 90, "total_tokens": 150}}}},
             {"request": {"method": "POST", "url": "https://api.openai.com/v1/responses", "body": {"model": "o4-mini",
               "previous_response_id": "resp_1", "input": [
                 {"type": "function_call_output", "call_id": "call_p", "output": "18 C"},
                 {"type": "function_call_output", "call_id": "call_r", "output": "24 C"}]}},
             "response": {"status_code": 200, "body": {"id": "resp_2", "object": "response", "status": "completed",
               "model": "o4-mini-2025-04-16", "error": null, "output": [
                 {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
                  "content": [{"type": "output_text", "text": "Paris 18 C, Rome 24 C.", "annotations": []}]}],
               "usage": {"input_tokens": 200, "input_tokens_details": {"cached_tokens": 128}, "output_tokens": 12, "total_tokens": 212}}}}]
            """;

    @Test
    void itemsAreMessagesAsOpenAiResponsesReadsThemAndEachResponseIsACall() throws Exception {
        Trace trace = read(CHAINED);
        assertEquals("sdk-recording", trace.format());
        assertEquals(List.of("system: Answer briefly.", "user: Weather in Paris and Rome?",
                "assistant: [reasoning] [call_p]", "assistant: [reasoning] [call_r]", "tool: 18 C", "tool: 24 C",
                "assistant: Paris 18 C, Rome 24 C."), contents(trace));
        assertTrue(messages(trace).get(2).silent(), "a turn of reasoning and calls says nothing");
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(2, calls.size());
        assertEquals("o4-mini-2025-04-16", calls.get(1).model());
        assertEquals(Optional.of(new TokenUsage(200, 128, 0, 12)), calls.get(1).usage());
        assertEquals(0, trace.report().otherRecords());
    }

    @Test
    void aResponsesRecordingFollowsTheResponsesConventions() throws Exception {
        // So it is judged with the Responses pairing: under the generic one the second silent turn would come
        // between call_p and its output.
        assertEquals("openai-responses", read(CHAINED).report().conventions());
    }

    @Test
    void aRequestRepeatingTheHistoryAddsOnlyWhatIsNew() throws Exception {
        String full = CHAINED.replace("\"previous_response_id\": \"resp_1\", \"input\": [", """
                "instructions": "Answer briefly.", "input": [
                 {"role": "user", "content": "Weather in Paris and Rome?"},
                 {"id": "rs_1", "type": "reasoning", "summary": []},
                 {"id": "fc_1", "type": "function_call", "call_id": "call_p", "name": "get_weather", "arguments": "{\\"city\\":\\"Paris\\"}"},
                 {"id": "rs_2", "type": "reasoning", "summary": []},
                 {"id": "fc_2", "type": "function_call", "call_id": "call_r", "name": "get_weather", "arguments": "{\\"city\\":\\"Rome\\"}"},
                """);
        assertEquals(contents(read(CHAINED)), contents(read(full)));
    }

    @Test
    void aCallWithoutItsOutputStaysUnansweredAndAChatRecordingKeepsTheGenericConventions() throws Exception {
        String lost = CHAINED.replace("""
                 {"type": "function_call_output", "call_id": "call_r", "output": "24 C"}""", """
                 {"role": "user", "content": "Never mind Rome."}""");
        assertEquals(List.of("call_p"), messages(read(lost)).stream().filter(Message::isToolResult)
                .map(Message::toolCallId).toList());
        assertEquals("", read(RecordingImporterTest.CHAT).report().conventions());
    }

    @Test
    void anItemThatIsNoMessageIsARecordOfItsType() throws Exception {
        Trace trace = read(CHAINED.replace("{\"id\": \"rs_2\", \"type\": \"reasoning\", \"summary\": []},",
                "{\"id\": \"ir_1\", \"type\": \"item_reference\"},"));
        assertEquals(1L, trace.report().recordsOf("item_reference"));
    }
}
