package dev.tracedeck.analysis.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.RuleParameters;
import org.junit.jupiter.api.Test;

class ContextWindowConfigTest {

    private final RuleConfigReader reader = new RuleConfigReader();

    @Test
    void theContextRulesModelWindowAndTriggerAreConfigurable() throws Exception {
        RuleConfig config = reader.parse("rules.json",
                "{\"parameters\": {\"model\": \"anthropic.claude-3-sonnet\", \"contextLimit\": 100000, \"preflightTrigger\": 0.75}}");
        RuleParameters p = config.parameters();
        assertEquals("anthropic.claude-3-sonnet", p.model());
        assertEquals(100_000, p.contextLimit());
        assertEquals(0.75, p.preflightTrigger());
        assertEquals(RuleParameters.DEFAULTS.toolOutputLimit(), p.toolOutputLimit(), "the rest keeps its default");
    }

    @Test
    void aTriggerOutsideTheWindowIsRefusedWithTheFile() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> reader.parse("rules.json", "{\"parameters\": {\"preflightTrigger\": 1.5}}"));
        assertTrue(e.getMessage().startsWith("rules.json"), e.getMessage());
        assertTrue(e.getMessage().contains("preflightTrigger"), e.getMessage());
    }
}
