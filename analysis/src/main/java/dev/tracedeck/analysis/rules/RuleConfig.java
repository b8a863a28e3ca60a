package dev.tracedeck.analysis.rules;

import java.util.Map;
import java.util.Objects;

/**
 * How a run of the rules is configured: protocol parameters and per-rule settings by rule id. The default
 * configuration reproduces the Mycelian tool-only memory protocol with every rule on at its default severity.
 */
public record RuleConfig(RuleParameters parameters, Map<String, RuleSetting> rules) {

    public static final RuleConfig DEFAULT = new RuleConfig(RuleParameters.DEFAULTS, Map.of());

    public RuleConfig {
        Objects.requireNonNull(parameters);
        rules = Map.copyOf(rules);
    }

    public RuleSetting setting(String ruleId) {
        return rules.getOrDefault(ruleId, RuleSetting.DEFAULT);
    }
}
