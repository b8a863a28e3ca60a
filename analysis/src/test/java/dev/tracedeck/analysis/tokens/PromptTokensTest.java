package dev.tracedeck.analysis.tokens;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Reference counts published by OpenAI in the cookbook "How to count tokens with tiktoken"
 * (openai/openai-cookbook, examples/How_to_count_tokens_with_tiktoken.ipynb): the counts its functions printed
 * beside the {@code prompt_tokens} the API reported for the same requests, and its encoding comparisons.
 */
class PromptTokensTest {

    /** The cookbook's section 6 request: a system prompt, few-shot examples with names, a user message. */
    private static final List<PromptMessage> CORPORATE_JARGON = List.of(
            PromptMessage.text("system", "You are a helpful, pattern-following assistant that translates corporate jargon into plain English."),
            PromptMessage.text("system", "New synergies will help drive top-line growth.").named("example_user"),
            PromptMessage.text("system", "Things working well together will increase revenue.").named("example_assistant"),
            PromptMessage.text("system", "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage.").named("example_user"),
            PromptMessage.text("system", "Let's talk later when we're less busy about how to do better.").named("example_assistant"),
            PromptMessage.text("user", "This late pivot means we don't have time to boil the ocean for the client deliverable."));

    /** The cookbook's section 7 request: a weather tool with an enum, a system prompt and a question. */
    private static final List<PromptMessage> WEATHER = List.of(
            PromptMessage.text("system", "You are a helpful assistant that can answer to questions about the weather."),
            PromptMessage.text("user", "What's the weather like in San Francisco?"));

    private static JsonValue weatherTools() {
        JsonValue location = obj("type", str("string"), "description", str("The city and state, e.g. San Francisco, CA"));
        JsonValue unit = obj("type", str("string"), "description", str("The unit of temperature to return"),
                "enum", new JsonValue.JsonArray(List.of(str("celsius"), str("fahrenheit"))));
        JsonValue parameters = obj("type", str("object"), "properties", obj("location", location, "unit", unit),
                "required", new JsonValue.JsonArray(List.of(str("location"))));
        JsonValue function = obj("name", str("get_current_weather"), "description", str("Get the current weather in a given location"),
                "parameters", parameters);
        return new JsonValue.JsonArray(List.of(obj("type", str("function"), "function", function)));
    }

    @Test
    void encodesAsTiktokenDoes() {
        Tokenizer cl100k = Tokenizer.of(TokenEncoding.CL100K_BASE);
        Tokenizer o200k = Tokenizer.of(TokenEncoding.O200K_BASE);
        assertEquals(6, cl100k.count("antidisestablishmentarianism"));
        assertEquals(6, o200k.count("antidisestablishmentarianism"));
        assertEquals(7, cl100k.count("2 + 2 = 4"));
        assertEquals(7, o200k.count("2 + 2 = 4"));
        assertEquals(9, cl100k.count("お誕生日おめでとう"));
        assertEquals(8, o200k.count("お誕生日おめでとう"));
        assertEquals(6, o200k.count("tiktoken is great!"));
        assertEquals(0, o200k.count(""));
    }

    @Test
    void countsMessagesAsTheApiReportsThem() {
        PromptCount gpt4 = new PromptTokens(ChatFormat.GPT_4).count(CORPORATE_JARGON, Optional.empty());
        PromptCount gpt4o = new PromptTokens(ChatFormat.GPT_4O).count(CORPORATE_JARGON, Optional.empty());
        assertEquals(129, gpt4.tokens(), "gpt-4-0613 and gpt-3.5-turbo: the API reported 129");
        assertEquals(124, gpt4o.tokens(), "gpt-4o and gpt-4o-mini: the API reported 124");
        assertTrue(gpt4o.exact());
    }

    @Test
    void aMessagesOwnNameIsCounted() {
        List<PromptMessage> imported = CORPORATE_JARGON.stream()
                .map(m -> PromptMessage.of(new Message(m.role(), m.content(), List.of(), "", m.name()))).toList();
        assertEquals(124, new PromptTokens(ChatFormat.GPT_4O).count(imported, Optional.empty()).tokens());
        assertEquals(129, new PromptTokens(ChatFormat.GPT_4).count(imported, Optional.empty()).tokens());
    }

    @Test
    void countsToolSchemasAsTheApiReportsThem() {
        assertEquals(105, new PromptTokens(ChatFormat.GPT_4).count(WEATHER, Optional.of(weatherTools())).tokens(),
                "gpt-4 and gpt-3.5-turbo with the weather tool: the API reported 105");
        PromptCount gpt4o = new PromptTokens(ChatFormat.GPT_4O).count(WEATHER, Optional.of(weatherTools()));
        assertEquals(101, gpt4o.tokens(), "gpt-4o and gpt-4o-mini with the weather tool: the API reported 101");
        assertTrue(gpt4o.exact(), gpt4o.estimateReasons().toString());
    }

