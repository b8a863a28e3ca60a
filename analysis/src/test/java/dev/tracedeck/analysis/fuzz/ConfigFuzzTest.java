package dev.tracedeck.analysis.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracedeck.analysis.config.ConfigException;
import dev.tracedeck.analysis.config.ModelProfilesReader;
import dev.tracedeck.analysis.config.RuleConfigReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Any text given as {@code --config} or {@code --models}: each reader returns its configuration or refuses with
 * the {@link ConfigException} naming the file and line, never another exception, within the time. Both readers
 * read every input, as a rule configuration holds the same {@code "models"} list. Seeds and kept findings:
 * {@code ConfigFuzzTestInputs/read}.
 */
class ConfigFuzzTest {

    private final RuleConfigReader rules = new RuleConfigReader();
    private final ModelProfilesReader models = new ModelProfilesReader();

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    @DictionaryFile(resourcePath = "config.dict")
    void read(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        try {
            rules.parse("rules.json", text);
        } catch (ConfigException refused) {
            // The documented usage error.
        }
        try {
            models.parse("models.json", text);
        } catch (ConfigException refused) {
            // The documented usage error.
        }
    }
}
