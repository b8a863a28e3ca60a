package dev.tracedeck.importers.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedactorTest {

    /** One made-up value of each kind the built-in rules know, in the shape its issuer gives it. */
    static final Map<String, String> PLANTED = Map.ofEntries(
            Map.entry("openai-key", "sk-proj-" + "Ab3dEfGh1jKlMnOpQrStUvWxYz0123456789"),
            Map.entry("anthropic-key", "sk-ant-api03-" + "Zz9yXw8vUt7sRq6pOn5mLk4jIh3gFe2dCb1a"),
            Map.entry("google-api-key", "AIza" + "SyD4f6h8j0l2n4p6r8t0v2x4z6B8D0F2H4J"),
            Map.entry("xai-key", "xai-" + "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6"),
            Map.entry("huggingface-token", "hf_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"),
            Map.entry("aws-access-key", "AKIA" + "IOSFODNN7EXAMPL3"),
            Map.entry("github-token", "ghp_" + "0123456789abcdefghijABCDEFGHIJklmnopqr"),
            Map.entry("gitlab-token", "glpat-" + "xYz123AbC456dEf789gHi0"),
            Map.entry("slack-token", "xoxb-" + "1234567890-0987654321-AbCdEfGhIjKl"),
            Map.entry("jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg"),
            Map.entry("groq-key", "gsk_" + "q8Zr2LmW4xPv7NbT1cKd9fHs3YjA6uEo0iRg5MwQ2nVb8XkC1pLt"),
            Map.entry("stripe-access-token", "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc9Xz2"),
            Map.entry("slack-webhook-url", "https://hooks.slack.com/services/" + "T0ABCDE12/B0FGHIJ34/q1W2e3R4t5Y6u7I8o9P0a1S2d3"),
            Map.entry("email", "jane.roe+agents@example.org"),
            Map.entry("phone", "+44 20 7946 0958"));

    @Test
    void everyBuiltInKindIsReplacedByItsPseudonym() {
        for (Map.Entry<String, String> planted : PLANTED.entrySet()) {
            Redactor redactor = Redactor.withBuiltInRules(List.of());
            String out = redactor.redact("before " + planted.getValue() + " after");
            String pseudonym = planted.getKey().equals("email") || planted.getKey().equals("phone")
                    ? "<" + planted.getKey() + "-1>" : "<secret:" + planted.getKey() + "-1>";
            assertEquals("before " + pseudonym + " after", out, planted.getKey());
            assertEquals(Map.of(planted.getKey(), 1L), redactor.counts(), planted.getKey());
        }
    }

    @Test
    void aSecretGivenByItsNameIsReplacedAndTheNameStays() {
        Redactor redactor = Redactor.withBuiltInRules(List.of());
        assertEquals("aws_secret_access_key = <secret:aws-secret-key-1>",
                redactor.redact("aws_secret_access_key = " + "wJalrXUtnFEMI/K7MDENG/bPxRfiCYz9rXmP1eKy"));
        assertEquals("curl -H 'Authorization: Bearer <secret:bearer-token-1>' https://api.example.org",
                redactor.redact("curl -H 'Authorization: Bearer " + "tok3n.Ab9_Zx-Qw7Er5Ty3Ui1Op" + "' https://api.example.org"));
        assertEquals("mysql --user=app --password=<secret:password-1> db",
                redactor.redact("mysql --user=app --password=" + "hunter2-Secret" + " db"));
        assertEquals("{\"password\": \"<secret:password-2>\"}", redactor.redact("{\"password\": \"" + "s3cr3t!x" + "\"}"));
        // A bearer of news is no token; neither is a word after "Bearer" without a digit.
        String prose = "The bearer of this letter; use Bearer authentication with a token.";
        assertEquals(prose, redactor.redact(prose));
    }

    @Test
    void theValueThatStartsFirstWinsSoAKeyInsideAnAssignmentKeepsItsKind() {
        Redactor redactor = Redactor.withBuiltInRules(List.of());
        // gitleaks' generic rule reads "api_key = ..." from the name on; the OpenAI key in its value is still named.
        String key = PLANTED.get("openai-key");
        assertEquals("OPENAI_API_KEY = \"<secret:openai-key-1>\"", redactor.redact("OPENAI_API_KEY = \"" + key + "\""));
    }

    @Test
    void aValueOfTooLittleEntropyOrAnAllowedOneIsLeft() throws Exception {
        List<RedactionRule> rules = RedactionRules.parse("r", String.join("\n",
                "secret token keywords=tok_ entropy=3 (?<![a-z])tok_(?<value>[A-Za-z0-9]{8,64})",
                "allow token EXAMPLE$",
                "allow-words * placeholder"));
        Redactor redactor = new Redactor(rules);
        assertEquals("tok_aaaaaaaaaaaa", redactor.redact("tok_aaaaaaaaaaaa"), "one letter: no entropy");
        assertEquals("tok_Zq8RwL3mKEXAMPLE", redactor.redact("tok_Zq8RwL3mKEXAMPLE"), "allowed by its pattern");
        assertEquals("tok_Zq8RwL3mPlaceholder", redactor.redact("tok_Zq8RwL3mPlaceholder"), "allowed by its word");
        assertEquals("tok_<secret:token-1>", redactor.redact("tok_Zq8RwL3mKx7Vb2Nc"));
        assertEquals("TOK_Zq8RwL3mKx7Vb2Nc", redactor.redact("TOK_Zq8RwL3mKx7Vb2Nc"), "the keyword is there, the pattern is not");
        assertEquals(2.0, RedactionRule.shannonEntropy("abcd"), 1e-9);
        RedactionRulesException unknown = assertThrows(RedactionRulesException.class,
                () -> RedactionRules.parse("r", "secret token tok_[a-z]{8}\nallow tokn x"));
        assertEquals("r: an allow line names the kind 'tokn', which no rule has", unknown.getMessage());
        assertTrue(assertThrows(RedactionRulesException.class,
                () -> RedactionRules.parse("r", "secret token tok_[a-z]{8}\nallow token (a+)+b")).getMessage()
                .startsWith("r:2: the repeated group"));
    }

    @Test
    void keywordsPickTheRulesATextIsWorthInOnePass() {
        List<RedactionRule> rules = List.of(
                new RedactionRule(RedactionRule.Category.SECRET, "a", java.util.regex.Pattern.compile("x"), List.of("abc", "bcd"), 0,
                        RedactionRule.Allowlist.NONE),
                new RedactionRule(RedactionRule.Category.SECRET, "b", java.util.regex.Pattern.compile("x"), List.of("cde"), 0,
                        RedactionRule.Allowlist.NONE),
                new RedactionRule(RedactionRule.Category.SECRET, "c", java.util.regex.Pattern.compile("x")));
        KeywordScan scan = new KeywordScan(rules);
        assertEquals("{2}", scan.rulesFor("nothing here").toString());
        assertEquals("{0, 2}", scan.rulesFor("xxABCx").toString());
        assertEquals("{0, 1, 2}", scan.rulesFor("abCDE").toString(), "bcd and cde overlap abc's end");
        assertEquals("{2}", scan.rulesFor("ab\u00e9cd").toString());
    }

    @Test
    void theSameValueKeepsItsPseudonymAndAnotherGetsTheNext() {
        Redactor redactor = Redactor.withBuiltInRules(List.of());
        String key = PLANTED.get("openai-key");
        String other = "sk-" + "Other0123456789abcdefghijklmn";
        assertEquals("<secret:openai-key-1> <secret:openai-key-2>", redactor.redact(key + " " + other));
        assertEquals("again <secret:openai-key-1>", redactor.redact("again " + key));
        assertEquals(Map.of("openai-key", 3L), redactor.counts());
        assertEquals("redacted 3 secrets (openai-key 3)", redactor.summary());
    }

    @Test
    void aPrivateKeyAndAUrlPasswordAreReplacedWhole() {
        Redactor redactor = Redactor.withBuiltInRules(List.of());
        String pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nqwerty==\n-----END RSA PRIVATE KEY-----";
        assertEquals("key: <secret:private-key-1>.", redactor.redact("key: " + pem + "."));
        assertEquals("postgres://admin:<secret:url-password-1>@db.internal:5432/app",
                redactor.redact("postgres://admin:hunter2-Secret@db.internal:5432/app"));
    }

    @Test
    void ordinaryTextIsLeftAlone() {
        Redactor redactor = Redactor.withBuiltInRules(List.of());
        String text = "task-force-management-system-configuration ran at 2024-01-15 12:30:45 on 192.168.1.20, "
                + "see https://example.org/path?q=1 and risk-assessment-document-for-the-quarter; 5,915 tokens";
        assertEquals(text, redactor.redact(text));
        assertEquals("redacted nothing: no rule matched", redactor.summary());
    }

    @Test
    void longAdversarialLinesAreScannedInLinearTime() {
        Redactor redactor = Redactor.withBuiltInRules(List.of());
        List<String> lines = List.of("a".repeat(200_000) + "@", "sk-".repeat(70_000),
                "-----BEGIN RSA PRIVATE KEY-----" + "A".repeat(200_000), "+1 " + "1 ".repeat(100_000),
                "api_key=".repeat(25_000), "password=".repeat(20_000), "key " + "a".repeat(200_000) + "!",
                "xoxb-1234567890-".repeat(12_000), "Bearer 1".repeat(25_000), "secret: " + "A1/".repeat(70_000) + "\"",
                "EAAM" + "a".repeat(200_000) + "!", ("token=" + "x9".repeat(60) + "#").repeat(1_500),
                "http://" + "a".repeat(100_000) + ":" + "b".repeat(100_000), "eyJ" + "a".repeat(200_000) + ".",
                ("x@" + "a-".repeat(30) + ".").repeat(3_000), "(123) ".repeat(40_000));
        // Seconds, where a pattern that backtracks without bound would take hours on one of these lines.
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> lines.forEach(redactor::redact));
    }

    @Test
    void aRuleFileAddsKindsAndABadLineIsNamed() throws Exception {
        List<RedactionRule> extra = RedactionRules.parse("mine.rules",
                "# employee ids\n\nsecret acme-key (?<![A-Za-z0-9])acme_live_[A-Za-z0-9]{24,99}\npersonal employee-id E-[0-9]{6}\n");
        Redactor redactor = Redactor.withBuiltInRules(extra);
        assertEquals("<secret:acme-key-1> for <employee-id-1>",
                redactor.redact("acme_live_" + "a1".repeat(12) + " for E-123456"));

        RedactionRulesException unbounded = assertThrows(RedactionRulesException.class,
                () -> RedactionRules.parse("mine.rules", "# ok\nsecret token tok_[a-z]+\n"));
        assertEquals("mine.rules:2: the quantifier '+' at character 10 is unbounded; write {0,N} or make it possessive ('++')",
                unbounded.getMessage());
        assertTrue(assertThrows(RedactionRulesException.class, () -> RedactionRules.parse("r", "secret x (a{2,})b"))
                .getMessage().startsWith("r:1: the quantifier '{2,}'"));
        assertTrue(assertThrows(RedactionRulesException.class, () -> RedactionRules.parse("r", "secret x (a)\\1"))
                .getMessage().startsWith("r:1: the back-reference"));
        assertTrue(assertThrows(RedactionRulesException.class, () -> RedactionRules.parse("r", "\n\nsecret x [a-"))
                .getMessage().startsWith("r:3: the pattern does not compile"));
        assertTrue(assertThrows(RedactionRulesException.class, () -> RedactionRules.parse("r", "password x abc"))
                .getMessage().startsWith("r:1: the category is 'secret' or 'personal'"));
        assertTrue(assertThrows(RedactionRulesException.class, () -> RedactionRules.parse("r", "secret Big abc"))
                .getMessage().startsWith("r:1: the kind 'Big'"));
        assertFalse(RedactionRules.parse("r", "secret ok tok_[a-z]++ {1,}+ x*+").isEmpty());
    }
}
