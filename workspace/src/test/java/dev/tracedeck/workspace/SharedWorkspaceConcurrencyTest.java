package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several users at once on one shared workspace, each a process of its own with its own pool: every one records,
 * indexes, marks and searches, a bounded number of rounds, then ends by itself (or is killed at the time limit, which
 * fails the test). Nothing is lost: every run is there with its author, every mark, every change of the mark they all
 * wrote, and the current one is the last writer's.
 */
@ExtendWith(TestPostgres.class)
class SharedWorkspaceConcurrencyTest {

    private static final int USERS = 4;
    private static final int ROUNDS = 8;

    @TempDir
    Path dir;

    @Test
    void usersRecordingTriagingAndSearchingAtOnceLoseNothing() throws Exception {
        WorkspaceAddress address = TestPostgres.newDatabase();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<Process> users = new ArrayList<>();
        for (int u = 0; u < USERS; u++) {
            ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-cp", classPath, "-Dorg.postgresql.pgpassfile=" + TestPostgres.server().pgpass,
                    SharedWorkspaceWriter.class.getName(), address.toString(), dir.resolve("user" + u).toString(),
                    Integer.toString(ROUNDS));
            builder.environment().put(Author.VARIABLE, "user" + u);
            builder.redirectErrorStream(true).redirectOutput(dir.resolve("user" + u + ".out").toFile());
            builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            users.add(builder.start());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        for (int u = 0; u < USERS; u++) {
            Process p = users.get(u);
            boolean ended = p.waitFor(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (!ended) {
                users.forEach(Process::destroyForcibly);
            }
            String out = Files.readString(dir.resolve("user" + u + ".out"), StandardCharsets.UTF_8);
            assertTrue(ended && p.exitValue() == 0, "user" + u + " did not end well: " + out);
            assertEquals(ROUNDS, out.lines().filter(l -> l.startsWith("done ")).count(), out);
        }
        try (WorkspaceStore store = WorkspaceStore.openServer(address, Clock.systemUTC(), "checker")) {
            assertEquals(USERS * ROUNDS, store.runs().size());
            for (int u = 0; u < USERS; u++) {
                String user = "user" + u;
                List<RunRecord> theirs = store.runsOpenedBy(user);
                assertEquals(ROUNDS, theirs.size(), user);
                assertTrue(theirs.stream().allMatch(r -> r.openedBy().equals(List.of(user)) && r.indexed()), user);
                for (int i = 0; i < ROUNDS; i++) {
                    assertEquals(TriageStatus.ACCEPTED, store.markOf(SharedWorkspaceWriter.own(user, i)).orElseThrow().status());
                }
                assertEquals(200, store.search("\"" + user + "x0\"", 1000).size(), user + "'s first trace is searchable");
            }
            List<TriageChange> history = store.triageHistory(SharedWorkspaceWriter.SHARED);
            assertEquals(USERS * ROUNDS, history.size(), "every change of the mark all of them wrote");
            TriageMark current = store.markOf(SharedWorkspaceWriter.SHARED).orElseThrow();
            TriageChange last = history.get(history.size() - 1);
            assertEquals(last.author(), current.author().orElseThrow(), "the current mark is the last writer's");
            assertEquals(last.note(), current.note());
        }
    }
}
