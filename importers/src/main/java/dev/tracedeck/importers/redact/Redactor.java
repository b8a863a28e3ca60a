package dev.tracedeck.importers.redact;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * Replaces what its rules find with stable pseudonyms: within one run (one redactor) the same value always gets the
 * same pseudonym, in every file and every place, so a reader can still follow a key or an address through a trace
 * without seeing it. Numbers are per kind, in the order values are first met ({@code <secret:openai-key-1>},
 * {@code <email-3>}).
 *
 * <p>One pass over the text: at each place the value that starts first wins, and at one place the rule listed first;
 * the scan goes on after the match, so nothing is redacted twice and a pseudonym is never taken for a value. Each
 * rule's matcher moves only forward, so the pass costs the text's length times the rules' bounds; a rule with
 * keywords is tried only on a text that holds one ({@link KeywordScan}: one pass for all of them).
 */
public final class Redactor {

    /** Redacts nothing: the identity, for runs without {@code --redact}. */
    public static final Redactor NONE = new Redactor(List.of());

    private final List<RedactionRule> rules;
    private final KeywordScan keywords;
    private final Map<String, String> pseudonyms = new HashMap<>();
    private final Map<String, Integer> numbered = new HashMap<>();
    /** Occurrences replaced, by category then kind, in the order first met. */
    private final Map<RedactionRule.Category, Map<String, Long>> replaced = new LinkedHashMap<>();

    public Redactor(List<RedactionRule> rules) {
        this.rules = List.copyOf(rules);
        this.keywords = new KeywordScan(this.rules);
    }

    /** The built-in rules, then {@code extra} (a file's, {@code --redact-rules}). */
    public static Redactor withBuiltInRules(List<RedactionRule> extra) {
        List<RedactionRule> all = new ArrayList<>(RedactionRules.builtIn());
        all.addAll(extra);
        return new Redactor(all);
    }

    /**
     * The built-in rules' secrets alone (no personal data): what the workspace and a baseline redact in what they
     * keep of a trace, with or without {@code --redact}.
     */
    public static Redactor secrets() {
        return new Redactor(RedactionRules.builtIn().stream()
                .filter(r -> r.category() == RedactionRule.Category.SECRET).toList());
    }

    public boolean isActive() {
        return !rules.isEmpty();
    }

    /**
     * {@code text} with every value the rules find replaced by its pseudonym. At each place the value that starts
     * first wins (a rule that reads a key's name before its value, {@code password=…}, does not hide a provider's key
     * found in that value), and at one place the rule listed first.
     */
    public synchronized String redact(String text) {
        if (rules.isEmpty() || text == null || text.isEmpty()) {
            return text;
        }
        BitSet tried = keywords.rulesFor(text);
        Found[] next = new Found[rules.size()];
        Matcher[] matchers = new Matcher[rules.size()];
        StringBuilder out = null;
        int pos = 0;
        while (pos < text.length()) {
            int best = -1;
            for (int r = tried.nextSetBit(0); r >= 0; r = tried.nextSetBit(r + 1)) {
                if (next[r] == null || next[r] != Found.NONE && next[r].matchStart < pos) {
                    if (matchers[r] == null) {
                        matchers[r] = rules.get(r).pattern().matcher(text);
                    }
                    next[r] = find(rules.get(r), matchers[r], text, pos);
                }
                if (next[r] != Found.NONE && (best < 0 || next[r].valueStart < next[best].valueStart)) {
                    best = r;
                }
            }
            if (best < 0) {
                break;
            }
            Found f = next[best];
            if (out == null) {
                out = new StringBuilder(text.length());
            }
            out.append(text, pos, f.valueStart)
                    .append(pseudonym(rules.get(best), text.substring(f.valueStart, f.valueEnd)))
                    .append(text, f.valueEnd, f.matchEnd);
            pos = f.matchEnd;
            next[best] = null;
        }
        if (out == null) {
            return text;
        }
        return out.append(text, pos, text.length()).toString();
    }

