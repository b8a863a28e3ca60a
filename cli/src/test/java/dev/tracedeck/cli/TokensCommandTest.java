package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokensCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void countsEachThreadsFinalHistoryWithTheModelTheTraceNames() throws Exception {
        CliRun run = CliRun.of("tokens", "--json", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode file = JSON.readTree(run.out()).get(0);
        assertEquals("gpt-4o-mini", file.get("model").asText());
        assertEquals("named by the trace", file.get("modelSource").asText());
        assertEquals("o200k_base", file.get("encoding").asText());
        assertEquals(128_000, file.get("contextLimit").asInt());
        JsonNode thread = file.get("threads").get(0);
        int sum = 0;
        for (JsonNode category : thread.get("categories")) {
            sum += category.asInt();
        }
        assertEquals(thread.get("promptTokens").asInt(), sum, "categories add up to the prompt");
        JsonNode points = thread.get("points");
        assertEquals(thread.get("promptTokens").asInt(), points.get(points.size() - 1).get("tokens").asInt());
        assertFalse(thread.get("exact").asBoolean(), "previews are a lower bound");
    }

    @Test
    void aModelWithoutAPublicTokenizerIsAnEstimateAndTheWindowCanBeSet() throws Exception {
        JsonNode file = JSON.readTree(CliRun.of("tokens", "--json", "--model", "anthropic.claude-3-sonnet-20240229-v1:0",
                CliRun.AFTER.toString()).out()).get(0);
        assertFalse(file.get("exactTokenizer").asBoolean());
        assertEquals(100_000, file.get("contextLimit").asInt(), "Claude on AWS Bedrock");
        assertTrue(file.get("threads").get(0).get("estimateReasons").get(0).asText().contains("no public tokenizer"));
        JsonNode limited = JSON.readTree(CliRun.of("tokens", "--json", "--context-limit", "1000", CliRun.AFTER.toString()).out()).get(0);
        assertEquals(1000, limited.get("contextLimit").asInt());
    }

    @Test
    void aClaudeCodeSessionNamesItsModelAndShowsTheRecordedContextBesideTheEstimate() throws Exception {
        Path session = Path.of("../sample-logs/claude-code/compacted-session.jsonl");
        CliRun text = CliRun.of("tokens", "--no-workspace", session.toString());
        assertEquals(ExitCodes.OK, text.code(), text.err());
        assertTrue(text.out().contains("(claude-sonnet-4-5-20250929, named by the trace; estimated window 200,000 tokens)"),
                text.out());
        assertTrue(text.out().contains(" 14,384 tokens billed    7.2% of the window  peak 14,384 over 5 calls"),
                "the billed context leads\n" + text.out());
        assertTrue(text.out().contains("      Tracedeck's count of the history: "), text.out());
        assertTrue(text.out().contains("recorded usage: the last call read 14,384 prompt tokens"), text.out());
        assertTrue(text.out().contains("Tracedeck's own count of the history there is"), text.out());
        assertTrue(text.out().contains("compacted at line 6 (manual), 14,561 tokens before as recorded: dropped 5 messages"),
                text.out());

        JsonNode thread = JSON.readTree(CliRun.of("tokens", "--json", "--no-workspace", session.toString()).out())
                .get(0).get("threads").get(0);
        JsonNode calls = thread.get("recordedCalls");
        assertEquals(5, calls.size());
        JsonNode last = calls.get(4);
        assertEquals(14_384, last.get("promptTokens").asInt(), "input + cache writes + cache reads");
        assertEquals(14_260, last.get("cacheReadTokens").asInt());
        assertEquals(120, last.get("cacheWriteTokens").asInt());
        assertEquals(62, last.get("outputTokens").asInt());
        assertTrue(last.has("estimatedTokens"));
        JsonNode compaction = thread.get("compactions").get(0);
        assertEquals(6, compaction.get("line").asInt());
        assertEquals(14_561, compaction.get("tokensBefore").asInt());
        assertEquals("manual", compaction.get("trigger").asText());
        assertEquals(5, compaction.get("droppedMessages").asInt());
    }

    @Test
    void badArgumentsAndUnreadableFilesExit2(@TempDir Path dir) throws Exception {
        assertEquals(ExitCodes.USAGE, CliRun.of("tokens", "--context-limit", "0", CliRun.AFTER.toString()).code());
        Path notes = Files.writeString(dir.resolve("notes.txt"), "nothing here\n");
        CliRun run = CliRun.of("tokens", notes.toString());
        assertEquals(ExitCodes.USAGE, run.code());
        assertTrue(run.err().contains("not a format Tracedeck knows"), run.err());
    }

    @Test
    void theTextTableNamesTheWindowAndTheShare() {
        CliRun run = CliRun.of("tokens", CliRun.BEFORE.toString());
        assertTrue(run.out().contains("(gpt-4o-mini, named by the trace; o200k_base window 128,000 tokens)"), run.out());
        assertTrue(run.out().contains("% of the window"), run.out());
        assertTrue(run.out().contains("note: the log shows messages as previews"), run.out());
    }

    /** OpenAI's cookbook request with the weather tool, as a request body on disk: the API reported 101 prompt tokens. */
    @Test
    void aRequestFileCountsExactlyThatRequestWithItsTools(@TempDir Path dir) throws Exception {
        Path request = Files.writeString(dir.resolve("request.json"), """
                {"model": "gpt-4o-mini",
                 "messages": [
                   {"role": "system", "content": "You are a helpful assistant that can answer to questions about the weather."},
                   {"role": "user", "content": "What's the weather like in San Francisco?"}],
                 "tools": [{"type": "function", "function": {
                   "name": "get_current_weather", "description": "Get the current weather in a given location",
                   "parameters": {"type": "object", "properties": {
                     "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
                     "unit": {"type": "string", "description": "The unit of temperature to return", "enum": ["celsius", "fahrenheit"]}},
                   "required": ["location"]}}}]}
                """);
        CliRun run = CliRun.of("tokens", "--json", request.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode file = JSON.readTree(run.out()).get(0);
        assertEquals("gpt-4o-mini", file.get("model").asText());
        JsonNode thread = file.get("threads").get(0);
        assertEquals(101, thread.get("promptTokens").asInt());
        assertTrue(thread.get("exact").asBoolean(), thread.get("estimateReasons").toString());
        JsonNode gpt4 = JSON.readTree(CliRun.of("tokens", "--json", "--model", "gpt-4-0613", request.toString()).out()).get(0);
        assertEquals(105, gpt4.get("threads").get(0).get("promptTokens").asInt(), "the API reported 105 for gpt-4");
    }

    /**
     * OpenAI's cookbook request whose few-shot examples are system messages with a {@code name}: the API reported 124
     * prompt tokens for gpt-4o and gpt-4o-mini, 129 for gpt-4-0613. Each name costs its tokens and one more.
     */
    @Test
    void aMessagesNameIsCountedAsTheApiCountsIt(@TempDir Path dir) throws Exception {
        Path request = Files.writeString(dir.resolve("request.json"), """
                {"model": "gpt-4o",
                 "messages": [
                   {"role": "system", "content": "You are a helpful, pattern-following assistant that translates corporate jargon into plain English."},
                   {"role": "system", "name": "example_user", "content": "New synergies will help drive top-line growth."},
                   {"role": "system", "name": "example_assistant", "content": "Things working well together will increase revenue."},
                   {"role": "system", "name": "example_user", "content": "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage."},
                   {"role": "system", "name": "example_assistant", "content": "Let's talk later when we're less busy about how to do better."},
                   {"role": "user", "content": "This late pivot means we don't have time to boil the ocean for the client deliverable."}]}
                """);
        CliRun run = CliRun.of("tokens", "--json", request.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode thread = JSON.readTree(run.out()).get(0).get("threads").get(0);
        assertEquals(124, thread.get("promptTokens").asInt(), "gpt-4o: the API reported 124");
        assertTrue(thread.get("exact").asBoolean(), thread.get("estimateReasons").toString());
        JsonNode gpt4 = JSON.readTree(CliRun.of("tokens", "--json", "--model", "gpt-4-0613", request.toString()).out()).get(0);
        assertEquals(129, gpt4.get("threads").get(0).get("promptTokens").asInt(), "gpt-4-0613: the API reported 129");
    }

    @Test
    void aModelsFileAddsProfilesForTokensPruneAndTheContextRules(@TempDir Path dir) throws Exception {
        Path models = Files.writeString(dir.resolve("models.json"),
                "{\"models\": [{\"name\": \"tiny-model\", \"contextLimit\": 300, \"encoding\": \"o200k_base\"}]}");
        JsonNode file = JSON.readTree(CliRun.of("tokens", "--json", "--models", models.toString(), "--model", "tiny-model-v2",
                CliRun.BEFORE.toString()).out()).get(0);
        assertEquals(300, file.get("contextLimit").asInt());
        assertTrue(file.get("exactTokenizer").asBoolean());
        JsonNode pruned = JSON.readTree(CliRun.of("prune", "--strategy", "token_budget", "--models", models.toString(),
                "--model", "tiny-model", "--thread", "s2", "--format", "json", CliRun.BEFORE.toString()).out());
        assertEquals(300, pruned.get("contextLimit").asInt());
        assertTrue(pruned.get("after").get("promptTokens").asInt() < pruned.get("before").get("promptTokens").asInt(),
                "over 80 % of a 300-token window: summarized");
        Path config = Files.writeString(dir.resolve("rules.json"), "{\"parameters\": {\"model\": \"tiny-model\"}}");
        CliRun validate = CliRun.of("validate", "--format", "json", "--config", config.toString(), "--models", models.toString(),
                CliRun.BEFORE.toString());
        assertTrue(validate.out().contains("context-overflow"), validate.out());
        assertTrue(validate.out().contains("300-token window"), "the rules measure against the file's profile");
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"models\": [{\"name\": \"x\"}]}");
        CliRun refused = CliRun.of("tokens", "--models", bad.toString(), CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, refused.code());
        assertTrue(refused.err().contains("bad.json:1"), refused.err());
    }
}
