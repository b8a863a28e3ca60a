package dev.tracedeck.importers.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.UnrecognizedFormatException;
import dev.tracedeck.importers.anthropic.AnthropicImporter;
import dev.tracedeck.importers.openai.OpenAiChatImporter;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class GeminiImporterTest {

    private static final Path DIR = Path.of("src/test/resources/gemini");

    private static Trace read(String name) throws Exception {
        return read(name, Files.readAllBytes(DIR.resolve(name)));
    }

    private static Trace read(String name, byte[] bytes) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, bytes), ImportListener.NONE);
    }

    private static List<Event> messages(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage).toList();
    }

    private static Message message(Event e) {
        return ((Payload.ConversationMessage) e.payload()).message();
    }

    @Test
    void readsARequestsContentsWithEachFunctionResponseAResultOfItsOwn() throws Exception {
        Trace trace = read("parallel-request.json");
        assertEquals(GeminiImporter.FORMAT_ID, trace.format());
        List<Event> m = messages(trace);
        assertEquals(6, m.size());
        assertEquals("system", message(m.get(0)).role());
        assertEquals("You are a helpful lighting assistant.", message(m.get(0)).content());
        assertEquals(OptionalInt.empty(), ((Payload.ConversationMessage) m.get(0).payload()).msgIdx());
        Message calls = message(m.get(2));
        assertEquals("assistant", calls.role());
        assertEquals("[reasoning: 26 characters]", calls.content());
        assertEquals(List.of("power_disco_ball", "start_music", "dim_lights"),
                calls.toolCalls().stream().map(c -> c.name()).toList());
        assertEquals("{\"energetic\":true,\"loud\":true}", calls.toolCalls().get(1).rawArguments());
        assertEquals("/contents/1", m.get(2).source().pointer());
        for (int i = 3; i <= 5; i++) {
            assertTrue(message(m.get(i)).isToolResult());
            assertEquals("/contents/2/parts/" + (i - 3), m.get(i).source().pointer());
            assertEquals(OptionalInt.of(2), ((Payload.ConversationMessage) m.get(i).payload()).msgIdx());
        }
        assertEquals(List.of("power_disco_ball_1", "start_music_2", "dim_lights_3"),
                calls.toolCalls().stream().map(c -> c.id()).toList(), "the ids Vertex AI's instrumentation gives");
        assertEquals(List.of("start_music_2", "power_disco_ball_1", "dim_lights_3"),
                m.subList(3, 6).stream().map(e -> message(e).toolCallId()).toList(), "by name and order");
        assertEquals("start_music", message(m.get(3)).name());
        assertEquals("{\"result\":\"ok\"}", message(m.get(3)).content());
        assertEquals(1L, trace.report().recordKinds().get("request"));
    }

    @Test
    void aResponseIsACallOfItsModelVersionBilledItsUsageMetadata() throws Exception {
        Trace trace = read("tool-call-response.json");
        assertEquals(GeminiImporter.FORMAT_ID, trace.format());
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(1, calls.size());
        ModelCall call = calls.get(0);
        assertEquals("gemini-2.5-flash", call.model());
        assertEquals(new TokenUsage(1200, 1024, 0, 70), call.usage().orElseThrow());
        BilledUsage bill = call.billed().orElseThrow();
        assertEquals("r8dYaPXDLZ2kz7IP5smDCA", bill.id());
        assertEquals(1200, bill.input());
        assertEquals(1024, bill.cacheRead());
        assertEquals(70, bill.output());
        assertEquals(52, bill.reasoning());
        assertEquals("/candidates/0/content", call.event().source().pointer());
        assertEquals("get_current_temperature", message(call.event()).toolCalls().get(0).name());
        assertTrue(trace.threads().get(0).records().endsAtModelAnswer());
        assertEquals(1L, trace.report().recordKinds().get("response"));
    }

    @Test
    void batchLinesAreThreadsNamedByKeyAndAResponseTakesTheIdOfTheCallItAnswers() throws Exception {
        Trace trace = read("batch-requests.jsonl");
        assertEquals(GeminiImporter.FORMAT_ID, trace.format());
        assertEquals(List.of("request-1", "request-2", "request-3"),
                trace.threads().stream().map(t -> t.id()).toList());
        List<Event> m = messages(trace);
        assertEquals("user", message(m.get(0)).role(), "a content without a role is the user's");
        Message result = message(m.get(3));
        assertEquals("call-7", result.toolCallId());
        assertEquals("/request/contents/2/parts/0", m.get(3).source().pointer());
        assertEquals("gemini-2.5-flash", trace.threads().get(2).records().modelCalls().get(0).model());
    }

    @Test
    void aResponseNamingNoCallAnswersTheOldestWaitingCallOfItsFunction() throws Exception {
        String request = """
                {"contents": [
                  {"role": "user", "parts": [{"text": "Weather in Paris and Rome?"}]},
                  {"role": "model", "parts": [
                    {"functionCall": {"id": "a", "name": "weather", "args": {"city": "Paris"}}},
                    {"functionCall": {"id": "b", "name": "time", "args": {"city": "Rome"}}},
                    {"functionCall": {"id": "c", "name": "weather", "args": {"city": "Rome"}}}]},
                  {"role": "user", "parts": [
                    {"functionResponse": {"name": "time", "response": {"time": "12:00"}}},
                    {"functionResponse": {"name": "weather", "response": {"sky": "clear"}}},
                    {"functionResponse": {"name": "weather", "response": {"sky": "rain"}}}]}]}
                """;
        List<Event> m = messages(read("pair.json", request.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(List.of("b", "a", "c"), m.subList(2, 5).stream().map(e -> message(e).toolCallId()).toList());
    }

    @Test
    void streamChunksErrorsAndEmbeddingsAreRefused() throws Exception {
        assertThrows(UnrecognizedFormatException.class, () -> read("stream-chunks.jsonl"));
        assertThrows(UnrecognizedFormatException.class, () -> read("error.json",
                "{\"error\": {\"code\": 429, \"message\": \"quota\", \"status\": \"RESOURCE_EXHAUSTED\"}}".getBytes()));
        assertThrows(UnrecognizedFormatException.class, () -> read("embed.json",
                "{\"model\": \"models/gemini-embedding-001\", \"content\": {\"parts\": [{\"text\": \"hi\"}]}}".getBytes()));
    }

    @Test
    void readsThePythonSdksSnakeCaseDump() throws Exception {
        String response = """
                {"candidates": [{"content": {"parts": [{"function_call": {"name": "weather", "args": {"city": "Rome"}}}],
                  "role": "model"}, "finish_reason": "STOP"}],
                 "usage_metadata": {"prompt_token_count": 30, "candidates_token_count": 5, "thoughts_token_count": 10,
                  "tool_use_prompt_token_count": 7, "total_token_count": 52},
                 "model_version": "gemini-2.5-pro", "response_id": "abc"}
                """;
        Trace trace = read("snake.json", response.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        ModelCall call = trace.threads().get(0).records().modelCalls().get(0);
        assertEquals("gemini-2.5-pro", call.model());
        assertEquals(new TokenUsage(37, 0, 0, 15), call.usage().orElseThrow(), "tool-use prompt in, thoughts out");
        assertEquals("weather_0", message(call.event()).toolCalls().get(0).id());
    }

    @Test
    void aContentThatIsNoContentIsAMalformedRecordAndTheRestIsRead() throws Exception {
        String lines = """
                {"contents": [{"role": "user", "parts": "hi"}, {"role": "model", "parts": [{"text": "hello"}]}]}
                {"contents": [{"role": "user", "parts": [{"text": "lost"}]}]
                {"contents": [{"role": "user", "parts": [{"text": "again"}]}]}
                """;
        Trace trace = read("broken.jsonl", lines.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(GeminiImporter.FORMAT_ID, trace.format());
        assertEquals(2L, trace.report().recordKinds().get("malformed"));
        assertEquals(List.of("hello", "again"), messages(trace).stream().map(e -> message(e).content()).toList());
        assertTrue(trace.report().diagnostics().stream()
                .anyMatch(d -> d.line() == 1 && d.message().contains("a content's parts is a string, not a list")),
                trace.report().diagnostics().toString());
    }

    @Test
    void sniffsGeminiApartFromAnthropicAndOpenAi() throws Exception {
        String head = Files.readString(DIR.resolve("parallel-request.json"));
        assertEquals(90, new GeminiImporter().confidence(head));
        assertEquals(0, new AnthropicImporter().confidence(head));
        assertTrue(new OpenAiChatImporter().confidence(head) < 90, "a user role alone is not OpenAI's");
        assertEquals(0, new GeminiImporter().confidence(
                "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}"));
    }

    @Test
    void aBatchLineWhoseMembersAreOfAnotherTypeIsAMalformedRecordOfItsLineAndTheOthersAreRead() throws Exception {
        String good = "{\"key\": \"request-1\", \"request\": {\"contents\": [{\"role\": \"user\", \"parts\": [{\"text\": \"Hi\"}]}],"
                + " \"generationConfig\": {\"temperature\": 0.7}}}\n";
        for (String broken : List.of(
                "{\"key\": \"request-2\", \"request\": 7}",
                "{\"key\": \"request-2\", \"request\": {\"contents\": \"Hi\"}}",
                "{\"key\": 2, \"request\": {\"contents\": [{\"parts\": [{\"text\": \"Hi\"}]}]}}",
                "{\"key\": \"request-2\", \"response\": [1]}",
                "{\"key\": \"request-2\", \"response\": {\"candidates\": \"none\"}}")) {
            Trace trace = read("batch.jsonl", (good + broken + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(GeminiImporter.FORMAT_ID, trace.format(), broken);
            List<Event> bad = trace.events().stream()
                    .filter(e -> e.kind() == dev.tracedeck.model.event.EventKind.MALFORMED).toList();
            assertEquals(1, bad.size(), broken);
            assertEquals("line 2", bad.get(0).threadId(), broken);
            assertEquals(2, bad.get(0).source().firstLine(), broken);
            assertEquals(List.of("Hi"), messages(trace).stream().map(e -> message(e).content()).toList(), broken);
            assertEquals(0, trace.report().recordKinds().getOrDefault("other", 0L), broken);
        }
    }

    /** The malformed records of a trace, as "thread: reason". */
    private static List<String> malformed(Trace trace) {
        return trace.events().stream().filter(e -> e.kind() == dev.tracedeck.model.event.EventKind.MALFORMED)
                .map(e -> e.threadId() + ": " + e.summary()).toList();
    }

    @Test
    void aCallsArgsAResponsesResponseOrACandidatesPartOfAnotherTypeIsAMalformedContentNotItsText() throws Exception {
        String request = """
                {"contents": [
                  {"role": "user", "parts": [{"text": "Lights on?"}]},
                  {"role": "model", "parts": [{"functionCall": {"name": "dim_lights", "args": ARGS}}]},
                  {"role": "user", "parts": [{"functionResponse": {"name": "dim_lights", "response": RESPONSE}}]}]}
                """;
        String good = request.replace("ARGS", "{\"brightness\": 0.5}").replace("RESPONSE", "{\"result\": \"ok\"}");
        Trace read = read("request.json", good.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(List.of(), malformed(read));
        assertEquals(3, messages(read).size());
        for (String broken : List.of(good.replace("{\"brightness\": 0.5}", "\"brightness 0.5\""),
                good.replace("{\"result\": \"ok\"}", "\"ok\""), good.replace("{\"result\": \"ok\"}", "[\"ok\"]"))) {
            Trace trace = read("request.json", broken.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            List<String> bad = malformed(trace);
            assertEquals(1, bad.size(), broken);
            assertTrue(bad.get(0).contains("not an object"), bad.get(0));
            assertEquals(2, messages(trace).size(), broken);
        }
        String batch = "{\"key\": \"r1\", \"request\": {\"contents\": [{\"role\": \"user\", \"parts\": [{\"text\": \"Dim them.\"}]}]}}\n"
                + "{\"key\": \"r1\", \"response\": {\"candidates\": [{\"content\": {\"role\": \"model\", \"parts\":"
                + " [{\"functionCall\": {\"name\": \"dim_lights\", \"args\": \"0.5\"}}]}}]}}\n";
        Trace output = read("batch.jsonl", batch.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(List.of("line 2: a function_call's args is a string, not an object"), malformed(output));
        String text = batch.replace("{\"functionCall\": {\"name\": \"dim_lights\", \"args\": \"0.5\"}}", "\"Dimmed.\"");
        Trace said = read("batch.jsonl", text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(List.of("line 2: a candidate's part is a string, not an object"), malformed(said));
        Trace asked = read("batch.jsonl", batch.replace("[{\"text\": \"Dim them.\"}]", "[\"Dim them.\"]")
                .replace("\"0.5\"", "{\"brightness\": 0.5}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(List.of(), malformed(asked), "a request's part may be a plain string");
        assertEquals("Dim them.", message(messages(asked).get(0)).content());
    }

    @Test
    void aSingleRequestsContentsThatIsNoListIsAMalformedRecordNotLost() throws Exception {
        String request = "{\"systemInstruction\": {\"parts\": [{\"text\": \"Be brief.\"}]}, \"contents\": CONTENTS,"
                + " \"generationConfig\": {\"temperature\": 0}}";
        for (String contents : List.of("\"Hi\"", "7")) {
            Trace trace = read("request.json", request.replace("CONTENTS", contents).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            List<String> bad = malformed(trace);
            assertEquals(1, bad.size(), contents);
            assertTrue(bad.get(0).startsWith("conversation: a Gemini request whose contents is"), bad.get(0));
        }
    }
}
