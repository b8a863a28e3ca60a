package dev.tracedeck.importers.redact;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One pattern of what to redact.
 *
 * @param category a secret (a credential: {@code <secret:KIND-N>}) or personal data ({@code <KIND-N>})
 * @param kind     what it finds, as the pseudonyms and counts name it ({@code openai-key}, {@code email})
 * @param pattern  linear in the text's length (see {@link RedactionRules}); its group {@code value}, when it has one,
 *                 is the part replaced
 * @param keywords lower-case words of which a text must hold one for the pattern to be tried there (empty: always
 *                 tried), as gitleaks' rules say which texts are worth their pattern
 * @param entropy  the least Shannon entropy, in bits per character, of a value that is replaced (0: any); a key is
 *                 random, a placeholder or a word is not
 * @param allow    what is found and left as it is: examples, placeholders, variables
 */
public record RedactionRule(Category category, String kind, Pattern pattern, List<String> keywords, double entropy,
                            Allowlist allow) {

    /** What a rule finds: the two are counted apart, and their pseudonyms look different. */
    public enum Category {
        SECRET("secret"), PERSONAL("personal");

        private final String id;

        Category(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    /**
     * Values a rule finds and leaves: one that a pattern of {@code values} finds, or whose whole match one of
     * {@code matches} finds, or that holds one of {@code words} (lower case; compared case-insensitively).
     */
    public record Allowlist(List<Pattern> values, List<Pattern> matches, List<String> words) {

        public static final Allowlist NONE = new Allowlist(List.of(), List.of(), List.of());

        /** The longest value or match an allowlist is tried on: its patterns need not be linear, so they see little. */
        static final int LONGEST_CHECKED = 1024;

        public Allowlist {
            values = List.copyOf(values);
            matches = List.copyOf(matches);
            words = List.copyOf(words);
        }

        boolean isEmpty() {
            return values.isEmpty() && matches.isEmpty() && words.isEmpty();
        }

        /** This allowlist and {@code other}'s together. */
        Allowlist and(Allowlist other) {
            return new Allowlist(concat(values, other.values), concat(matches, other.matches), concat(words, other.words));
        }

        /** True when {@code value} (found as part of {@code match}) is to be left as it is. */
        boolean allows(CharSequence value, CharSequence match) {
            if (isEmpty() || value.length() > LONGEST_CHECKED || match.length() > LONGEST_CHECKED) {
                return false;
            }
            for (Pattern p : values) {
                if (p.matcher(value).find()) {
                    return true;
                }
            }
            for (Pattern p : matches) {
                if (p.matcher(match).find()) {
                    return true;
                }
            }
            if (!words.isEmpty()) {
                String lower = value.toString().toLowerCase(Locale.ROOT);
                for (String w : words) {
                    if (lower.contains(w)) {
                        return true;
                    }
                }
            }
            return false;
        }

        private static <T> List<T> concat(List<T> a, List<T> b) {
            return a.isEmpty() ? b : b.isEmpty() ? a : java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
        }
    }

    public RedactionRule {
        Objects.requireNonNull(category);
        Objects.requireNonNull(kind);
        Objects.requireNonNull(pattern);
        keywords = keywords.stream().map(k -> k.toLowerCase(Locale.ROOT)).toList();
        Objects.requireNonNull(allow);
    }

    /** A rule tried on every text, with no entropy floor and nothing allowed. */
    public RedactionRule(Category category, String kind, Pattern pattern) {
        this(category, kind, pattern, List.of(), 0, Allowlist.NONE);
    }

    /** This rule with {@code more} allowed as well. */
    RedactionRule allowing(Allowlist more) {
        return more.isEmpty() ? this : new RedactionRule(category, kind, pattern, keywords, entropy, allow.and(more));
    }

    /** True when the pattern names the part to replace ({@code (?<value>…)}). */
    boolean hasValueGroup() {
        return pattern.pattern().contains("(?<value>");
    }

    /** Whether a value this rule found (as part of {@code match}) is replaced: random enough, and not allowed. */
    boolean replaces(CharSequence value, CharSequence match) {
        return (entropy <= 0 || shannonEntropy(value) > entropy) && !allow.allows(value, match);
    }

    /** Bits per character of {@code s}, by the frequency of each code point in it. */
    static double shannonEntropy(CharSequence s) {
        if (s.length() == 0) {
            return 0;
        }
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        s.codePoints().forEach(c -> counts.merge(c, 1, Integer::sum));
        // gitleaks divides by the length in bytes; for the ASCII values keys are made of, that is the length
        double length = s.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        double entropy = 0;
        for (int n : counts.values()) {
            double p = n / length;
            entropy -= p * Math.log(p) / Math.log(2);
        }
        return entropy;
    }

    /** {@code <secret:openai-key-2>}, {@code <email-3>}. */
    String pseudonym(int n) {
        return category == Category.SECRET ? "<secret:" + kind + "-" + n + ">" : "<" + kind + "-" + n + ">";
    }
}
