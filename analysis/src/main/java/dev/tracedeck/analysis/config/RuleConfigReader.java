package dev.tracedeck.analysis.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.analysis.rules.Rule;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.RuleProfile;
import dev.tracedeck.analysis.rules.RuleSetting;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.SpendParameters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a rule configuration file:
 * <pre>
 * {"parameters": {"memoryTool": "add_entry", "flushPeriod": 6, "controlMessages": ["FLUSH_CONTEXT", "SESSION_END"], …},
 *  "rules": {"periodic-flush": {"enabled": false}, "oversized-tool-output": {"severity": "error"}},
 *  "models": [{"name": "llama-3.1-70b", "contextLimit": 131072}]}
 * </pre>
 * ({@code models} as {@link ModelProfilesReader} reads them).
 * Every key is optional; what is left out keeps its default. Unknown keys and rule ids are errors, so a
 * typo cannot silently turn a check off.
 */
public final class RuleConfigReader {

    private static final Set<String> TOP = Set.of("parameters", "rules", "models");
    private static final Set<String> PARAMETERS = Set.of("memoryTool", "contextTool", "listTool", "awaitTool",
            "putContextTool", "controlMessages", "flushPeriod", "bootstrapListLimit", "toolOutputLimit", "repeatLimit",
            "model", "contextLimit", "preflightTrigger", "cacheDropFraction", "cacheMinTokens", "threadBudgetDollars",
            "threadBudgetTokens", "runBudgetDollars", "runBudgetTokens", "memoryUndoMinChars");
    private static final Set<String> SETTING = Set.of("enabled", "severity");

    public RuleConfig read(Path file) throws ConfigException {
        return parse(file.toString(), ConfigJson.text(file));
    }

    public RuleConfig parse(String name, String text) throws ConfigException {
        JsonNode root = ConfigJson.tree(name, text);
        if (root == null || !root.isObject()) {
            throw new ConfigException(name, 1, "expected a JSON object with \"parameters\" and/or \"rules\"", null);
        }
        Config c = new Config(name, text);
        c.onlyKeys(root, TOP, "");
        RuleParameters parameters = parameters(c, root.path("parameters"));
        if (root.has("models")) {
            parameters = parameters.withModels(dev.tracedeck.analysis.tokens.ModelProfiles.defaults()
                    .with(ModelProfilesReader.entries(name, text, root.get("models"))));
        }
        return new RuleConfig(parameters, rules(c, root.path("rules")));
    }

    private RuleParameters parameters(Config c, JsonNode p) throws ConfigException {
        RuleParameters d = RuleParameters.DEFAULTS;
        if (p.isMissingNode()) {
            return d;
        }
        c.onlyKeys(p, PARAMETERS, "parameters.");
        List<String> controls = d.controlMessages();
        if (p.has("controlMessages")) {
            controls = new ArrayList<>();
            JsonNode list = p.get("controlMessages");
            if (!list.isArray()) {
                throw c.error("parameters.controlMessages must be a list of strings");
            }
            for (JsonNode n : list) {
                controls.add(n.asText());
            }
        }
        try {
            return new RuleParameters(c.text(p, "memoryTool", d.memoryTool()), c.text(p, "contextTool", d.contextTool()),
                    c.text(p, "listTool", d.listTool()), c.text(p, "awaitTool", d.awaitTool()),
                    c.text(p, "putContextTool", d.putContextTool()), controls, c.integer(p, "flushPeriod", d.flushPeriod()),
                    c.integer(p, "bootstrapListLimit", d.bootstrapListLimit()),
                    c.integer(p, "toolOutputLimit", d.toolOutputLimit()), c.integer(p, "repeatLimit", d.repeatLimit()),
                    c.text(p, "model", d.model()), c.integer(p, "contextLimit", d.contextLimit()),
                    c.number(p, "preflightTrigger", d.preflightTrigger()))
                    .withSpend(spend(c, p, d.spend()))
                    .withUndoMinChars(c.integer(p, "memoryUndoMinChars", d.undoMinChars()));
        } catch (IllegalArgumentException e) {
            throw c.error("parameters: " + e.getMessage());
        }
    }

