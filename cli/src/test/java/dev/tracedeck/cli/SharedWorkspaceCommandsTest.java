package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.workspace.Author;
import dev.tracedeck.workspace.FileIdentity;
import dev.tracedeck.workspace.TestPostgres;
import dev.tracedeck.workspace.WorkspaceAddress;
import dev.tracedeck.workspace.WorkspaceStore;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The commands on a workspace shared on PostgreSQL (a database of its own per test, on the test server). */
@ExtendWith(TestPostgres.class)
class SharedWorkspaceCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ME = System.getenv().getOrDefault("TRACEDECK_USER", System.getProperty("user.name"));

    @TempDir
    Path dir;

    @Test
    void validateRecordsRunsListsWhoOpenedAndTriageSaysWhoMarked() throws Exception {
        String url = TestPostgres.newDatabase().toString();
        assertEquals(ExitCodes.FINDINGS, CliRun.of("validate", "--workspace", url, CliRun.BEFORE.toString()).code());
        assertEquals(ExitCodes.OK, CliRun.of("inspect", "--workspace", url, CliRun.AFTER.toString()).code());

        CliRun runs = CliRun.of("runs", "--workspace", url, "--json");
        assertEquals(ExitCodes.OK, runs.code(), runs.err());
        JsonNode list = JSON.readTree(runs.out());
        assertEquals(2, list.size());
        assertEquals(ME, list.get(0).get("openedBy").get(0).asText());
        assertTrue(CliRun.of("runs", "--workspace", url).out().contains("opened by " + ME));
        assertEquals(2, JSON.readTree(CliRun.of("runs", "--workspace", url, "--json", "--opened-by", ME).out()).size());
        assertEquals(0, JSON.readTree(CliRun.of("runs", "--workspace", url, "--json", "--opened-by", "nobody-else").out()).size());

        CliRun search = CliRun.of("search", "--workspace", url, "--json", "tools:add_entry");
        assertEquals(ExitCodes.OK, search.code(), search.err());
        assertTrue(JSON.readTree(search.out()).size() > 0, search.out());

        String fingerprint = JSON.readTree(CliRun.of("validate", "--workspace", url, "--format", "json", CliRun.BEFORE.toString())
                .out()).findValue("fingerprint").asText();
        CliRun mark = CliRun.of("triage", "--workspace", url, fingerprint.substring(0, 12), "confirmed", "--note", "seen it");
        assertEquals(ExitCodes.OK, mark.code(), mark.err());
        assertTrue(mark.out().strip().endsWith("by " + ME), mark.out());
        CliRun marks = CliRun.of("triage", "--workspace", url);
        assertTrue(marks.out().contains("(triaged by " + ME + ")"), marks.out());
        assertEquals(ExitCodes.OK, CliRun.of("triage", "--workspace", url, fingerprint, "clear").code());
        CliRun history = CliRun.of("triage", "--workspace", url, fingerprint, "--history");
        assertEquals(ExitCodes.OK, history.code(), history.err());
        assertEquals(2, history.out().lines().count(), history.out());
        assertTrue(history.out().lines().toList().get(1).contains("cleared         by " + ME), history.out());
    }

    @Test
    void aBaselineKeptByNameIsSharedWithWhoWroteIt() throws Exception {
        String url = TestPostgres.newDatabase().toString();
        CliRun write = CliRun.of("baseline", "write", "--workspace", url, "--name", "main", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.OK, write.code(), write.err());
        assertTrue(write.err().strip().endsWith("as the baseline main (by " + ME + ")"), write.err());
        CliRun list = CliRun.of("baseline", "list", "--workspace", url);
        assertTrue(list.out().strip().startsWith("main ") && list.out().strip().endsWith("by " + ME), list.out());
        assertEquals(ME, JSON.readTree(CliRun.of("baseline", "list", "--workspace", url, "--json").out()).get(0).get("author").asText());
        CliRun known = CliRun.of("validate", "--workspace", url, "--baseline", "workspace:main", CliRun.BEFORE.toString());
        assertEquals(ExitCodes.OK, known.code(), known.out() + known.err());
    }

    @Test
    void notesSayWhoWroteEachNote() throws Exception {
        WorkspaceAddress address = TestPostgres.newDatabase();
        try (WorkspaceStore store = WorkspaceStore.open(address,
                Clock.systemUTC())) {
            store.annotations().addNote(FileIdentity.sha256(CliRun.BEFORE), 5, "seen it");
        }
        CliRun notes = CliRun.of("notes", "--workspace", address.toString(), CliRun.BEFORE.toString());
        assertEquals(ExitCodes.OK, notes.code(), notes.err());
        assertTrue(notes.out().lines().toList().get(1).endsWith("  by " + Author.current() + "  seen it"),
                notes.out());
    }

    @Test
    void aPasswordInTheUrlIsRefusedInOneLineAndNeverEchoed() {
        CliRun run = CliRun.of("runs", "--workspace", "postgresql://alice:hunter2-secret@127.0.0.1:1/traces");
        assertEquals(ExitCodes.USAGE, run.code());
        assertFalse(run.err().contains("hunter2-secret"), run.err());
        assertEquals("tracedeck runs: postgresql://alice:***@127.0.0.1:1/traces: a workspace URL must not carry a password; put "
                + "it in PGPASSWORD, ~/.pgpass (or PGPASSFILE) or a service file", run.err().strip());
        CliRun validate = CliRun.of("validate", "--workspace", "postgresql://127.0.0.1:1/traces?password=hunter2-secret",
                CliRun.AFTER.toString());
        assertEquals(ExitCodes.USAGE, validate.code());
        assertFalse(validate.err().contains("hunter2-secret") || validate.out().contains("hunter2-secret"), validate.err());
    }

    @Test
    void copiesAFileWorkspaceIntoTheServerAndBack() throws Exception {
        String file = dir.resolve("ws.db").toString();
        String url = TestPostgres.newDatabase().toString();
        assertEquals(ExitCodes.FINDINGS, CliRun.of("validate", "--workspace", file, CliRun.BEFORE.toString()).code());
        CliRun in = CliRun.of("workspace", "copy", file, url);
        assertEquals(ExitCodes.OK, in.code(), in.err());
        assertTrue(in.out().startsWith("copied " + file + " into " + url + ": 1 runs, "), in.out());
        assertEquals(JSON.readTree(CliRun.of("runs", "--workspace", file, "--json").out()).get(0).get("errors"),
                JSON.readTree(CliRun.of("runs", "--workspace", url, "--json").out()).get(0).get("errors"));

        CliRun again = CliRun.of("workspace", "copy", file, url);
        assertEquals(ExitCodes.USAGE, again.code());
        assertEquals("tracedeck workspace copy: " + url + ": holds a workspace already; copy into an empty one (a new file, "
                + "or a new database)", again.err().strip());

        String back = dir.resolve("back.db").toString();
        CliRun out = CliRun.of("workspace", "copy", url, back);
        assertEquals(ExitCodes.OK, out.code(), out.err());
        assertEquals(CliRun.of("runs", "--workspace", file).out(), CliRun.of("runs", "--workspace", back).out());
    }
}