    @Test
    void splitsTheCountByCategoryWithoutLosingAToken() {
        PromptCount count = new PromptTokens(ChatFormat.GPT_4O).count(WEATHER, Optional.of(weatherTools()));
        int sum = count.byCategory().values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(count.tokens(), sum);
        assertTrue(count.of(TokenCategory.SYSTEM) > 0 && count.of(TokenCategory.TOOL_SCHEMAS) > 0
                && count.of(TokenCategory.CONVERSATION) > 0, count.byCategory().toString());
    }

    @Test
    void toolCallsInTheHistoryAreCountedButMarkedAsAnEstimate() {
        ToolCall call = new ToolCall("call_1", "get_current_weather", "{\"location\": \"San Francisco, CA\"}", Optional.empty(), false);
        List<PromptMessage> history = List.of(PromptMessage.text("user", "Weather in SF?"),
                PromptMessage.of(new Message("assistant", "", List.of(call), "")),
                PromptMessage.of(new Message("tool", "{\"temperature\": 18}", List.of(), "call_1")));
        PromptCount count = new PromptTokens(ChatFormat.GPT_4O).count(history, Optional.empty());
        assertFalse(count.exact());
        assertTrue(count.of(TokenCategory.TOOL_CALLS) > 0 && count.of(TokenCategory.TOOL_RESULTS) > 0, count.byCategory().toString());
    }

    @Test
    void modelProfilesKnowTheirWindowAndWhetherTheirTokenizerIsPublic() {
        ModelProfiles profiles = ModelProfiles.defaults();
        ModelProfile gpt4o = profiles.forModel("gpt-4o-2024-08-06").orElseThrow();
        assertEquals(128_000, gpt4o.contextLimit());
        assertEquals(Optional.of(ChatFormat.GPT_4O), gpt4o.format());
        assertEquals(8_192, profiles.forModel("gpt-4-0613").orElseThrow().contextLimit());
        assertEquals(128_000, profiles.forModel("gpt-4-turbo-2024-04-09").orElseThrow().contextLimit());
        assertEquals(Optional.of(ChatFormat.GPT_4), profiles.forModel("gpt-3.5-turbo-0125").orElseThrow().format());
        ModelProfile claude = profiles.forModel("claude-3-5-sonnet-20241022").orElseThrow();
        assertEquals(200_000, claude.contextLimit());
        assertFalse(claude.exactTokenizer());
        assertEquals(100_000, profiles.forModel("anthropic.claude-3-sonnet-20240229-v1:0").orElseThrow().contextLimit(),
                "Claude on AWS Bedrock at 100k");
        assertTrue(profiles.forModel("my-finetune-7b").isEmpty());
        assertEquals(64_000, profiles.with(List.of(new ModelProfiles.Entry("gpt-4o", new ModelProfile("gpt-4o", 64_000, Optional.of(ChatFormat.GPT_4O)))))
                .forModel("gpt-4o-mini").orElseThrow().contextLimit(), "a profile file overrides a default");
    }

    @Test
    void theFamiliesAgentsRunOnHaveTheirWindowsAndOnlyOpenAiCountsExactly() {
        ModelProfiles profiles = ModelProfiles.defaults();
        ModelProfile opus = profiles.forModel("claude-opus-4-6").orElseThrow();
        assertEquals(200_000, opus.contextLimit());
        assertFalse(opus.exactTokenizer());
        assertEquals(1_048_576, profiles.forModel("gemini-2.5-pro").orElseThrow().contextLimit());
        assertEquals(2_097_152, profiles.forModel("gemini-1.5-pro-002").orElseThrow().contextLimit());
        assertFalse(profiles.forModel("gemini-2.0-flash").orElseThrow().exactTokenizer());
        assertEquals(131_072, profiles.forModel("llama-3.1-70b-instruct").orElseThrow().contextLimit());
        ModelProfile gpt5 = profiles.forModel("gpt-5.3-codex").orElseThrow();
        assertEquals(400_000, gpt5.contextLimit());
        assertEquals(Optional.of(ChatFormat.GPT_4O), gpt5.format());
        assertEquals(131_072, profiles.forModel("openai/gpt-oss-20b:fireworks-ai").orElseThrow().contextLimit(),
                "a provider's prefix is looked past when the whole name matches nothing");
        assertEquals(1_048_576, profiles.forModel("google/gemini-2.5-flash").orElseThrow().contextLimit());
        assertEquals(100_000, profiles.forModel("bedrock/claude-3").orElseThrow().contextLimit(),
                "a prefix that is itself a profile wins over the name after it");
    }

    private static JsonValue str(String s) {
        return new JsonValue.JsonString(s);
    }

    private static JsonValue obj(Object... pairs) {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            members.put((String) pairs[i], (JsonValue) pairs[i + 1]);
        }
        return new JsonValue.JsonObject(members);
    }
}