    private static SpendParameters spend(Config c, JsonNode p, SpendParameters d) throws ConfigException {
        return new SpendParameters(c.number(p, "cacheDropFraction", d.cacheDropFraction()),
                c.integer(p, "cacheMinTokens", d.cacheMinTokens()), c.number(p, "threadBudgetDollars", d.threadDollars()),
                c.whole(p, "threadBudgetTokens", d.threadTokens()), c.number(p, "runBudgetDollars", d.runDollars()),
                c.whole(p, "runBudgetTokens", d.runTokens()));
    }

    private Map<String, RuleSetting> rules(Config c, JsonNode rules) throws ConfigException {
        Map<String, RuleSetting> settings = new HashMap<>();
        if (rules.isMissingNode()) {
            return settings;
        }
        Set<String> known = new java.util.TreeSet<>();
        RuleProfile.allRules().stream().map(Rule::id).forEach(known::add);
        Iterator<Map.Entry<String, JsonNode>> it = rules.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> rule = it.next();
            if (!known.contains(rule.getKey())) {
                throw c.error("unknown rule \"" + rule.getKey() + "\" (known: " + String.join(", ", known) + ")");
            }
            JsonNode s = rule.getValue();
            c.onlyKeys(s, SETTING, "rules." + rule.getKey() + ".");
            Optional<Boolean> enabled = s.has("enabled") ? Optional.of(c.bool(s.get("enabled"), rule.getKey())) : Optional.empty();
            Optional<Severity> severity = Optional.empty();
            if (s.has("severity")) {
                try {
                    severity = Optional.of(Severity.parse(s.get("severity").asText()));
                } catch (IllegalArgumentException e) {
                    throw c.error("rules." + rule.getKey() + ".severity must be error, warning or info");
                }
            }
            settings.put(rule.getKey(), new RuleSetting(enabled, severity));
        }
        return settings;
    }

    /** Helpers that know the file, so every error names it and the line of the offending key. */
    private record Config(String name, String text) {

        ConfigException error(String message) {
            return new ConfigException(name, lineOf(message), message, null);
        }

        /** The line where the quoted key the message names first appears, best effort. */
        private int lineOf(String message) {
            int q = message.indexOf('"');
            String key = q >= 0 && message.indexOf('"', q + 1) > q ? message.substring(q, message.indexOf('"', q + 1) + 1)
                    : "\"" + message.split("[ .:]", 2)[0] + "\"";
            int at = text.indexOf(key);
            return at < 0 ? 0 : (int) text.substring(0, at).chars().filter(ch -> ch == '\n').count() + 1;
        }

        void onlyKeys(JsonNode node, Set<String> allowed, String path) throws ConfigException {
            if (!node.isObject()) {
                throw error(path.isEmpty() ? "expected an object" : path.substring(0, path.length() - 1) + " must be an object");
            }
            Iterator<String> names = node.fieldNames();
            while (names.hasNext()) {
                String key = names.next();
                if (!allowed.contains(key)) {
                    throw error("unknown key \"" + key + "\" in " + (path.isEmpty() ? "the top level" : path.substring(0, path.length() - 1))
                            + " (allowed: " + String.join(", ", new java.util.TreeSet<>(allowed)) + ")");
                }
            }
        }

        String text(JsonNode p, String key, String fallback) throws ConfigException {
            if (!p.has(key)) {
                return fallback;
            }
            if (!p.get(key).isTextual()) {
                throw error("\"" + key + "\" must be a string");
            }
            return p.get(key).asText();
        }

        int integer(JsonNode p, String key, int fallback) throws ConfigException {
            if (!p.has(key)) {
                return fallback;
            }
            if (!p.get(key).isInt()) {
                throw error("\"" + key + "\" must be a whole number");
            }
            return p.get(key).asInt();
        }

        long whole(JsonNode p, String key, long fallback) throws ConfigException {
            if (!p.has(key)) {
                return fallback;
            }
            if (!p.get(key).canConvertToLong() || !p.get(key).isIntegralNumber()) {
                throw error("\"" + key + "\" must be a whole number");
            }
            return p.get(key).asLong();
        }

        double number(JsonNode p, String key, double fallback) throws ConfigException {
            if (!p.has(key)) {
                return fallback;
            }
            if (!p.get(key).isNumber()) {
                throw error("\"" + key + "\" must be a number");
            }
            return p.get(key).asDouble();
        }

        boolean bool(JsonNode n, String rule) throws ConfigException {
            if (!n.isBoolean()) {
                throw error("rules." + rule + ".enabled must be true or false");
            }
            return n.asBoolean();
        }
    }
}
