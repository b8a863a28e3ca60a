package dev.tracedeck.importers.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * gitleaks' rules as bundled: each finds gitleaks' own example secrets for it (when {@code scripts/gitleaks-rules.py}
 * has written them to {@code target/} from a gitleaks checkout: gitleaks' test data is not copied here), and the
 * bundle says where it came from.
 */
class GitleaksRulesTest {

    @Test
    void eachBundledRuleFindsGitleaksOwnExamplesForIt() throws IOException {
        Map<String, RedactionRule> byKind = new LinkedHashMap<>();
        RedactionRules.gitleaks().forEach(r -> byKind.put(r.kind(), r));
        List<String> missed = new ArrayList<>();
        Set<String> tried = new TreeSet<>();
        Path examples = Path.of("target/gitleaks-examples.txt");
        Assumptions.assumeTrue(Files.isRegularFile(examples),
                "no gitleaks examples: run scripts/gitleaks-rules.py GITLEAKS_CHECKOUT COMMIT to write them");
        for (String line : Files.readAllLines(examples)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", 3);
            RedactionRule rule = byKind.get(f[0]);
            assertTrue(rule != null, "an example of a rule that is not bundled: " + f[0]);
            tried.add(f[0]);
            // As gitleaks' generator writes a secret (its "python - double quote" sample), or the whole line it lists.
            String text = f[1].isEmpty() ? f[2] : f[1] + "Token = \"" + f[2] + "\"";
            String out = new Redactor(List.of(rule)).redact(text);
            boolean caught = out.contains("<secret:" + f[0] + "-1>") && (f[1].isEmpty() || !out.contains(f[2]));
            if (!caught) {
                missed.add(f[0] + ": " + text + " -> " + out);
            }
        }
        assertEquals(List.of(), missed);
        assertTrue(tried.size() >= 50, "examples for " + tried.size() + " rules");
    }

    @Test
    void theBundleKeepsMostOfGitleaksRulesAndSaysWhereTheyCameFromUnderWhichLicense() throws IOException {
        String file = resource("gitleaks-rules.txt");
        assertTrue(file.contains("config/gitleaks.toml at b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b"), "the commit");
        assertTrue(file.contains("MIT License") && file.contains("Copyright (c) 2019 Zachary Rice"), "the license");
        List<RedactionRule> rules = RedactionRules.gitleaks();
        assertTrue(rules.size() >= 200, rules.size() + " rules");
        Set<String> kinds = rules.stream().map(RedactionRule::kind).collect(Collectors.toSet());
        for (String kind : List.of("slack-webhook-url", "stripe-access-token", "generic-api-key", "aws-access-token",
                "github-pat", "gcp-api-key", "openai-api-key", "anthropic-api-key")) {
            assertTrue(kinds.contains(kind), kind);
        }
        for (RedactionRule r : rules) {
            assertEquals(null, LinearPatterns.problem(r.pattern().pattern()), r.kind());
        }
        // The built-in list is ours first, then these.
        List<RedactionRule> all = RedactionRules.builtIn();
        assertEquals(rules, all.subList(all.size() - rules.size(), all.size()));
        assertFalse(all.get(0).kind().equals(rules.get(0).kind()));
    }

    @Test
    void gitleaksGlobalAllowlistLeavesPlaceholdersAndVariables() {
        Redactor redactor = Redactor.withBuiltInRules(List.of());
        for (String text : List.of("api_key = \"${OPENAI_API_KEY}\"", "client_secret: \"{{ vault_client_secret }}\"",
                "auth_token = \"abcdefghijklmnopqrstuvwxyz\"")) {
            assertEquals(text, redactor.redact(text));
        }
        assertEquals("auth_token = \"<secret:generic-api-key-1>\"", redactor.redact("auth_token = \"" + "q8Zr2LmW4xPv7NbT1cKd" + "\""));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = RedactionRules.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
