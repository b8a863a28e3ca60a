package dev.tracedeck.analysis.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ModelProfile;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelProfilesReaderTest {

    @TempDir
    Path dir;

    private ModelProfiles read(String json) throws Exception {
        return new ModelProfilesReader().read(Files.writeString(dir.resolve("models.json"), json));
    }

    @Test
    void aFilesProfilesAddToTheBuiltInOnesAndWinOverThem() throws Exception {
        ModelProfiles profiles = read("""
                {"models": [
                  {"name": "llama-3.1-70b", "contextLimit": 131072},
                  {"name": "gpt-4o", "contextLimit": 64000, "encoding": "o200k_base"}]}
                """);
        ModelProfile llama = profiles.forModel("llama-3.1-70b-instruct").orElseThrow();
        assertEquals(131_072, llama.contextLimit());
        assertEquals(Optional.empty(), llama.format(), "no encoding: an estimate");
        assertEquals(64_000, profiles.forModel("gpt-4o-2024-08-06").orElseThrow().contextLimit());
        assertEquals(Optional.of(ChatFormat.GPT_4), profiles.forModel("gpt-4-0613").map(ModelProfile::format).orElseThrow(),
                "the built-in ones are still there");
    }

    @Test
    void mistakesNameTheFileAndTheLine() {
        ConfigException unknown = assertThrows(ConfigException.class, () -> read("""
                {"models": [
                  {"name": "a", "contextLimit": 1000},
                  {"name": "b", "contextLimt": 1000}]}
                """));
        assertTrue(unknown.getMessage().contains("models.json:3"), unknown.getMessage());
        assertTrue(unknown.getMessage().contains("unknown key \"contextLimt\""), unknown.getMessage());
        ConfigException encoding = assertThrows(ConfigException.class,
                () -> read("{\"models\": [{\"name\": \"x\", \"contextLimit\": 10, \"encoding\": \"p50k\"}]}"));
        assertTrue(encoding.getMessage().contains("o200k_base or cl100k_base"), encoding.getMessage());
        assertThrows(ConfigException.class, () -> read("{\"models\": [{\"name\": \"x\", \"contextLimit\": 0}]}"));
        assertThrows(ConfigException.class, () -> read("{\"model\": []}"));
        assertThrows(ConfigException.class, () -> read("{\"models\": [{\"contextLimit\": 10}]}"));
    }

    @Test
    void aRuleConfigurationMayListModelsForTheContextRules() throws Exception {
        RuleConfig config = new RuleConfigReader().parse("rules.json", """
                {"parameters": {"model": "in-house-7b"},
                 "models": [{"name": "in-house", "contextLimit": 4096, "encoding": "cl100k_base"}]}
                """);
        assertEquals(4096, config.parameters().models().forModel("in-house-7b").orElseThrow().contextLimit());
    }
}
