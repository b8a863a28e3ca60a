package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets and personal data planted in two traces (the conversation's id, a user's message, a call's arguments) are
 * in no report of validate --redact and in no converted file of convert --redact, and one value has one pseudonym
 * across both files.
 */
class RedactionCommandTest {

    private static final String EMAIL = "jane.roe+agents@example.org";
    private static final String OPENAI_KEY = "sk-proj-" + "Ab3dEfGh1jKlMnOpQrStUvWxYz0123456789";
    private static final String GITHUB_TOKEN = "ghp_" + "0123456789abcdefghijABCDEFGHIJklmnopqr";
    private static final String AWS_KEY = "AKIA" + "IOSFODNN7EXAMPL3";
    private static final String PHONE = "+44 20 7946 0958";
    private static final List<String> PLANTED = List.of(EMAIL, OPENAI_KEY, GITHUB_TOKEN, AWS_KEY, PHONE);

    @TempDir
    Path dir;

    /** An OpenTelemetry export of one chat span whose answer calls a tool no later input answers (a finding). */
    private Path trace(String name, String traceId) throws Exception {
        return trace(name, traceId, "call_1", "deploy");
    }

    /** The same, its tool call's id and name given. */
    private Path trace(String name, String traceId, String callId, String tool) throws Exception {
        String input = "[{\\\"role\\\":\\\"user\\\",\\\"parts\\\":[{\\\"type\\\":\\\"text\\\",\\\"content\\\":\\\"my token is "
                + GITHUB_TOKEN + ", call me on " + PHONE + "\\\"}]}]";
        String output = "[{\\\"role\\\":\\\"assistant\\\",\\\"parts\\\":[{\\\"type\\\":\\\"tool_call\\\",\\\"id\\\":\\\"" + callId + "\\\","
                + "\\\"name\\\":\\\"" + tool + "\\\",\\\"arguments\\\":{\\\"aws_key\\\":\\\"" + AWS_KEY + "\\\"}}],\\\"finish_reason\\\":\\\"tool_call\\\"}]";
        String span = "{\"traceId\":\"" + traceId + "\",\"spanId\":\"00f067aa0ba902b7\",\"name\":\"chat gpt-4o\","
                + "\"startTimeUnixNano\":\"1735689600000000000\",\"endTimeUnixNano\":\"1735689601000000000\",\"attributes\":["
                + "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},"
                + "{\"key\":\"gen_ai.conversation.id\",\"value\":{\"stringValue\":\"" + EMAIL + "/" + OPENAI_KEY + "\"}},"
                + "{\"key\":\"gen_ai.input.messages\",\"value\":{\"stringValue\":\"" + input + "\"}},"
                + "{\"key\":\"gen_ai.output.messages\",\"value\":{\"stringValue\":\"" + output + "\"}}]}";
        String tail = "{\"traceId\":\"" + traceId + "\",\"spanId\":\"00f067aa0ba902b8\",\"name\":\"chat gpt-4o\","
                + "\"startTimeUnixNano\":\"1735689602000000000\",\"endTimeUnixNano\":\"1735689603000000000\",\"attributes\":["
                + "{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},"
                + "{\"key\":\"gen_ai.conversation.id\",\"value\":{\"stringValue\":\"" + EMAIL + "/" + OPENAI_KEY + "\"}},"
                + "{\"key\":\"gen_ai.input.messages\",\"value\":{\"stringValue\":\"[{\\\"role\\\":\\\"user\\\",\\\"parts\\\":"
                + "[{\\\"type\\\":\\\"text\\\",\\\"content\\\":\\\"never mind\\\"}]}]\"}}]}";
        Path file = dir.resolve(name);
        Files.writeString(file, "{\"resourceSpans\":[{\"resource\":{\"attributes\":[]},\"scopeSpans\":[{\"scope\":"
                + "{\"name\":\"test\"},\"spans\":[" + span + "," + tail + "]}]}]}\n", StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void reportsOfEveryFormatHoldNoPlantedValue() throws Exception {
        Path a = trace("a.json", "4bf92f3577b34da6a3ce929d0e0e4736");
        Path b = trace("b.json", "5bf92f3577b34da6a3ce929d0e0e4737");
        CliRun plain = CliRun.of("validate", "--no-workspace", "--format", "json", a.toString(), b.toString());
        assertTrue(plain.out().contains(EMAIL) && plain.out().contains(OPENAI_KEY), "the plant reaches the report:\n" + plain.out());
        for (String format : List.of("text", "json", "junit", "sarif", "markdown", "html")) {
            CliRun run = CliRun.of("validate", "--no-workspace", "--redact", "--format", format, a.toString(), b.toString());
            assertEquals(1, run.code(), format + ": the orphaned calls are still findings\n" + run.err());
            for (String secret : PLANTED) {
                assertFalse(run.out().contains(secret), format + " report holds " + secret + ":\n" + run.out());
            }
            String report = run.out().replace("&lt;", "<").replace("&gt;", ">");
            assertTrue(report.contains("<email-1>") && report.contains("<secret:openai-key-1>"), format + ":\n" + report);
            assertFalse(report.contains("<email-2>") || report.contains("openai-key-2"), format + ": one value, one pseudonym");
            assertTrue(report.contains("redacted 4 secrets") || report.contains("\"redactions\""), format + ": the count\n" + report);
            assertTrue(run.err().contains("tracedeck validate: redacted 4 secrets (openai-key 4) and 4 pieces of personal data (email 4)"),
                    format + ": " + run.err());
        }
    }

    @Test
    void convertedFilesOfBothTargetsHoldNoPlantedValue() throws Exception {
        Path a = trace("a.json", "4bf92f3577b34da6a3ce929d0e0e4736");
        Path b = trace("b.json", "5bf92f3577b34da6a3ce929d0e0e4737");
        CliRun plain = CliRun.of("convert", "--to", "atif", a.toString(), b.toString());
        assertTrue(plain.out().contains(GITHUB_TOKEN) && plain.out().contains(AWS_KEY), plain.out() + plain.err());
        for (String target : List.of("atif", "otlp")) {
            Path out = dir.resolve("converted." + target);
            CliRun run = CliRun.of("convert", "--to", target, "--redact", "--output", out.toString(), a.toString(), b.toString());
            assertEquals(0, run.code(), run.err());
            String converted = Files.readString(out, StandardCharsets.UTF_8);
            for (String secret : PLANTED) {
                assertFalse(converted.contains(secret), target + " holds " + secret + ":\n" + converted);
            }
            for (String pseudonym : List.of("<email-1>", "<secret:openai-key-1>", "<secret:github-token-1>",
                    "<secret:aws-access-key-1>", "<phone-1>")) {
                assertTrue(converted.contains(pseudonym), target + " lacks " + pseudonym + ":\n" + converted);
                assertFalse(converted.contains(pseudonym.replace("-1>", "-2>")), target + ": one value, one pseudonym");
            }
            assertTrue(run.err().contains("tracedeck convert: redacted "), run.err());
            assertTrue(converted.contains("redacted "), target + ": the count in the output");
        }
    }

    private static final String STRIPE_KEY = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc9Xz2";
    private static final String SLACK_TOKEN = "xoxb-" + "1234567890-0987654321-AbCdEfGhIjKl";

    @Test
    void aSecretInAToolCallsIdOrNameIsRedactedToo() throws Exception {
        Path a = trace("a.json", "4bf92f3577b34da6a3ce929d0e0e4736", STRIPE_KEY, SLACK_TOKEN);
        for (String target : List.of("atif", "otlp")) {
            CliRun plain = CliRun.of("convert", "--to", target, a.toString());
            assertTrue(plain.out().contains(STRIPE_KEY) && plain.out().contains(SLACK_TOKEN), target + ": the plant is there");
            CliRun run = CliRun.of("convert", "--to", target, "--redact", a.toString());
            assertEquals(0, run.code(), run.err());
            assertFalse(run.out().contains(STRIPE_KEY) || run.out().contains(SLACK_TOKEN), target + ":\n" + run.out());
            assertTrue(run.out().contains("<secret:stripe-access-token-1>") && run.out().contains("<secret:slack-token-1>"),
                    target + ":\n" + run.out());
        }
        CliRun report = CliRun.of("validate", "--no-workspace", "--redact", "--format", "json", a.toString());
        assertFalse(report.out().contains(STRIPE_KEY) || report.out().contains(SLACK_TOKEN), report.out());
    }

    @Test
    void theWorkspacesFindingsAndSearchIndexAndABaselineKeepNoSecret() throws Exception {
        Path a = trace("a.json", "4bf92f3577b34da6a3ce929d0e0e4736", STRIPE_KEY, SLACK_TOKEN);
        Path ws = dir.resolve("ws.db");
        CliRun validate = CliRun.of("validate", "--workspace", ws.toString(), "--format", "json", a.toString());
        assertEquals(1, validate.code(), validate.err());
        CliRun search = CliRun.of("search", "--workspace", ws.toString(), "--json", "secret");
        assertEquals(0, search.code(), search.err());
        assertTrue(search.out().contains("github"), "a search for secret finds where they were:\n" + search.out());
        CliRun runs = CliRun.of("runs", "--workspace", ws.toString(), "--json");
        assertEquals(0, runs.code(), runs.err());
        StringBuilder stored = new StringBuilder();
        for (Path f : List.of(ws, dir.resolve("ws.db-wal"))) {
            if (Files.exists(f)) {
                stored.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        assertTrue(stored.toString().contains("never mind"), "the index holds the messages");
        for (String secret : List.of(OPENAI_KEY, GITHUB_TOKEN, AWS_KEY, STRIPE_KEY, SLACK_TOKEN)) {
            assertFalse(stored.toString().contains(secret), "the workspace holds " + secret);
        }

        CliRun baseline = CliRun.of("baseline", "write", "--no-workspace", a.toString());
        assertEquals(0, baseline.code(), baseline.err());
        assertTrue(baseline.out().contains("<secret:openai-key-1>") && baseline.out().contains(EMAIL), baseline.out());
        for (String secret : List.of(OPENAI_KEY, STRIPE_KEY, SLACK_TOKEN)) {
            assertFalse(baseline.out().contains(secret), "the baseline holds " + secret + ":\n" + baseline.out());
        }
        CliRun redacted = CliRun.of("baseline", "write", "--no-workspace", "--redact", a.toString());
        assertFalse(redacted.out().contains(EMAIL), redacted.out());
        assertTrue(redacted.err().contains("tracedeck baseline write: redacted "), redacted.err());
        // The fingerprints are of the findings as read: validate --baseline still knows every finding.
        Path file = Files.writeString(dir.resolve("baseline.json"), redacted.out());
        CliRun known = CliRun.of("validate", "--no-workspace", "--baseline", file.toString(), a.toString());
        assertEquals(0, known.code(), known.out() + known.err());
    }

    @Test
    void theHtmlReportMayRunNoScriptAndLoadNothing() throws Exception {
        CliRun run = CliRun.of("validate", "--no-workspace", "--format", "html",
                trace("a.json", "4bf92f3577b34da6a3ce929d0e0e4736").toString());
        String head = run.out().substring(0, run.out().indexOf("</head>"));
        assertTrue(head.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                + "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'\">"), head);
        assertTrue(head.indexOf("Content-Security-Policy") < head.indexOf("<style>"), "before anything it governs");
        assertFalse(run.out().contains("<script") || run.out().contains("src=\"http"), "nothing the policy would block");
    }

    @Test
    void aBadRuleFileIsNamedWithItsLine() throws Exception {
        Path rules = dir.resolve("mine.rules");
        Files.writeString(rules, "# mine\nsecret token tok_[a-z]+\n");
        CliRun run = CliRun.of("convert", "--to", "otlp", "--redact-rules", rules.toString(), trace("a.json",
                "4bf92f3577b34da6a3ce929d0e0e4736").toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("tracedeck convert: " + rules + ":2: the quantifier '+' at character 10 is unbounded"),
                run.err());
    }
}