    /** Where a rule's next match is, and its value (the group {@code value}, else the whole match). */
    private record Found(int matchStart, int valueStart, int valueEnd, int matchEnd) {
        static final Found NONE = new Found(-1, -1, -1, -1);
    }

    /**
     * The rule's next match whose value starts at or after {@code pos} and is to be replaced (non-empty, random
     * enough, not allowed), else {@link Found#NONE}. A match left is tried again one character later, so each
     * rule's matcher still only moves forward.
     */
    private static Found find(RedactionRule rule, Matcher m, String text, int pos) {
        boolean valueGroup = rule.hasValueGroup();
        int at = pos;
        while (at <= text.length() && m.find(at)) {
            int from = valueGroup && m.start("value") >= 0 ? m.start("value") : m.start();
            int to = valueGroup && m.start("value") >= 0 ? m.end("value") : m.end();
            if (to > from && from >= pos && rule.replaces(text.subSequence(from, to), text.subSequence(m.start(), m.end()))) {
                return new Found(m.start(), from, to, m.end());
            }
            at = m.start() + 1;
        }
        return Found.NONE;
    }

    /** A JSON value with every string in it (member names too) redacted. */
    public JsonValue redact(JsonValue value) {
        if (rules.isEmpty()) {
            return value;
        }
        if (value instanceof JsonValue.JsonString s) {
            return JsonValue.of(redact(s.value()));
        }
        if (value instanceof JsonValue.JsonArray a) {
            return new JsonValue.JsonArray(a.items().stream().map(this::redact).toList());
        }
        if (value instanceof JsonValue.JsonObject o) {
            Map<String, JsonValue> members = new LinkedHashMap<>();
            o.members().forEach((k, v) -> members.put(redact(k), redact(v)));
            return new JsonValue.JsonObject(members);
        }
        return value;
    }

    private String pseudonym(RedactionRule rule, String value) {
        replaced.computeIfAbsent(rule.category(), c -> new LinkedHashMap<>()).merge(rule.kind(), 1L, Long::sum);
        return pseudonyms.computeIfAbsent(rule.category().id() + '\u0000' + rule.kind() + '\u0000' + value,
                k -> rule.pseudonym(numbered.merge(rule.category().id() + '\u0000' + rule.kind(), 1, Integer::sum)));
    }

    /** Occurrences replaced so far, by kind, secrets first. */
    public synchronized Map<String, Long> counts() {
        Map<String, Long> all = new LinkedHashMap<>();
        for (RedactionRule.Category c : RedactionRule.Category.values()) {
            replaced.getOrDefault(c, Map.of()).forEach(all::put);
        }
        return all;
    }

    /** Occurrences replaced so far, by kind, of one category. */
    public synchronized Map<String, Long> counts(RedactionRule.Category category) {
        return new LinkedHashMap<>(replaced.getOrDefault(category, Map.of()));
    }

    /**
     * "redacted 3 secrets (openai-key 2, github-token 1) and 1 piece of personal data (email 1)", or "redacted nothing:
     * no rule matched".
     */
    public synchronized String summary() {
        List<String> parts = new ArrayList<>();
        for (RedactionRule.Category c : RedactionRule.Category.values()) {
            Map<String, Long> kinds = replaced.getOrDefault(c, Map.of());
            long total = kinds.values().stream().mapToLong(Long::longValue).sum();
            if (total == 0) {
                continue;
            }
            String noun = c == RedactionRule.Category.SECRET ? (total == 1 ? "secret" : "secrets")
                    : (total == 1 ? "piece of personal data" : "pieces of personal data");
            List<String> byKind = new ArrayList<>();
            kinds.forEach((k, n) -> byKind.add(k + " " + n));
            parts.add(total + " " + noun + " (" + String.join(", ", byKind) + ")");
        }
        return parts.isEmpty() ? "redacted nothing: no rule matched" : "redacted " + String.join(" and ", parts);
    }
}
