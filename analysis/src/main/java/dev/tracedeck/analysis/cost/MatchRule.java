package dev.tracedeck.analysis.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * genai-prices' match logic for a model or provider name: {@code equals}, {@code starts_with}, {@code ends_with},
 * {@code contains} (all ignoring case), {@code regex} (searched, as its packages do), and {@code or}/{@code and} of
 * clauses.
 */
sealed interface MatchRule {

    boolean matches(String name);

    record Equals(String text) implements MatchRule {
        public boolean matches(String name) {
            return name.equalsIgnoreCase(text);
        }
    }

    record StartsWith(String text) implements MatchRule {
        public boolean matches(String name) {
            return name.toLowerCase(Locale.ROOT).startsWith(text);
        }
    }

    record EndsWith(String text) implements MatchRule {
        public boolean matches(String name) {
            return name.toLowerCase(Locale.ROOT).endsWith(text);
        }
    }

    record Contains(String text) implements MatchRule {
        public boolean matches(String name) {
            return name.toLowerCase(Locale.ROOT).contains(text);
        }
    }

    record Regex(Pattern pattern) implements MatchRule {
        public boolean matches(String name) {
            return pattern.matcher(name).find();
        }
    }

    record AnyOf(List<MatchRule> clauses) implements MatchRule {
        public boolean matches(String name) {
            return clauses.stream().anyMatch(c -> c.matches(name));
        }
    }

    record AllOf(List<MatchRule> clauses) implements MatchRule {
        public boolean matches(String name) {
            return clauses.stream().allMatch(c -> c.matches(name));
        }
    }

    /** The rule a table writes; an object of none of its keys is a table this can't read. */
    static MatchRule of(JsonNode node) {
        if (node == null || !node.isObject() || node.size() != 1) {
            throw new IllegalArgumentException("a match rule is an object of one key, not " + node);
        }
        String key = node.fieldNames().next();
        JsonNode value = node.get(key);
        return switch (key) {
            case "equals" -> new Equals(value.asText());
            case "starts_with" -> new StartsWith(value.asText().toLowerCase(Locale.ROOT));
            case "ends_with" -> new EndsWith(value.asText().toLowerCase(Locale.ROOT));
            case "contains" -> new Contains(value.asText().toLowerCase(Locale.ROOT));
            case "regex" -> new Regex(Pattern.compile(value.asText()));
            case "or" -> new AnyOf(clauses(value));
            case "and" -> new AllOf(clauses(value));
            default -> throw new IllegalArgumentException("unknown match rule " + key);
        };
    }

    private static List<MatchRule> clauses(JsonNode array) {
        List<MatchRule> clauses = new ArrayList<>();
        array.forEach(c -> clauses.add(of(c)));
        return List.copyOf(clauses);
    }
}
