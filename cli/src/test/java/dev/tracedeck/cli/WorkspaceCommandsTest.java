package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.workspace.FileIdentity;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workspace from the command line: runs, search, baselines and triage, each in a temporary workspace. */
class WorkspaceCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private String ws() {
        return dir.resolve("ws.db").toString();
    }

    @Test
    void validateAndInspectRecordWhatTheyReadAndRunsListsIt() throws Exception {
        assertEquals(ExitCodes.FINDINGS, CliRun.of("validate", "--workspace", ws(), CliRun.BEFORE.toString()).code());
        assertEquals(ExitCodes.OK, CliRun.of("inspect", "--workspace", ws(), CliRun.AFTER.toString()).code());
        CliRun runs = CliRun.of("runs", "--workspace", ws(), "--json");
        assertEquals(ExitCodes.OK, runs.code(), runs.err());
        JsonNode list = JSON.readTree(runs.out());
        assertEquals(2, list.size());
        JsonNode before = find(list, "before-prebuilt-react.log");
        assertEquals("mycelian-log", before.get("format").asText());
        assertTrue(before.get("sha256").isNull(), "recording leaves the hash for later");
        assertEquals(3, before.get("threads").asInt());
        assertTrue(before.get("errors").asInt() > 0);
        assertEquals(0, before.get("warnings").asInt());
        assertFalse(before.get("lastOpened").asText().isEmpty());
        assertEquals("unchanged", before.get("status").asText());
        assertFalse(before.get("changed").asBoolean());
        assertFalse(before.get("moved").asBoolean());
        assertTrue(find(list, "after-tool-only.log").get("errors").isNull(), "inspected only");
        CliRun text = CliRun.of("runs", "--workspace", ws());
        assertTrue(text.out().contains("before-prebuilt-react.log"), text.out());
        assertTrue(text.out().contains("(2 files not in the search index yet: the next search indexes them)"), text.out());
    }

    @Test
    void recordingLeavesTheHashAndTheIndexToTheFirstSearch() throws Exception {
        Path log = Files.copy(CliRun.BEFORE, dir.resolve("run.log"));
        assertEquals(ExitCodes.FINDINGS, CliRun.of("validate", "--workspace", ws(), log.toString()).code());
        JsonNode recorded = JSON.readTree(CliRun.of("runs", "--workspace", ws(), "--json").out()).get(0);
        assertFalse(recorded.get("indexed").asBoolean(), "validate did not index it");
        assertEquals("not-yet", recorded.get("index").asText());

        CliRun notIndexed = CliRun.of("search", "--workspace", ws(), "--no-index", "tools:add_entry");
        assertEquals(ExitCodes.OK, notIndexed.code(), notIndexed.err());
        assertTrue(notIndexed.out().contains("0 hits"), notIndexed.out());
        assertEquals("tracedeck search: not searched, 1 recorded file not indexed yet: " + log.toAbsolutePath()
                + "; a search without --no-index indexes it", notIndexed.err().strip());

        CliRun search = CliRun.of("search", "--workspace", ws(), "--json", "tools:add_entry");
        assertEquals(ExitCodes.OK, search.code(), search.err());
        assertEquals("tracedeck search: indexing " + log.toAbsolutePath() + " (1 of 1 recorded since the last search)",
                search.err().strip());
        JsonNode hits = JSON.readTree(search.out());
        assertTrue(hits.size() > 0);
        for (JsonNode hit : hits) {
            assertTrue(Files.readAllLines(log).get(hit.get("line").asInt() - 1).contains("add_entry"), hit.toString());
        }
        JsonNode indexed = JSON.readTree(CliRun.of("runs", "--workspace", ws(), "--json").out()).get(0);
        assertEquals("indexed", indexed.get("index").asText());
        assertEquals(64, indexed.get("sha256").asText().length(), "hashed as it was indexed");
        assertEquals(recorded.get("errors"), indexed.get("errors"));

        CliRun again = CliRun.of("search", "--workspace", ws(), "tools:add_entry");
        assertEquals("", again.err(), "nothing left to index");
        assertEquals(ExitCodes.FINDINGS, CliRun.of("validate", "--workspace", ws(), log.toString()).code(), "validated again, unchanged");
        assertEquals("", CliRun.of("search", "--workspace", ws(), "tools:add_entry").err(), "same size and time: not read again");
    }

    @Test
    void aFileThatChangedSinceItWasRecordedIsNotIndexedAndSearchSaysWhy() throws Exception {
        Path log = Files.copy(CliRun.AFTER, dir.resolve("run.log"));
        assertEquals(ExitCodes.OK, CliRun.of("inspect", "--workspace", ws(), log.toString()).code());
        Files.writeString(log, "2025-09-05 10:16:00,000 [x.py:y] one more line\n", java.nio.file.StandardOpenOption.APPEND);
        Files.setLastModifiedTime(log, java.nio.file.attribute.FileTime.fromMillis(Files.getLastModifiedTime(log).toMillis() + 5_000));

        CliRun search = CliRun.of("search", "--workspace", ws(), "tools:add_entry");

        assertEquals(ExitCodes.OK, search.code(), search.err());
        assertTrue(search.out().contains("0 hits"), search.out());
        assertEquals("tracedeck search: not searched, 1 recorded file not indexed yet: " + log.toAbsolutePath()
                + " (changed since it was recorded); inspect or validate a changed file again to record it as it is now",
                search.err().strip());
        assertTrue(JSON.readTree(CliRun.of("runs", "--workspace", ws(), "--json").out()).get(0).get("sha256").isNull(),
                "no hash of content other than the one recorded");
    }

    @Test
    void everyCommandThatReadsATraceRecordsIt() throws Exception {
        Path tokens = Files.copy(CliRun.AFTER, dir.resolve("tokens.log"));
        Path textcalls = Files.copy(CliRun.AFTER, dir.resolve("textcalls.log"));
        Path prune = Files.copy(CliRun.AFTER, dir.resolve("prune.log"));
        assertEquals(ExitCodes.OK, CliRun.of("tokens", "--workspace", ws(), tokens.toString()).code());
        assertEquals(ExitCodes.OK, CliRun.of("textcalls", "--workspace", ws(), textcalls.toString()).code());
        CliRun pruned = CliRun.of("prune", "--workspace", ws(), "--strategy", "keep_last_n_steps(5)",
                "--thread", "a71e0c54-3b9d-4f28-9e6a-d4c2b8f01735:s1", prune.toString());
        assertEquals(ExitCodes.OK, pruned.code(), pruned.err());
        CliRun compared = CliRun.of("compare", "--workspace", ws(), CliRun.BEFORE.toString(), CliRun.AFTER.toString());
        assertTrue(compared.code() == ExitCodes.OK || compared.code() == ExitCodes.FINDINGS, compared.err());

        JsonNode list = JSON.readTree(CliRun.of("runs", "--workspace", ws(), "--json").out());
        for (String name : List.of("tokens.log", "textcalls.log", "prune.log")) {
            assertTrue(find(list, name).get("errors").isNull(), name + " was read, not validated");
        }
        assertTrue(find(list, "before-prebuilt-react.log").get("errors").asInt() > 0, "compare validated both runs");
        assertEquals(0, find(list, "after-tool-only.log").get("errors").asInt());

        CliRun none = CliRun.of("tokens", "--no-workspace", Files.copy(CliRun.AFTER, dir.resolve("unrecorded.log")).toString());
        assertEquals(ExitCodes.OK, none.code());
        assertEquals(5, JSON.readTree(CliRun.of("runs", "--workspace", ws(), "--json").out()).size(), "--no-workspace records nothing");
    }

    @Test
    void runsShowsAFileThatChangedOrMoved() throws Exception {
        Path copy = Files.copy(CliRun.AFTER, dir.resolve("run.log"));
        CliRun.of("inspect", "--workspace", ws(), copy.toString());
        Files.delete(copy);
        JsonNode run = JSON.readTree(CliRun.of("runs", "--workspace", ws(), "--json").out()).get(0);
        assertEquals("missing", run.get("status").asText());
        assertTrue(run.get("moved").asBoolean());
    }

    @Test
    void searchPrintsFileThreadSeqLineAndSnippet() throws Exception {
        CliRun.of("inspect", "--workspace", ws(), CliRun.BEFORE.toString());
        CliRun search = CliRun.of("search", "--workspace", ws(), "--json", "tools:add_entry");
        assertEquals(ExitCodes.OK, search.code(), search.err());
        JsonNode hits = JSON.readTree(search.out());
        assertTrue(hits.size() > 0);
        JsonNode hit = hits.get(0);
        for (String field : List.of("file", "thread", "seq", "line", "snippet")) {
            assertTrue(hit.has(field), field + " in " + hit);
        }
        assertTrue(hit.get("file").asText().endsWith("before-prebuilt-react.log"));
        CliRun bad = CliRun.of("search", "--workspace", ws(), "\"unclosed");
        assertEquals(ExitCodes.USAGE, bad.code());
        assertEquals(1, bad.err().lines().count(), bad.err());
    }

    /** A query the index can't read is the query's fault, said in one line: never SQLite's "missing database". */
    @Test
    void aBadQuerySaysWhatIsWrongWithIt() {
        CliRun.of("inspect", "--workspace", ws(), CliRun.BEFORE.toString());
        for (String[] bad : List.of(
                new String[] {"add_entry AND (", "bad query 'add_entry AND (': it ends where more was expected"},
                new String[] {"\"unclosed", "bad query '\"unclosed': a double quote is not closed"},
                new String[] {"owner:alice", "bad query 'owner:alice': owner: is not a field; the fields are content:, tools: and args:"},
                new String[] {"add_entry )", "bad query 'add_entry )': it can't be read at ')'"})) {
            CliRun run = CliRun.of("search", "--workspace", ws(), bad[0]);
            assertEquals(ExitCodes.USAGE, run.code(), bad[0]);
            assertEquals(1, run.err().lines().count(), run.err());
            assertTrue(run.err().startsWith("tracedeck search: " + bad[1]), run.err());
            assertFalse(run.err().contains("SQLITE") || run.err().contains("database"), run.err());
        }
    }

    @Test
    void aFileWithMoreTextThanTheIndexTakesIsRecordedAndSearchSaysItWasNotSearched() throws Exception {
        assertEquals(ExitCodes.OK, CliRun.of("inspect", "--workspace", ws(), CliRun.AFTER.toString()).code());
        String before = System.getProperty("tracedeck.indexLimitMiB");
        System.setProperty("tracedeck.indexLimitMiB", "0");
        CliRun search;
        JsonNode run;
        try {
            search = CliRun.of("search", "--workspace", ws(), "tools:add_entry");
            run = JSON.readTree(CliRun.of("runs", "--workspace", ws(), "--json").out()).get(0);
        } finally {
            if (before == null) {
                System.clearProperty("tracedeck.indexLimitMiB");
            } else {
                System.setProperty("tracedeck.indexLimitMiB", before);
            }
        }
        assertFalse(run.get("indexed").asBoolean());
        assertEquals("too-much-text", run.get("index").asText());
        assertEquals(ExitCodes.OK, search.code(), search.err());
        assertTrue(search.out().contains("0 hits"), search.out());
        List<String> err = search.err().lines().toList();
        assertEquals(2, err.size(), search.err());
        assertTrue(err.get(0).startsWith("tracedeck search: indexing "), search.err());
        assertTrue(err.get(1).startsWith("tracedeck search: not searched, 1 recorded file has more message text than "
                + "the index takes from one file"), search.err());
        assertTrue(err.get(1).contains("after-tool-only.log"), search.err());

        CliRun again = CliRun.of("search", "--workspace", ws(), "tools:add_entry");
        assertFalse(again.out().contains("0 hits"), "searched under the default limit, it is indexed: " + again.out());
        assertTrue(again.err().startsWith("tracedeck search: indexing "), again.err());
        assertEquals(1, again.err().lines().count(), again.err());
    }

    @Test
    void aBaselineOfAShiftedRunLeavesItsFindingsOutAsKnown() throws Exception {
        Path baseline = dir.resolve("baseline.json");
        CliRun write = CliRun.of("baseline", "write", "--no-workspace", "--output", baseline.toString(), CliRun.BEFORE.toString());
        assertEquals(ExitCodes.OK, write.code(), write.err());
        Path shifted = shiftedCopy(CliRun.BEFORE);
        CliRun plain = CliRun.of("validate", "--no-workspace", shifted.toString());
        assertEquals(ExitCodes.FINDINGS, plain.code(), plain.out());
        CliRun known = CliRun.of("validate", "--no-workspace", "--baseline", baseline.toString(), "--format", "json", shifted.toString());
        assertEquals(ExitCodes.OK, known.code(), known.out() + known.err());
        JsonNode summary = JSON.readTree(known.out()).get("files").get(0).get("summary");
        assertEquals(0, summary.get("errors").asInt());
        assertEquals(JSON.readTree(Files.readString(baseline)).get("findings").size(), summary.get("known").asInt());
        CliRun text = CliRun.of("validate", "--no-workspace", "--baseline", baseline.toString(), shifted.toString());
        assertTrue(text.out().contains("known findings in the baseline"), text.out());
        // A new finding still fails the run: a baseline of a clean run knows none of them.
        Path clean = dir.resolve("clean.json");
        CliRun.of("baseline", "write", "--no-workspace", "--output", clean.toString(), CliRun.AFTER.toString());
        assertEquals(ExitCodes.FINDINGS, CliRun.of("validate", "--no-workspace", "--baseline", clean.toString(), shifted.toString()).code());
    }

    @Test
    void aBaselineKeptByNameInTheWorkspaceIsListedAndLeavesItsFindingsOut() throws Exception {
        Path file = dir.resolve("baseline.json");
        CliRun.of("baseline", "write", "--no-workspace", "--output", file.toString(), CliRun.BEFORE.toString());
        int findings = JSON.readTree(Files.readString(file)).get("findings").size();
        CliRun write = CliRun.of("baseline", "write", "--workspace", ws(), "--name", "main", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.OK, write.code(), write.err());
        assertEquals("", write.out(), "kept in the workspace, not printed");
        assertEquals("tracedeck baseline write: " + findings + " findings kept in " + ws() + " as the baseline main",
                write.err().strip());

        CliRun list = CliRun.of("baseline", "list", "--workspace", ws());
        assertEquals(ExitCodes.OK, list.code(), list.err());
        assertTrue(list.out().matches("main +" + findings + " findings  \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\R"), list.out());
        JsonNode json = JSON.readTree(CliRun.of("baseline", "list", "--workspace", ws(), "--json").out());
        assertEquals("main", json.get(0).get("name").asText());
        assertEquals(findings, json.get(0).get("findings").asInt());
        assertTrue(json.get(0).get("author").isNull(), "an SQLite workspace records no author");

        Path shifted = shiftedCopy(CliRun.BEFORE);
        CliRun known = CliRun.of("validate", "--workspace", ws(), "--baseline", "workspace:main", "--format", "json", shifted.toString());
        assertEquals(ExitCodes.OK, known.code(), known.err());
        assertEquals(findings, JSON.readTree(known.out()).at("/files/0/summary/known").asInt());

        CliRun missing = CliRun.of("validate", "--workspace", ws(), "--baseline", "workspace:release", shifted.toString());
        assertEquals(ExitCodes.USAGE, missing.code());
        assertEquals("tracedeck validate: " + ws() + " keeps no baseline named release (it keeps main)", missing.err().strip());
        CliRun badName = CliRun.of("baseline", "write", "--workspace", ws(), "--name", "no spaces", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, badName.code());
        assertTrue(badName.err().contains("'no spaces' is not a baseline name"), badName.err());
        CliRun none = CliRun.of("baseline", "write", "--no-workspace", "--name", "main", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, none.code());
    }

    @Test
    void notesListsTheNotesAndBookmarksOnATracesEventsByItsContent() throws Exception {
        Path copy = Files.copy(CliRun.BEFORE, dir.resolve("moved.log"));
        try (WorkspaceStore store = WorkspaceStore.open(Path.of(ws()),
                Clock.systemUTC())) {
            String sha = FileIdentity.sha256(CliRun.BEFORE);
            store.annotations().addNote(sha, 12, "the duplicate starts here");
            store.annotations().bookmark(sha, 3, "flush");
        }
        CliRun notes = CliRun.of("notes", "--workspace", ws(), copy.toString());
        assertEquals(ExitCodes.OK, notes.code(), notes.err());
        List<String> lines = notes.out().lines().toList();
        assertEquals(copy.toString(), lines.get(0));
        assertTrue(lines.get(1).matches("  seq 3 +★ \\S+Z  flush"), lines.get(1));
        assertTrue(lines.get(2).matches("  seq 12 +✎ \\S+Z  the duplicate starts here"), lines.get(2));
        JsonNode json = JSON.readTree(CliRun.of("notes", "--workspace", ws(), "--json", copy.toString()).out());
        assertEquals("the duplicate starts here", json.at("/0/notes/0/text").asText());
        assertTrue(json.at("/0/notes/0/author").isNull(), "an SQLite workspace records no author");
        assertEquals("flush", json.at("/0/bookmarks/0/label").asText());
        assertTrue(CliRun.of("notes", "--workspace", ws(), CliRun.AFTER.toString()).out().contains("no notes or bookmarks"));
    }

    /** The list says what each mark is on: the finding's rule, and the file and line it was last recorded at. */
    @Test
    void theMarksAreListedWithTheRuleAndPlaceOfTheirFinding() throws Exception {
        JsonNode report = JSON.readTree(CliRun.of("validate", "--workspace", ws(), "--format", "json", CliRun.BEFORE.toString()).out());
        List<JsonNode> findings = report.findValues("findings").stream().flatMap(f -> java.util.stream.StreamSupport.stream(f.spliterator(), false))
                .toList();
        assertTrue(findings.size() >= 2);
        for (JsonNode finding : findings.subList(0, 2)) {
            assertEquals(ExitCodes.OK, CliRun.of("triage", "--workspace", ws(), finding.get("fingerprint").asText(), "confirmed",
                    "--note", "seen in production").code());
        }

        CliRun list = CliRun.of("triage", "--workspace", ws());

        assertEquals(ExitCodes.OK, list.code(), list.err());
        for (JsonNode finding : findings.subList(0, 2)) {
            String line = list.out().lines().filter(l -> l.startsWith(finding.get("fingerprint").asText())).findFirst().orElseThrow();
            assertTrue(line.contains("  " + finding.get("rule").asText() + " "), line);
            assertTrue(line.contains(CliRun.BEFORE.getFileName() + ":" + finding.get("evidence").get(0).get("line").asInt()), line);
            assertTrue(line.endsWith("seen in production"), line);
        }
    }

    @Test
    void findingsMarkedAcceptedOrFalsePositiveInTheWorkspaceAreTheBaseline() throws Exception {
        CliRun report = CliRun.of("validate", "--workspace", ws(), "--format", "json", CliRun.BEFORE.toString());
        List<String> fingerprints = new ArrayList<>();
        JSON.readTree(report.out()).findValues("fingerprint").forEach(f -> fingerprints.add(f.asText()));
        assertFalse(fingerprints.isEmpty());
        for (int i = 0; i < fingerprints.size(); i++) {
            String status = i % 2 == 0 ? "accepted" : "false-positive";
            String fingerprint = i == 0 ? fingerprints.get(i).substring(0, 12) : fingerprints.get(i);
            CliRun mark = CliRun.of("triage", "--workspace", ws(), fingerprint, status, "--note", "known issue #" + i);
            assertEquals(ExitCodes.OK, mark.code(), mark.err());
        }
        Path shifted = shiftedCopy(CliRun.BEFORE);
        CliRun rerun = CliRun.of("validate", "--workspace", ws(), "--baseline", "workspace", shifted.toString());
        assertEquals(ExitCodes.OK, rerun.code(), rerun.out() + rerun.err());
        CliRun.of("triage", "--workspace", ws(), fingerprints.get(0), "confirmed");
        assertEquals(ExitCodes.FINDINGS, CliRun.of("validate", "--workspace", ws(), "--baseline", "workspace", shifted.toString()).code());
        CliRun badStatus = CliRun.of("triage", "--workspace", ws(), fingerprints.get(0), "wontfix");
        assertEquals(ExitCodes.USAGE, badStatus.code());
        assertTrue(badStatus.err().contains("or clear"), badStatus.err());

        // Taking marks off brings the findings back, one by one, until none is left out.
        for (String fingerprint : fingerprints) {
            CliRun clear = CliRun.of("triage", "--workspace", ws(), fingerprint, "clear");
            assertEquals(ExitCodes.OK, clear.code(), clear.err());
            assertTrue(clear.out().contains(fingerprint + "  cleared"), clear.out());
        }
        assertTrue(CliRun.of("triage", "--workspace", ws(), fingerprints.get(0), "clear").out().contains("had no mark"));
        assertEquals("", CliRun.of("triage", "--workspace", ws()).out(), "no mark left");
        CliRun all = CliRun.of("validate", "--workspace", ws(), "--baseline", "workspace", "--format", "json", shifted.toString());
        assertEquals(fingerprints.size(), JSON.readTree(all.out()).findValues("fingerprint").size(), all.out());
    }

    @Test
    void aFileThatIsNoWorkspaceIsRefusedInOneLineAndNeverModified() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "my notes\n");
        byte[] before = Files.readAllBytes(notes);
        for (String[] args : List.of(new String[] {"validate", "--workspace", notes.toString(), CliRun.BEFORE.toString()},
                new String[] {"inspect", "--workspace", notes.toString(), CliRun.BEFORE.toString()},
                new String[] {"baseline", "write", "--workspace", notes.toString(), CliRun.BEFORE.toString()},
                new String[] {"runs", "--workspace", notes.toString()},
                new String[] {"tokens", "--workspace", notes.toString(), CliRun.BEFORE.toString()},
                new String[] {"textcalls", "--workspace", notes.toString(), CliRun.BEFORE.toString()},
                new String[] {"prune", "--workspace", notes.toString(), "--strategy", "keep_last_n_steps(5)", CliRun.BEFORE.toString()},
                new String[] {"compare", "--workspace", notes.toString(), CliRun.BEFORE.toString(), CliRun.AFTER.toString()},
                new String[] {"search", "--workspace", notes.toString(), "x"})) {
            CliRun run = CliRun.of(args);
            assertEquals(ExitCodes.USAGE, run.code(), args[0]);
            assertEquals(1, run.err().lines().count(), run.err());
            assertTrue(run.err().contains(notes + ": not a Tracedeck workspace"), run.err());
            if (List.of("validate", "inspect", "baseline").contains(args[0])) {
                assertEquals("", run.out(), args[0] + " opens the workspace while it reads, and reports nothing when it can't");
            }
        }
        assertArrayEquals(before, Files.readAllBytes(notes));
    }

    private Path shiftedCopy(Path log) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(log));
        int middle = lines.size() / 2;
        while (!lines.get(middle).contains(" LLM_CALL ")) {
            middle++;
        }
        lines.add(middle, "2025-09-05 10:15:04,000 [retry.py:backoff] retrying in 1.0 seconds (attempt 2)");
        lines.add(0, "starting benchmark harness v2");
        return Files.write(dir.resolve("shifted.log"), lines);
    }

    private static JsonNode find(JsonNode list, String fileName) {
        for (JsonNode n : list) {
            if (n.get("path").asText().endsWith(fileName)) {
                return n;
            }
        }
        throw new AssertionError(fileName + " not in " + list);
    }
}
