package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --parse-text-calls} on inspect, validate, tokens and prune, and the textcalls JSON of a message. */
class ParseTextCallsCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path TEXT_CALLS = CliRun.SAMPLES.resolve("text-tool-calls.log");

    @TempDir
    Path dir;
    private Path chat;

    /** An OpenAI history whose assistant writes a Hermes call as text and nothing runs it. */
    @BeforeEach
    void writeChat() throws Exception {
        chat = Files.writeString(dir.resolve("chat.json"), """
                {"messages": [
                  {"role": "system", "content": "You are a travel assistant."},
                  {"role": "user", "content": "What's the weather in Lisbon?"},
                  {"role": "assistant", "content": "Let me check.\\n<tool_call>\\n{\\"name\\": \\"get_weather\\", \\"arguments\\": {\\"location\\": \\"Lisbon\\"}}\\n</tool_call>"}
                ]}
                """);
    }

    /** The check of {@code rule} in the file's thread that holds the conversation (not the run's own "" thread). */
    private static JsonNode check(JsonNode file, String rule) {
        for (JsonNode thread : file.get("threads")) {
            for (JsonNode check : thread.get("checks")) {
                if (!thread.get("id").asText().isEmpty() && check.get("rule").asText().equals(rule)) {
                    return check;
                }
            }
        }
        throw new AssertionError("no check " + rule + " in " + file);
    }

    @Test
    void textcallsJsonHasTheContractFieldsForAMessage() throws Exception {
        CliRun run = CliRun.of("textcalls", "--json", chat.toString());
        assertEquals(0, run.code(), run.err());
        JsonNode calls = JSON.readTree(run.out());
        assertEquals(1, calls.size());
        JsonNode c = calls.get(0);
        Set<String> keys = new TreeSet<>();
        c.fieldNames().forEachRemaining(keys::add);
        assertTrue(keys.containsAll(List.of("thread", "seq", "messageIndex", "format", "name", "arguments", "rawArguments",
                "confidence", "executed")), keys.toString());
        assertEquals("conversation", c.get("thread").asText());
        assertEquals(2, c.get("seq").asInt(), "the message's event");
        assertEquals(2, c.get("messageIndex").asInt(), "third message, counted from 0");
        assertEquals("message", c.get("source").asText());
        assertEquals("hermes", c.get("format").asText());
        assertEquals("get_weather", c.get("name").asText());
        assertTrue(c.get("arguments").isObject());
        assertEquals("Lisbon", c.at("/arguments/location").asText());
        assertEquals("{\"location\": \"Lisbon\"}", c.get("rawArguments").asText());
        double confidence = c.get("confidence").asDouble();
        assertTrue(confidence >= 0.7 && confidence <= 1, c.toString());
        assertFalse(c.get("executed").asBoolean());
    }

    @Test
    void validateLeavesAParsedCallToOrphanedToolCallSoItIsReportedOnce() throws Exception {
        JsonNode plain = JSON.readTree(CliRun.of("validate", "--format", "json", chat.toString()).out()).at("/files/0");
        assertEquals("fail", check(plain, "text-tool-call").get("status").asText());
        assertEquals("n/a", check(plain, "orphaned-tool-call").get("status").asText());

        CliRun run = CliRun.of("validate", "--format", "json", "--parse-text-calls", chat.toString());
        assertEquals(1, run.code(), "an orphaned call is an error");
        JsonNode parsed = JSON.readTree(run.out()).at("/files/0");
        assertEquals("pass", check(parsed, "text-tool-call").get("status").asText());
        JsonNode orphaned = check(parsed, "orphaned-tool-call");
        assertEquals("fail", orphaned.get("status").asText());
        assertEquals("message at line 4 (/messages/2; calls parsed from its text) calls get_weather; 1 of 1 without a "
                + "result (get_weather)", orphaned.at("/findings/0/message").asText());
    }

    @Test
    void validateOnTheSampleTradesTheThreeWarningsForThreeOrphans() throws Exception {
        JsonNode parsed = JSON.readTree(CliRun.of("validate", "--format", "json", "--parse-text-calls",
                TEXT_CALLS.toString()).out()).at("/files/0");
        assertEquals(8, parsed.at("/summary/errors").asInt());
        assertEquals(0, parsed.at("/summary/warnings").asInt());
        List<String> lines = new ArrayList<>();
        for (JsonNode f : check(parsed, "orphaned-tool-call").get("findings")) {
            lines.add(f.get("msgIdx").asInt() + " " + f.get("message").asText().split(" calls add_entry")[0]);
        }
        assertEquals(List.of("1 state entry 7 (line 24; calls parsed from its text)",
                "3 state entry 13 (line 77; calls parsed from its text)",
                "5 state entry 19 (line 139; calls parsed from its text)"), lines, "msgs 2 and 4 ran: left alone");
    }

    @Test
    void inspectCountsTheParsedCallAmongTheThreadsCalls() throws Exception {
        JsonNode plain = JSON.readTree(CliRun.of("inspect", "--json", chat.toString()).out()).at("/0/threads/0");
        assertTrue(plain.at("/toolCalls/get_weather").isMissingNode(), plain.toString());
        JsonNode parsed = JSON.readTree(CliRun.of("inspect", "--json", "--parse-text-calls", chat.toString()).out())
                .at("/0/threads/0");
        assertEquals(1, parsed.at("/toolCalls/get_weather").asInt(), parsed.toString());
        assertEquals(1, parsed.get("orphanedToolCalls").asInt());
    }

    @Test
    void pruneAndTokensSeeTheCallMarkedAsParsedFromText() throws Exception {
        CliRun prune = CliRun.of("prune", "--strategy", "none", "--format", "json", "--parse-text-calls", chat.toString());
        assertEquals(0, prune.code(), prune.err());
        JsonNode call = JSON.readTree(prune.out()).at("/after/history/2/tool_calls/0");
        assertEquals("get_weather", call.at("/function/name").asText());
        assertEquals("from-text-2-1", call.get("id").asText());
        assertTrue(call.get("x_parsed_from_text").asBoolean(), call.toString());
        JsonNode plain = JSON.readTree(CliRun.of("prune", "--strategy", "none", "--format", "json", chat.toString()).out());
        assertTrue(plain.at("/after/history/2/tool_calls").isMissingNode());

        JsonNode tokens = JSON.readTree(CliRun.of("tokens", "--json", "--parse-text-calls", chat.toString()).out());
        JsonNode before = JSON.readTree(CliRun.of("tokens", "--json", chat.toString()).out());
        assertTrue(tokens.at("/0/threads/0/categories/toolCalls").asInt() > before.at("/0/threads/0/categories/toolCalls").asInt(),
                tokens.toString());
    }
}
