package dev.tracedeck.importers.bedrock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.anthropic.AnthropicImporter;
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

class BedrockConverseImporterTest {

    private static final Path DIR = Path.of("src/test/resources/bedrock-converse");

    private static Trace read(String name) throws Exception {
        return Importers.standard().read(ImportSource.of(name, Files.readAllBytes(DIR.resolve(name))), ImportListener.NONE);
    }

    private static List<Event> messages(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage).toList();
    }

    private static Message message(Event e) {
        return ((Payload.ConversationMessage) e.payload()).message();
    }

    @Test
    void readsARequestsUntypedBlocksAsCallsResultsAndText() throws Exception {
        Trace trace = read("converse-request.json");
        assertEquals(BedrockConverseImporter.FORMAT_ID, trace.format());
        List<Event> m = messages(trace);
        assertEquals(6, m.size());
        Message calls = message(m.get(2));
        assertEquals("[reasoning: 22 characters]", calls.content());
        assertEquals(List.of("tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", "tooluse_p9ZgOLVzQjOLMNrc8bKwRA"),
                calls.toolCalls().stream().map(c -> c.id()).toList());
        assertEquals("{\"sign\":\"WZPZ\"}", calls.toolCalls().get(0).rawArguments());
        assertEquals("tooluse_p9ZgOLVzQjOLMNrc8bKwRA", message(m.get(3)).toolCallId());
        assertEquals("[error] Station WKRP not found.", message(m.get(3)).content());
        assertEquals("{\"song\":\"Elemental Hotel\",\"artist\":\"8 Storey Hike\"}", message(m.get(4)).content());
        assertEquals("/messages/2/content/1", m.get(4).source().pointer());
        assertEquals("And what genre is it?", message(m.get(5)).content());
        assertEquals("/messages/2/content/2", m.get(5).source().pointer());
        assertEquals(OptionalInt.of(2), ((Payload.ConversationMessage) m.get(5).payload()).msgIdx());
        assertEquals("system", message(m.get(0)).role());
        assertEquals("You are a music assistant.", message(m.get(0)).content());
        assertEquals(1L, trace.report().recordKinds().get("request"));
    }

    @Test
    void aResponseIsACallBilledItsUsageWithTheCacheApartFromTheInput() throws Exception {
        Trace trace = read("converse-response.json");
        assertEquals(BedrockConverseImporter.FORMAT_ID, trace.format());
        ModelCall call = trace.threads().get(0).records().modelCalls().get(0);
        assertEquals(new TokenUsage(2012, 1500, 500, 48), call.usage().orElseThrow());
        BilledUsage bill = call.billed().orElseThrow();
        assertEquals("3ba8c2a0-5c1e-4f7e-9d8b-1f0e2c3d4a5b", bill.id());
        assertEquals(12, bill.uncachedInput());
        assertEquals("top_song", message(call.event()).toolCalls().get(0).name());
        assertEquals("/output/message", call.event().source().pointer());
        assertTrue(trace.threads().get(0).records().endsAtModelAnswer());
    }

    @Test
    void aMessageThatIsNoConverseMessageIsMalformedAndTheRestIsRead() throws Exception {
        String lines = """
                {"messages": [{"role": "user"}, {"role": "user", "content": "hi"}], "inferenceConfig": {"maxTokens": 9}}
                {"messages": [{"role": "user", "content": [{"text": "again"}]}], "inferenceConfig": {"maxTokens": 9}}
                """;
        Trace trace = Importers.standard().read(ImportSource.of("broken.jsonl",
                lines.getBytes(java.nio.charset.StandardCharsets.UTF_8)), ImportListener.NONE);
        assertEquals(BedrockConverseImporter.FORMAT_ID, trace.format());
        assertEquals(2L, trace.report().recordKinds().get("malformed"));
        assertEquals(List.of("again"), messages(trace).stream().map(e -> message(e).content()).toList());
        assertTrue(trace.report().diagnostics().stream().anyMatch(d -> d.line() == 1
                && d.message().contains("content is a string, not a list of blocks")), trace.report().diagnostics().toString());
    }

    @Test
    void sniffsConverseOverAnthropic() throws Exception {
        String head = Files.readString(DIR.resolve("converse-request.json"));
        assertEquals(93, new BedrockConverseImporter().confidence(head));
        assertTrue(new AnthropicImporter().confidence(head) < 93);
        assertEquals(0, new BedrockConverseImporter().confidence("""
                {"model": "claude", "messages": [{"role": "user", "content": [{"type": "tool_result",
                  "tool_use_id": "t", "content": "x"}]}], "inputTokens": 3}"""));
        assertEquals(0, new BedrockConverseImporter().confidence("""
                {"messages": [{"role": "assistant", "content": [{"type": "text", "text": "hi"}]}],
                 "usage": {"inputTokens": 3, "outputTokens": 1}}"""), "typed text and camelCase usage: not Converse alone");
        assertEquals(93, new BedrockConverseImporter().confidence("""
                {"output": {"message": {"role": "assistant", "content": [{"type": "text", "text": "4."},
                  {"toolUse": {"toolUseId": "t1", "name": "json", "input": {}}}]}}, "stopReason": "tool_use"}"""));
    }

    /** The malformed records' reasons of a file of these bytes, read as Converse. */
    private static List<String> malformed(String json) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of("converse.json", json.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                ImportListener.NONE);
        assertEquals(BedrockConverseImporter.FORMAT_ID, trace.format());
        return trace.events().stream().filter(e -> e.kind() == dev.tracedeck.model.event.EventKind.MALFORMED)
                .map(e -> e.summary()).toList();
    }

    @Test
    void aReasoningBlockOrAResultsContentOfAnotherTypeIsAMalformedRecordNotAnEmptyText() throws Exception {
        String request = """
                {"modelId": "anthropic.claude-3-7-sonnet", "inferenceConfig": {"maxTokens": 512},
                 "messages": [
                  {"role": "user", "content": [{"text": "Top song on WZPZ?"}]},
                  {"role": "assistant", "content": [{"reasoningContent": REASONING},
                    {"toolUse": {"toolUseId": "t1", "name": "top_song", "input": {"sign": "WZPZ"}}}]},
                  {"role": "user", "content": [{"toolResult": {"toolUseId": "t1", "content": RESULT}}]}]}
                """;
        String good = request.replace("REASONING", "{\"reasoningText\": {\"text\": \"look it up\"}}")
                .replace("RESULT", "[{\"text\": \"Elemental Hotel\"}]");
        assertEquals(List.of(), malformed(good));
        List<String> reasoning = malformed(good.replace("{\"reasoningText\": {\"text\": \"look it up\"}}", "\"look it up\""));
        assertEquals(1, reasoning.size(), reasoning.toString());
        assertTrue(reasoning.get(0).contains("reasoningContent"), reasoning.get(0));
        List<String> said = malformed(good.replace("{\"text\": \"look it up\"}", "7"));
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains("reasoningText"), said.get(0));
        List<String> result = malformed(good.replace("[{\"text\": \"Elemental Hotel\"}]", "\"Elemental Hotel\""));
        assertEquals(1, result.size(), result.toString());
        assertTrue(result.get(0).contains("content"), result.get(0));
    }

    @Test
    void aLineWhoseMessagesOrOutputIsOfAnotherTypeIsAMalformedRecordOfItsLineAndTheOthersAreRead() throws Exception {
        String good = "{\"modelId\": \"amazon.nova-pro-v1:0\", \"messages\": [{\"role\": \"user\", \"content\": [{\"text\": \"Hi\"}]}],"
                + " \"inferenceConfig\": {\"maxTokens\": 64}}\n";
        String answer = "{\"output\": {\"message\": {\"role\": \"assistant\", \"content\": [{\"text\": \"Hello.\"}]}},"
                + " \"stopReason\": \"end_turn\", \"usage\": {\"inputTokens\": 3, \"outputTokens\": 2, \"totalTokens\": 5}}";
        for (String broken : List.of(
                "{\"modelId\": \"amazon.nova-pro-v1:0\", \"messages\": \"Hi again\"}",
                "{\"modelId\": \"amazon.nova-pro-v1:0\", \"messages\": 7}",
                answer.replace("{\"message\": {\"role\": \"assistant\", \"content\": [{\"text\": \"Hello.\"}]}}", "\"Hello.\""),
                answer.replace("{\"role\": \"assistant\", \"content\": [{\"text\": \"Hello.\"}]}", "[\"Hello.\"]"))) {
            Trace trace = Importers.standard().read(ImportSource.of("converse.jsonl",
                    (good + broken + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8)), ImportListener.NONE);
            assertEquals(BedrockConverseImporter.FORMAT_ID, trace.format(), broken);
            List<Event> bad = trace.events().stream()
                    .filter(e -> e.kind() == dev.tracedeck.model.event.EventKind.MALFORMED).toList();
            assertEquals(1, bad.size(), broken);
            assertEquals("line 2", bad.get(0).threadId(), broken);
            assertEquals(2, bad.get(0).source().firstLine(), broken);
            assertTrue(bad.get(0).summary().contains("not a"), bad.get(0).summary());
            assertEquals(List.of("Hi"), messages(trace).stream().map(e -> message(e).content()).toList(), broken);
            assertEquals(0, trace.report().recordKinds().getOrDefault("other", 0L), broken);
        }
    }

    /** A file nothing tells from another format's but its messages: read as Converse only when asked to. */
    @Test
    void aSingleRequestsMessagesThatIsNoListIsAMalformedRecordNotLost() throws Exception {
        String request = """
                {"modelId": "amazon.nova-pro-v1:0", "system": [{"text": "Be brief."}], "messages": "Hi",
                 "inferenceConfig": {"maxTokens": 64}}
                """;
        Trace trace = Importers.standard().read(ImportSource.of("converse.json",
                request.getBytes(java.nio.charset.StandardCharsets.UTF_8)), ImportListener.NONE, BedrockConverseImporter.FORMAT_ID);
        List<Event> bad = trace.events().stream()
                .filter(e -> e.kind() == dev.tracedeck.model.event.EventKind.MALFORMED).toList();
        assertEquals(1, bad.size(), bad.toString());
        assertTrue(bad.get(0).summary().contains("a Converse request whose messages is a string, not a list"),
                bad.get(0).summary());
    }
}
