package dev.tracedeck.analysis.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracedeck.analysis.prune.PruneStrategy;
import dev.tracedeck.analysis.prune.StrategyParser;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Any text given as {@code --strategy} is a strategy or refused with the {@link IllegalArgumentException} that
 * says what was expected, and a strategy written back with {@link PruneStrategy#spec()} reads as itself. Seeds and
 * kept findings: {@code StrategyParserFuzzTestInputs/parse}.
 */
class StrategyParserFuzzTest {

    @FuzzTest
    @Timeout(value = 5, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    @DictionaryFile(resourcePath = "strategies.dict")
    void parse(byte[] input) {
        String spec = new String(input, StandardCharsets.UTF_8);
        PruneStrategy strategy;
        try {
            strategy = StrategyParser.parse(spec);
        } catch (IllegalArgumentException refused) {
            return;
        }
        assertEquals(strategy, StrategyParser.parse(strategy.spec()), () -> "spec() of " + strategy);
    }
}
