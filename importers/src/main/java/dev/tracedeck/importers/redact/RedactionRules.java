package dev.tracedeck.importers.redact;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Redaction rules as a text file, one rule a line:
 *
 * <pre>
 * # a comment; blank lines are skipped
 * secret   stripe-key   (?&lt;![A-Za-z0-9])sk_live_[A-Za-z0-9]{24,99}
 * personal employee-id (?&lt;![0-9])E-[0-9]{6}(?![0-9])
 * </pre>
 *
 * The category ({@code secret} or {@code personal}), the kind (lower-case letters, digits and dashes: it names the
 * pseudonyms, {@code <secret:stripe-key-1>}, {@code <employee-id-1>}), then the pattern, a Java regular expression,
 * to the end of the line; its named group {@code value}, when it has one, is the part replaced (a password inside a
 * URL), else the whole match. Every quantifier must be bounded ({@code {0,64}}, {@code ?}) or possessive
 * ({@code *+}, {@code ++}, {@code {2,}+}), and back-references are refused: a pattern that can backtrack without
 * bound would make one long line of a trace take hours. The built-in rules ({@link #builtIn()}) are such a file.
 *
 * <p>Between the kind and the pattern a rule may say {@code keywords=a,b} (the pattern is tried only on a text that
 * holds one of these words, in any case) and {@code entropy=3.5} (a value of fewer bits per character is left: a
 * placeholder, a word). Lines of the form {@code allow KIND PATTERN}, {@code allow-match KIND PATTERN} and
 * {@code allow-words KIND WORD...} leave what the rules of that kind ({@code *}: every rule of the file) find when the
 * pattern finds something in the value, or in the whole match, or the value holds one of the words; an allowlist's
 * pattern sees at most a kilobyte, so it may have unbounded quantifiers, but no repeated group holding one.
 */
public final class RedactionRules {

    private static final String BUILT_IN = "builtin-rules.txt";
    private static final String GITLEAKS = "gitleaks-rules.txt";
    private static final Pattern RULE_LINE = Pattern.compile(
            "(\\S+)\\s+(\\S+)\\s+((?:(?:keywords|entropy)=\\S+\\s+)*)(\\S.*)");
    private static final Pattern KIND = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

    private RedactionRules() {
    }

    /**
     * Provider keys, cloud and Git hosting tokens, JWTs, private keys, passwords, bearer tokens, e-mail addresses and
     * phone numbers (ours), then gitleaks' rules that run in linear time ({@link #gitleaks()}).
     */
    public static List<RedactionRule> builtIn() {
        return BuiltIn.RULES;
    }

    /** The rules of gitleaks' {@code config/gitleaks.toml} that run in linear time, as {@code gitleaks-rules.txt} says. */
    public static List<RedactionRule> gitleaks() {
        return BuiltIn.GITLEAKS_RULES;
    }

    /** Read once: about 200 patterns to compile. */
    private static final class BuiltIn {
        static final List<RedactionRule> GITLEAKS_RULES = resource(GITLEAKS);
        static final List<RedactionRule> RULES = java.util.stream.Stream.concat(resource(BUILT_IN).stream(),
                GITLEAKS_RULES.stream()).toList();

        private static List<RedactionRule> resource(String name) {
            try (InputStream in = RedactionRules.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("the built-in redaction rules " + name + " are missing from the build");
                }
                return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (RedactionRulesException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
    }

    /** The rules of a file (see the class comment). */
    public static List<RedactionRule> read(Path file) throws RedactionRulesException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RedactionRulesException(file + ": cannot read the redaction rules (" + e.getMessage() + ")", e);
        }
        return parse(file.toString(), text);
    }

    /** The rules of {@code text}; {@code name} is the file errors name. */
    public static List<RedactionRule> parse(String name, String text) throws RedactionRulesException {
        List<RedactionRule> rules = new ArrayList<>();
        java.util.Map<String, RedactionRule.Allowlist> allowed = new java.util.HashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = name + ":" + (i + 1);
            if (line.startsWith("allow")) {
                String[] fields = line.split("\\s+", 3);
                if (fields.length == 3) {
                    allowed.merge(fields[1], allowlist(where, fields[0], fields[2]), RedactionRule.Allowlist::and);
                    continue;
                }
            }
            rules.add(rule(where, line));
        }
        RedactionRule.Allowlist everywhere = allowed.getOrDefault("*", RedactionRule.Allowlist.NONE);
        for (String kind : allowed.keySet()) {
            if (!kind.equals("*") && rules.stream().noneMatch(r -> r.kind().equals(kind))) {
                throw new RedactionRulesException(name + ": an allow line names the kind '" + kind + "', which no rule has");
            }
        }
        return rules.stream().map(r -> r.allowing(everywhere.and(allowed.getOrDefault(r.kind(), RedactionRule.Allowlist.NONE))))
                .toList();
    }

    private static RedactionRule.Allowlist allowlist(String where, String what, String rest) throws RedactionRulesException {
        if (what.equals("allow-words")) {
            return new RedactionRule.Allowlist(List.of(), List.of(),
                    java.util.Arrays.stream(rest.split("\\s+")).map(w -> w.toLowerCase(Locale.ROOT)).toList());
        }
        if (!what.equals("allow") && !what.equals("allow-match")) {
            throw new RedactionRulesException(where + ": a line is a rule, 'allow', 'allow-match' or 'allow-words', not '"
                    + what + "'");
        }
        Pattern pattern = compile(where, rest);
        String nested = LinearPatterns.nestedProblem(rest);
        if (nested != null) {
            throw new RedactionRulesException(where + ": " + nested);
        }
        return what.equals("allow") ? new RedactionRule.Allowlist(List.of(pattern), List.of(), List.of())
                : new RedactionRule.Allowlist(List.of(), List.of(pattern), List.of());
    }

    private static Pattern compile(String where, String regex) throws RedactionRulesException {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new RedactionRulesException(where + ": the pattern does not compile: " + e.getDescription()
                    + " at character " + (e.getIndex() + 1));
        }
    }

    private static RedactionRule rule(String where, String line) throws RedactionRulesException {
        java.util.regex.Matcher parts = RULE_LINE.matcher(line);
        if (!parts.matches()) {
            int count = line.split("\\s+", 3).length;
            throw new RedactionRulesException(where + ": a rule is 'secret|personal KIND PATTERN', this line has "
                    + count + " field" + (count == 1 ? "" : "s"));
        }
        String[] fields = {parts.group(1), parts.group(2), parts.group(4)};
        RedactionRule.Category category = switch (fields[0].toLowerCase(Locale.ROOT)) {
            case "secret" -> RedactionRule.Category.SECRET;
            case "personal" -> RedactionRule.Category.PERSONAL;
            default -> throw new RedactionRulesException(where + ": the category is 'secret' or 'personal', not '"
                    + fields[0] + "'");
        };
        if (!KIND.matcher(fields[1]).matches()) {
            throw new RedactionRulesException(where + ": the kind '" + fields[1]
                    + "' must be lower-case letters, digits and dashes (it names the pseudonyms)");
        }
        Pattern pattern = compile(where, fields[2]);
        String unbounded = LinearPatterns.problem(fields[2]);
        if (unbounded != null) {
            throw new RedactionRulesException(where + ": " + unbounded);
        }
        List<String> keywords = List.of();
        double entropy = 0;
        for (String attribute : parts.group(3).strip().split("\\s+")) {
            if (attribute.startsWith("keywords=")) {
                keywords = List.of(attribute.substring("keywords=".length()).split(","));
            } else if (attribute.startsWith("entropy=")) {
                try {
                    entropy = Double.parseDouble(attribute.substring("entropy=".length()));
                } catch (NumberFormatException e) {
                    throw new RedactionRulesException(where + ": entropy= takes a number of bits per character, not '"
                            + attribute.substring("entropy=".length()) + "'");
                }
            }
        }
        return new RedactionRule(category, fields[1], pattern, keywords, entropy, RedactionRule.Allowlist.NONE);
    }
}
