package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryCommandTest {

    private static final Path LETTA = Path.of("../sample-logs/letta/block-over-limit.af");
    private static final Path CLAUDE = Path.of("../sample-logs/claude-code/memory-files.jsonl");

    @Test
    void jsonListsEachOperationWithItsSizesAndChange() throws Exception {
        CliRun run = CliRun.of("memory", "--json", LETTA.toString(), CLAUDE.toString());
        assertEquals(0, run.code(), run.err());
        JsonNode files = new ObjectMapper().readTree(run.out());
        assertEquals(2, files.size());
        JsonNode letta = files.get(0).get("memories");
        assertEquals("persona", letta.get(0).get("name").asText(), "the prompt shows persona first");
        assertEquals(0, letta.get(0).get("operations").size(), "no call changes it");
        assertTrue(letta.get(0).get("initial").asText().length() > 0, "its value is the one the trace shows");
        JsonNode human = letta.get(1);
        assertEquals("human", human.get("name").asText());
        assertEquals(200, human.get("limit").asInt());
        List<String> ops = new ArrayList<>();
        for (JsonNode op : human.get("operations")) {
            ops.add(op.get("line").asInt() + " " + op.get("tool").asText() + " " + op.get("op").asText() + " "
                    + op.get("sizeBefore").asInt() + ">" + op.get("sizeAfter").asInt() + " " + op.get("failed").asBoolean()
                    + " " + op.get("sizeAttempted").asInt());
        }
        assertEquals(List.of("170 core_memory_append append 34>91 false 91",
                "307 core_memory_replace replace 91>105 false 105",
                "444 core_memory_append append 105>105 true 252"), ops);
        JsonNode claude = files.get(1).get("memories").get(1);
        assertEquals("/home/dev/shop-api/CLAUDE.md", claude.get("name").asText());
        assertTrue(claude.get("operations").get(0).get("sizeBefore").isNull());
        assertEquals("+ The orders tests need `ORDERS_DB=sqlite://`.\n",
                claude.get("operations").get(2).get("diff").asText());
    }

    @Test
    void textShowsTheRefusedWriteAndAFileWithoutMemorySaysWhy() {
        CliRun run = CliRun.of("memory", LETTA.toString(), "../sample-logs/claude-code/clean-session.jsonl");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("core_memory_append  append  105 → 105 chars  FAILED (nothing changed; it asked for"
                + " 252 chars)  over the limit of 200"), run.out());
        assertTrue(run.out().contains("        - First name: Tomás\n        + First name: Tomás (goes by Tom)\n"), run.out());
        assertTrue(run.out().contains("no memory in this claude-code trace"), run.out());
        assertTrue(run.out().matches("(?s).*  persona  \\(block, limit 5000, thread agent\\)  0 writes, 0 reads\n"
                + "    no call changes it here; it holds \\d+ chars\n.*"), run.out());
    }

    @Test
    void anUnreadableFileExitsTwo() {
        CliRun run = CliRun.of("memory", "no-such-file.af");
        assertEquals(ExitCodes.USAGE, run.code());
    }
}
