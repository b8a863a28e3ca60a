package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextCallsCommandTest {

    private static final Path TEXT_CALLS = CliRun.SAMPLES.resolve("text-tool-calls.log");
    private static final String THREAD = "c4e8a2f1-6d3b-4a97-8e50-b1f7d9c3a264:s1";

    @TempDir
    Path dir;

    @Test
    void listsEveryTextCallOfTheSampleWithTheContractFields() throws Exception {
        CliRun run = CliRun.of("textcalls", "--json", TEXT_CALLS.toString());
        assertEquals(0, run.code(), run.err());
        JsonNode calls = new ObjectMapper().readTree(run.out());
        List<String> seen = new ArrayList<>();
        for (JsonNode c : calls) {
            assertEquals(THREAD, c.get("thread").asText());
            assertEquals("add_entry", c.get("name").asText());
            assertEquals("state-entry", c.get("source").asText());
            seen.add(c.get("line").asInt() + " " + c.get("format").asText() + " " + c.get("messageIndex").asInt()
                    + " " + c.get("msgIdx").asInt() + " " + c.get("executed").asBoolean());
        }
        // the five calls the model wrote (msgs 1-5), each distinct entry once; msg 6's talk about add_entry is not one
        assertEquals(List.of("24 tool-call-block 6 1 false", "51 tool-call-block 8 2 true", "77 hermes 12 3 false",
                "106 tool-call-block 14 4 true", "139 fenced 18 5 false"), seen);

        JsonNode fenced = calls.get(4);
        assertEquals(113, dumpLineOfTheFindingFor(5, fenced.get("seq").asInt()), "seq is the dump validate points at");
        assertEquals("user", fenced.at("/arguments/tags/role").asText());
        assertEquals(5, fenced.at("/arguments/tags/msg_idx").asInt());
        assertTrue(fenced.get("rawArguments").asText().startsWith("{\"memory_id\": \"c4e8a2f1"), fenced.toString());
        assertEquals(0.9, fenced.get("confidence").asDouble(), 1e-9);
        assertEquals(false, fenced.get("textCut").asBoolean());

        JsonNode hermes = calls.get(2);
        assertTrue(hermes.get("textCut").asBoolean());
        assertEquals("partial", hermes.get("argumentsStatus").asText());
        assertTrue(hermes.get("arguments").has("memory_id"), "what was read whole is kept");
        assertTrue(hermes.get("unrecovered").size() > 0, hermes.toString());
        assertTrue(hermes.get("confidence").asDouble() >= 0.7, "the preview's cut is the log's, not the model's");
        double sum = 0;
        for (JsonNode r : hermes.get("reasons")) {
            sum += r.get("weight").asDouble();
        }
        assertEquals(Math.min(1, sum), hermes.get("confidence").asDouble(), 1e-9);
    }

    /** The line of validate's text-tool-call finding for msgIdx, checking that its evidence is the event seq. */
    private static int dumpLineOfTheFindingFor(int msgIdx, int seq) throws Exception {
        CliRun inspect = CliRun.of("validate", "--format", "json", TEXT_CALLS.toString());
        for (JsonNode t : new ObjectMapper().readTree(inspect.out()).at("/files/0/threads")) {
            for (JsonNode check : t.get("checks")) {
                for (JsonNode f : check.get("findings")) {
                    if (f.get("rule").asText().equals("text-tool-call") && f.get("msgIdx").asInt() == msgIdx) {
                        assertEquals(seq, f.at("/evidence/0/seq").asInt());
                        return f.at("/evidence/0/line").asInt();
                    }
                }
            }
        }
        return -1;
    }

    @Test
    void printsOneLinePerCallForPeople() {
        CliRun run = CliRun.of("textcalls", TEXT_CALLS.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("5 text calls, 5 at confidence ≥ 0.7, 3 of them never run"), run.out());
        assertTrue(run.out().contains("line 77  state entry 13 (msg_idx 3)  hermes add_entry  0.90  NOT RUN"), run.out());
        assertTrue(run.out().contains("line 51  state entry 9 (msg_idx 2)  tool-call-block add_entry  0.90  run"), run.out());
    }

    @Test
    void aCleanRunHasNone() throws Exception {
        CliRun run = CliRun.of("textcalls", "--json", CliRun.AFTER.toString());
        assertEquals(0, run.code(), run.err());
        assertEquals(0, new ObjectMapper().readTree(run.out()).size());
    }

    @Test
    void anUnreadableFileExitsTwoWithOneLine() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "RESULT of the load test\n");
        CliRun run = CliRun.of("textcalls", "--json", notes.toString(), TEXT_CALLS.toString());
        assertEquals(ExitCodes.USAGE, run.code());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("tracedeck textcalls: " + notes + ": not a format Tracedeck knows"), run.err());
        assertEquals(5, new ObjectMapper().readTree(run.out()).size(), "the readable file is still listed");
    }
}
