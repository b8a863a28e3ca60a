package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.analysis.prune.StrategyParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PruneCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path OPENAI = Path.of("../sample-logs/openai");
    private static final Path BROKEN = OPENAI.resolve("broken-history.json");
    private static final Path CLEAN = OPENAI.resolve("clean-tool-calls.json");

    @Test
    void jsonGivesBothSidesAndTheResultInOpenAisChatShape() throws Exception {
        CliRun run = CliRun.of("prune", "--strategy", "sliding_window(3)", "--format", "json", CLEAN.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode root = JSON.readTree(run.out());
        assertEquals(6, root.get("before").get("messages").asInt());
        // The last three are a tool result, a tool result and the answer: the window moves back to their call.
        assertEquals(5, root.get("after").get("messages").asInt());
        assertEquals(1, root.get("removed").asInt(), "the user's question");
        assertEquals(List.of("m1"), texts(root.get("removedIds")));
        JsonNode history = root.get("after").get("history");
        assertEquals("developer", history.get(0).get("role").asText(), "the system prompt stays");
        JsonNode call = history.get(1);
        assertTrue(call.get("content").isNull());
        JsonNode first = call.get("tool_calls").get(0);
        assertEquals("call_8XUd3kQ2fLh1Ry7TmZc0pWnA", first.get("id").asText());
        assertEquals("function", first.get("type").asText());
        assertEquals("get_weather", first.get("function").get("name").asText());
        assertEquals("{\"location\":\"Lisbon, Portugal\",\"unit\":\"celsius\"}", first.get("function").get("arguments").asText());
        assertEquals("call_Jq4sVb9Ne2GxTo5YkLm7RdHc", history.get(2).get("tool_call_id").asText());
        assertTrue(root.get("after").get("promptTokens").asInt() < root.get("before").get("promptTokens").asInt());
        assertEquals(0, root.get("findings").size(), "a call and its results were kept together");
        assertEquals("gpt-4o-2024-08-06", root.get("model").asText(), "the request names its model");
    }

    @Test
    void theRequestsToolSchemasAreCountedOnBothSides() throws Exception {
        JsonNode none = JSON.readTree(CliRun.of("prune", "--strategy", "none", "--format", "json", CLEAN.toString()).out());
        JsonNode tokens = JSON.readTree(CliRun.of("tokens", "--json", CLEAN.toString()).out()).get(0).get("threads").get(0);
        assertEquals(tokens.get("promptTokens").asInt(), none.get("before").get("promptTokens").asInt());
        assertEquals(none.get("before").get("promptTokens").asInt(), none.get("after").get("promptTokens").asInt());
        assertTrue(tokens.get("categories").get("toolSchemas").asInt() > 0);
    }

    @Test
    void repairingOrphansClearsTheFindingsTheHistoryHadAndSaysWhatItAdded() throws Exception {
        JsonNode before = JSON.readTree(CliRun.of("prune", "--strategy", "none", "--format", "json", BROKEN.toString()).out());
        List<String> rules = new ArrayList<>();
        before.get("findings").forEach(f -> rules.add(f.get("rule").asText()));
        assertTrue(rules.contains("orphaned-tool-call"), rules.toString());
        before.get("findings").forEach(f -> assertFalse(f.get("introduced").asBoolean(), "none changes nothing"));
        JsonNode line = before.get("findings").get(0).get("evidence").get(0).get("line");
        assertTrue(line.asInt() > 1, "evidence names the file's line, not the history's position");

        JsonNode repaired = JSON.readTree(CliRun.of("prune", "--strategy", "repair_orphans", "--format", "json",
                BROKEN.toString()).out());
        assertTrue(repaired.get("added").asInt() >= 1);
        List<String> after = new ArrayList<>();
        repaired.get("findings").forEach(f -> after.add(f.get("rule").asText()));
        assertFalse(after.contains("orphaned-tool-call"), after.toString());
        boolean marked = false;
        for (JsonNode m : repaired.get("after").get("history")) {
            marked |= m.get("x_status").asText().equals("added") && m.get("role").asText().equals("tool");
        }
        assertTrue(marked, "the synthetic result is in the history, marked as added");
    }

    @Test
    void textMarksRemovedAndAddedMessagesWhereTheyStood() {
        CliRun run = CliRun.of("prune", "--strategy", "keep_last_n_steps(1)", "--thread", "s2", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        assertTrue(run.out().contains("thread 3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s2"), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("- m1 ")), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("  m0 ")), "the system prompt is kept");
        assertTrue(run.out().contains("a lower bound"), "a Mycelian dump's previews make the counts lower bounds");
    }

    @Test
    void strategiesComposeInTheOrderGiven() throws Exception {
        JsonNode root = JSON.readTree(CliRun.of("prune", "--strategy", "truncate_tool_outputs(20)", "--strategy",
                "keep_last_n_steps(30)", "--format", "json", "--thread", "s2", CliRun.BEFORE.toString()).out());
        assertEquals(List.of("truncate_tool_outputs(20)", "keep_last_n_steps(30)"), texts(root.get("strategies")));
        assertTrue(root.get("changed").asInt() > 0);
    }

    /** As the README says: arguments left out take the seeds' defaults. */
    @Test
    void aStrategyWithoutArgumentsRunsWithItsDefaults() throws Exception {
        for (String name : List.of("keep_last_n_steps", "prune_old_observations", "sliding_window")) {
            CliRun run = CliRun.of("prune", "--strategy", name, "--format", "json", "--thread", "s2", CliRun.BEFORE.toString());
            assertEquals(ExitCodes.OK, run.code(), name + ": " + run.err());
            assertEquals(StrategyParser.parse(name).spec(), texts(JSON.readTree(run.out()).get("strategies")).get(0));
        }
        assertEquals("keep_last_n_steps(5)", StrategyParser.parse("keep_last_n_steps").spec());
    }

    @Test
    void usageErrorsAreOneLineAndExit2(@TempDir Path dir) throws Exception {
        CliRun unknown = CliRun.of("prune", "--strategy", "keep_last(2)", BROKEN.toString());
        assertEquals(ExitCodes.USAGE, unknown.code());
        assertTrue(unknown.err().contains("unknown strategy 'keep_last'"), unknown.err());
        assertEquals(1, unknown.err().strip().lines().count(), unknown.err());
        CliRun bad = CliRun.of("prune", "--strategy", "keep_last_n_steps(-1)", BROKEN.toString());
        assertEquals(ExitCodes.USAGE, bad.code());
        assertTrue(bad.err().contains("keep_last_n_steps"), bad.err());
        CliRun noThread = CliRun.of("prune", "--strategy", "none", "--thread", "nope", BROKEN.toString());
        assertEquals(ExitCodes.USAGE, noThread.code());
        assertTrue(noThread.err().contains("no thread 'nope'"), noThread.err());
        CliRun ambiguous = CliRun.of("prune", "--strategy", "none", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, ambiguous.code());
        assertTrue(ambiguous.err().contains("choose one with --thread"), ambiguous.err());
        CliRun early = CliRun.of("prune", "--strategy", "none", "--thread", "s1", "--at", "0", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, early.code());
        assertTrue(early.err().contains("no history at or before event 0"), early.err());
        Path notes = Files.writeString(dir.resolve("notes.txt"), "nothing here\n");
        assertEquals(ExitCodes.USAGE, CliRun.of("prune", "--strategy", "none", notes.toString()).code());
        assertEquals(ExitCodes.USAGE, CliRun.of("prune", "--strategy", "none", "--format", "xml", BROKEN.toString()).code());
    }

    @Test
    void atPicksTheHistoryAsItWasThen() throws Exception {
        JsonNode early = JSON.readTree(CliRun.of("prune", "--strategy", "none", "--at", "3", "--format", "json",
                BROKEN.toString()).out());
        JsonNode last = JSON.readTree(CliRun.of("prune", "--strategy", "none", "--format", "json", BROKEN.toString()).out());
        assertTrue(early.get("at").get("seq").asInt() <= 3);
        assertTrue(early.get("before").get("messages").asInt() < last.get("before").get("messages").asInt());
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
