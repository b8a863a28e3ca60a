package dev.tracedeck.importers.anthropic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class AnthropicImporterTest {

    private static Trace read(String name, String text) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static List<Event> messages(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage).toList();
    }

    private static Message message(Event e) {
        return ((Payload.ConversationMessage) e.payload()).message();
    }

    private static final String PARALLEL = """
            {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [
              {"role": "user", "content": "Weather in SF and NYC?"},
              {"role": "assistant", "content": [
                {"type": "text", "text": "Checking both."},
                {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"location": "SF"}},
                {"type": "tool_use", "id": "toolu_02", "name": "get_weather", "input": {"location": "NYC"}}]},
              {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_02", "content": [{"type": "text", "text": "12C"}]},
                {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18C", "is_error": false},
                {"type": "text", "text": "And what should I wear?"}]}
            ], "system": [{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}]}
            """;

    @Test
    void splitsAUserMessageIntoItsResultsAndItsTextSharingTheMessageIndex() throws Exception {
        Trace trace = read("parallel.json", PARALLEL);
        assertEquals("anthropic", trace.format());
        List<Event> m = messages(trace);
        assertEquals(6, m.size());
        Message call = message(m.get(1));
        assertEquals(List.of("toolu_01", "toolu_02"), call.toolCalls().stream().map(c -> c.id()).toList());
        assertEquals("{\"location\":\"SF\"}", call.toolCalls().get(0).rawArguments());
        assertEquals("Checking both.", call.content());
        assertEquals("toolu_02", message(m.get(2)).toolCallId());
        assertEquals("12C", message(m.get(2)).content());
        assertEquals("/messages/2/content/0", m.get(2).source().pointer());
        assertEquals("/messages/2/content/2", m.get(4).source().pointer());
        assertEquals("user", message(m.get(4)).role());
        for (int i = 2; i <= 4; i++) {
            assertEquals(OptionalInt.of(2), ((Payload.ConversationMessage) m.get(i).payload()).msgIdx());
        }
        Event system = m.get(5);
        assertEquals("system", message(system).role(), "where the file has it: after messages");
        assertEquals("Be brief.", message(system).content());
        assertEquals(OptionalInt.empty(), ((Payload.ConversationMessage) system.payload()).msgIdx());
        assertEquals(1L, trace.report().recordKinds().get("request"));
    }

    @Test
    void sniffsAnthropicOverOpenAiAndTheOtherWayRound() {
        AnthropicImporter anthropic = new AnthropicImporter();
        assertTrue(anthropic.confidence(PARALLEL) > 85);
        assertEquals(0, anthropic.confidence("[{\"role\": \"system\", \"content\": \"x\"}, {\"role\": \"user\", \"content\": \"hi\"}]"));
        assertEquals(0, anthropic.confidence("{\"messages\": [{\"role\": \"assistant\", \"tool_calls\": []}]}"));
        assertEquals(0, anthropic.confidence("{\"sessionId\": \"s\", \"uuid\": \"u\", \"type\": \"user\", \"message\": "
                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\"}]}}"));
        assertTrue(anthropic.confidence("[{\"role\": \"user\", \"content\": \"hi\"}]") < 60, "plain chat stays OpenAI's");
    }

    @Test
    void keepsABrokenLineWithItsColumnAndGoesOn() throws Exception {
        Trace trace = read("chat.jsonl", """
                {"role": "user", "content": "hi"}
                {"role": "assistant", "content": [{"type": "text" "text": "hello"}]}
                {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_9", "name": "ls", "input": {}}]}
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_9", "content": "a.txt"}]}
                """);
        assertEquals(1, trace.report().malformedRecords());
        Event broken = trace.events().get(1);
        assertEquals(EventKind.MALFORMED, broken.kind());
        assertEquals(2, broken.source().firstLine());
        assertTrue(((Payload.Unparsed) broken.payload()).reason().startsWith("not valid JSON at column 51"),
                ((Payload.Unparsed) broken.payload()).reason());
        assertEquals(3, messages(trace).size());
        assertEquals(OptionalInt.of(3), ((Payload.ConversationMessage) messages(trace).get(2).payload()).msgIdx());
        assertTrue(trace.report().complete());
    }

    @Test
    void aFileCutShortImportsWhatCameBeforeAndSaysWhereItStopped() throws Exception {
        Trace trace = read("cut.json", PARALLEL.substring(0, PARALLEL.indexOf("{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_01\"")));
        assertFalse(trace.report().complete());
        Event last = trace.events().get(trace.events().size() - 1);
        assertEquals("CUT_SHORT", last.keyword());
        assertEquals(2, messages(trace).size(), "the question and the call; the message being written is lost");
    }

    @Test
    void aMessageWhoseBlocksAreWrongIsKeptMalformed() throws Exception {
        Trace trace = read("bad.jsonl", """
                {"role": "user", "content": "hi"}
                {"role": "assistant", "content": [{"type": "tool_use", "name": "ls", "input": {}}]}
                """);
        Event bad = trace.events().get(1);
        assertEquals(EventKind.MALFORMED, bad.kind());
        assertEquals("content[0] is a tool_use without an id", ((Payload.Unparsed) bad.payload()).reason());
    }

    @Test
    void aRequestWhoseMessagesAreNotAListIsRefusedAsHoldingNoMessage() {
        String text = "{\"model\": \"claude-sonnet-4-5\", \"messages\": 4}";
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class, () -> Importers.standard()
                .forcing("anthropic").read(ImportSource.of("request.json", text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE));
        assertEquals("request.json: not anthropic (no Anthropic message in 1 record)", e.getMessage());
    }

    @Test
    void aResponseIsTheAssistantsMessageAndItsUsageAResponseRecord() throws Exception {
        Trace trace = read("response.json", """
                {"id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                 "content": [{"type": "thinking", "thinking": "abc", "signature": "x"}, {"type": "text", "text": "Hi"}],
                 "stop_reason": "end_turn", "usage": {"input_tokens": 5, "output_tokens": 2}}
                """);
        assertEquals("[thinking: 3 characters]\\nHi".replace("\\n", "\n"), message(messages(trace).get(0)).content());
        assertEquals(1L, trace.report().recordKinds().get("response"));
    }

    @Test
    void eachRequestLineOfABatchFileIsAThreadNamedByItsCustomId() throws Exception {
        Trace trace = read("batch.jsonl", """
                {"custom_id": "req-1", "params": {"model": "claude-haiku-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "Hello"}]}}
                {"custom_id": "req-2", "params": {"model": "claude-haiku-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "Bye"}]}}
                """);
        assertEquals(List.of("req-1", "req-2"), trace.threads().stream().map(t -> t.id()).toList());
        assertEquals("/params/messages/0", messages(trace).get(1).source().pointer());
    }

    @Test
    void aJsonLinesFileOnDiskKeepsItsMessagesTextsAsRangesOfTheFileAsWritten(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String first = "{\"role\": \"user\",  \"content\": \"東京の天気は? 🌧\"}";
        String second = "{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"Rain, 18\u00b0C.\"}]}";
        String line = "{\"custom_id\": \"req-1\", \"params\": {\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 256, "
                + "\"messages\": [" + first + ", " + second + "]}}";
        String top = "{\"id\": \"req-2\", \"model\": \"claude-sonnet-4-5\", \"messages\": [" + first + " ,  " + second + "]}";
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("batch.jsonl"), line + "\n" + top + "\n");
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        List<Event> req2 = messages(trace).stream().filter(e -> e.threadId().equals("req-2")).toList();
        assertEquals(2, req2.size());
        for (Event e : req2) {
            assertTrue(e.sourceText() instanceof dev.tracedeck.model.source.SourceText.InFile, e.sourceText().toString());
        }
        assertEquals(first, req2.get(0).text(), "the message as written in the file, spaces and all");
        assertEquals(second, req2.get(1).text());
        assertEquals("東京の天気は? 🌧", message(req2.get(0)).content());
        // The reader slices only a line's top-level members: a Batch line's params.messages are written out again.
        List<Event> req1 = messages(trace).stream().filter(e -> e.threadId().equals("req-1")).toList();
        assertEquals("{\"role\":\"user\",\"content\":\"東京の天気は? 🌧\"}", req1.get(0).text());
        assertEquals(message(req2.get(0)), message(req1.get(0)));
    }
}
