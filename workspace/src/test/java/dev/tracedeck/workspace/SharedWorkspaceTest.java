package dev.tracedeck.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** What only a workspace shared on PostgreSQL does: authors, the history of marks, credentials, a server gone. */
@ExtendWith(TestPostgres.class)
class SharedWorkspaceTest {

    @TempDir
    Path dir;

    @Test
    void theCurrentMarkIsTheLastWritersAndEveryChangeIsKept() throws Exception {
        WorkspaceAddress address = TestPostgres.newDatabase();
        String fingerprint = "ab".repeat(32);
        try (WorkspaceStore alice = WorkspaceStore.openServer(address, Clock.systemUTC(), "alice");
             WorkspaceStore bob = WorkspaceStore.openServer(address, Clock.systemUTC(), "bob")) {
            alice.mark(fingerprint, TriageStatus.CONFIRMED, "a real duplicate");
            bob.mark(fingerprint, TriageStatus.FALSE_POSITIVE, "the rule misreads retries");
            TriageMark now = alice.markOf(fingerprint).orElseThrow();
            assertEquals(TriageStatus.FALSE_POSITIVE, now.status(), "bob wrote last");
            assertEquals(Optional.of("bob"), now.author());
            assertTrue(alice.unmark(fingerprint));
            assertFalse(bob.unmark(fingerprint), "nothing left to take off");
            assertTrue(bob.markOf(fingerprint).isEmpty());
            List<TriageChange> history = bob.triageHistory(fingerprint);
            assertEquals(List.of("alice", "bob", "alice"), history.stream().map(TriageChange::author).toList());
            assertEquals(List.of(Optional.of(TriageStatus.CONFIRMED), Optional.of(TriageStatus.FALSE_POSITIVE), Optional.empty()),
                    history.stream().map(TriageChange::status).toList());
            assertEquals("a real duplicate", history.get(0).note(), "an earlier note is never overwritten");
        }
    }

    @Test
    void theRunsSayWhoOpenedThemAndFilterByIt() throws Exception {
        WorkspaceAddress address = TestPostgres.newDatabase();
        Path one = Files.writeString(dir.resolve("one.log"), "one");
        Path two = Files.writeString(dir.resolve("two.log"), "two");
        try (WorkspaceStore alice = WorkspaceStore.openServer(address, Clock.systemUTC(), "alice");
             WorkspaceStore bob = WorkspaceStore.openServer(address, Clock.systemUTC(), "bob")) {
            alice.record(one, TestTraces.synthetic(one.toString(), 2, "one"), Optional.empty());
            bob.record(two, TestTraces.synthetic(two.toString(), 2, "two"), Optional.empty());
            bob.record(one, TestTraces.synthetic(one.toString(), 2, "one"), Optional.empty());
            assertEquals(List.of(FileIdentity.key(one)), alice.runsOpenedBy("alice").stream().map(r -> r.file().path()).toList());
            assertEquals(2, alice.runsOpenedBy("bob").size());
            assertEquals(List.of(), alice.runsOpenedBy("carol"));
            RunRecord first = alice.runs().stream().filter(r -> r.file().path().equals(FileIdentity.key(one))).findFirst().orElseThrow();
            assertEquals(List.of("bob", "alice"), first.openedBy(), "the last one first");
        }
    }

    @Test
    void anSqliteWorkspaceDoesNotPretendToKnowWhoOpenedARun() throws Exception {
        try (WorkspaceStore store = WorkspaceStore.open(dir.resolve("ws.db"), Clock.systemUTC())) {
            WorkspaceException e = assertThrows(WorkspaceException.class, () -> store.runsOpenedBy("alice"));
            assertTrue(e.getMessage().contains("does not record who opened a trace"), e.getMessage());
        }
    }

    @Test
    void aUrlWithAPasswordIsRefusedAndNeverShown() {
        for (String url : List.of("postgresql://alice:s3cret-pw@db.example:5432/traces",
                "postgresql://db.example/traces?user=alice&password=s3cret-pw")) {
            WorkspaceException e = assertThrows(WorkspaceException.class, () -> WorkspaceAddress.parse(url));
            assertFalse(e.getMessage().contains("s3cret-pw"), e.getMessage());
            assertTrue(e.getMessage().contains("must not carry a password; put it in PGPASSWORD"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
    }

    @Test
    void credentialsTheServerRefusesAreSaidInOneLine() throws Exception {
        TestPostgres.Server server = TestPostgres.server();
        server.execute("postgres", "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'carol') "
                + "THEN CREATE ROLE carol LOGIN PASSWORD 'not-in-any-pgpass'; END IF; END $$");
        WorkspaceAddress address = WorkspaceAddress.parse("postgresql://carol@127.0.0.1:" + server.port() + "/postgres");
        WorkspaceException e = assertThrows(WorkspaceException.class, () -> WorkspaceStore.openServer(address, Clock.systemUTC(), "carol"));
        assertTrue(e.getMessage().startsWith("postgresql://carol@127.0.0.1:" + server.port() + "/postgres: cannot open the workspace "
                + "(the server refused the credentials: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    /** Host, port, database and user from a service file, the password from the pgpass file: the URL names the service alone. */
    @Test
    void aServiceFileNamesTheServer() throws Exception {
        WorkspaceAddress database = TestPostgres.newDatabase();
        String name = database.toString().substring(database.toString().lastIndexOf('/') + 1);
        Path services = Files.writeString(dir.resolve("pg_service.conf"), "[tdtest]\nhost=127.0.0.1\nport="
                + TestPostgres.server().port() + "\ndbname=" + name + "\nuser=postgres\n");
        String before = System.getProperty("org.postgresql.pgservicefile");
        System.setProperty("org.postgresql.pgservicefile", services.toString());
        try (WorkspaceStore store = WorkspaceStore.openServer(WorkspaceAddress.parse("postgresql:///?service=tdtest"),
                Clock.systemUTC(), "alice")) {
            store.mark("cd".repeat(32), TriageStatus.ACCEPTED, "through the service");
        } finally {
            if (before == null) {
                System.clearProperty("org.postgresql.pgservicefile");
            } else {
                System.setProperty("org.postgresql.pgservicefile", before);
            }
        }
        try (WorkspaceStore store = WorkspaceStore.openServer(database, Clock.systemUTC(), "bob")) {
            assertEquals("through the service", store.markOf("cd".repeat(32)).orElseThrow().note());
        }
    }

    @Test
    void noServerThereIsOneLine() throws Exception {
        int closed;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            closed = probe.getLocalPort();
        }
        WorkspaceAddress address = WorkspaceAddress.parse("postgresql://127.0.0.1:" + closed + "/traces");
        WorkspaceException e = assertThrows(WorkspaceException.class, () -> WorkspaceStore.openServer(address, Clock.systemUTC(), "x"));
        assertTrue(e.getMessage().startsWith("postgresql://127.0.0.1:" + closed + "/traces: cannot open the workspace (the server "
                + "went away or can't be reached: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    /**
     * The server ends the connection in the middle of a record (the trace's row written, its findings waiting for a
     * lock): one line saying so, and nothing of that record in the workspace.
     */
    @Test
    void aServerGoneMidWriteLeavesNoHalfWrittenRun() throws Exception {
        WorkspaceAddress address = TestPostgres.newDatabase();
        String database = address.toString().substring(address.toString().lastIndexOf('/') + 1);
        Trace trace = TestTraces.read(TestTraces.BEFORE);
        var validation = TestTraces.validate(trace);
        TestPostgres.Server server = TestPostgres.server();
        try (WorkspaceStore store = WorkspaceStore.openServer(address, Clock.systemUTC(), "alice");
             java.sql.Connection blocker = server.superuser(database)) {
            blocker.setAutoCommit(false);
            blocker.createStatement().execute("LOCK TABLE rule_counts IN ACCESS EXCLUSIVE MODE");
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<RunRecord> recording = pool.submit(() -> store.record(TestTraces.BEFORE, trace, Optional.of(validation)));
                awaitWaiting(server, database);
                server.execute(database, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tracedeck' "
                        + "AND wait_event_type = 'Lock'");
                var failure = assertThrows(java.util.concurrent.ExecutionException.class, () -> recording.get(30, TimeUnit.SECONDS));
                assertTrue(failure.getCause() instanceof WorkspaceException, String.valueOf(failure.getCause()));
                String message = failure.getCause().getMessage();
                assertTrue(message.startsWith(address + ": cannot record " + TestTraces.BEFORE + " (the server went away or can't be "
                        + "reached: "), message);
                assertEquals(1, message.lines().count());
            } finally {
                pool.shutdownNow();
                blocker.rollback();
            }
        }
        try (WorkspaceStore again = WorkspaceStore.openServer(address, Clock.systemUTC(), "alice")) {
            assertEquals(List.of(), again.runs(), "the trace's row went with the rest of its transaction");
            assertEquals(List.of(), again.fingerprintsStartingWith(""));
        }
    }

    private static void awaitWaiting(TestPostgres.Server server, String database) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try (java.sql.Connection c = server.superuser(database);
                 var rs = c.createStatement().executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = "
                         + "'tracedeck' AND wait_event_type = 'Lock'")) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the record never waited for the lock");
    }

    @Test
    void copiesAnSqliteWorkspaceIntoPostgresAndBackWithNothingLost() throws Exception {
        Path file = dir.resolve("ws.db");
        Trace trace = TestTraces.read(TestTraces.BEFORE);
        var validation = TestTraces.validate(trace);
        String fingerprint;
        try (WorkspaceStore sqlite = WorkspaceStore.open(file, TestTraces.CLOCK)) {
            sqlite.record(TestTraces.BEFORE, trace, Optional.of(validation));
            sqlite.complete(TestTraces.BEFORE, trace);
            sqlite.record(TestTraces.AFTER, TestTraces.read(TestTraces.AFTER), Optional.empty());
            fingerprint = sqlite.fingerprintsStartingWith("").get(0);
            sqlite.mark(fingerprint, TriageStatus.ACCEPTED, "known");
            sqlite.annotations().addNote("abc", 3, "a note");
            sqlite.annotations().bookmark("abc", 4, "flush");
            sqlite.writeBaseline("main", "{\"tracedeckBaseline\": 1, \"findings\": []}", 0);
        }
        WorkspaceAddress address = TestPostgres.newDatabase();
        Path back = dir.resolve("back.db");
        try (WorkspaceStore sqlite = WorkspaceStore.open(file, TestTraces.CLOCK);
             WorkspaceStore shared = WorkspaceStore.openServer(address, TestTraces.CLOCK, "alice")) {
            WorkspaceCopy.Summary summary = WorkspaceCopy.copy(sqlite, shared);
            assertEquals(2L, summary.rows().get("runs"));
            assertEquals(same(sqlite), same(shared));
            assertEquals(sqlite.search("tools:add_entry", 1000).stream().map(SearchHit::snippet).toList().size(),
                    shared.search("tools:add_entry", 1000).size(), "the index came along");
            assertEquals(Optional.empty(), shared.markOf(fingerprint).orElseThrow().author(), "no author was recorded for it");
            WorkspaceException twice = assertThrows(WorkspaceException.class, () -> WorkspaceCopy.copy(sqlite, shared));
            assertTrue(twice.getMessage().endsWith("holds a workspace already; copy into an empty one (a new file, or a new database)"),
                    twice.getMessage());
            // More lives in the shared one now, and a note recorded there takes a new id after the copied ones.
            shared.mark(fingerprint, TriageStatus.CONFIRMED, "looked again");
            shared.annotations().addNote("abc", 5, "after the copy");
            shared.writeBaseline("release", "{\"tracedeckBaseline\": 1, \"findings\": []}", 0);
            try (WorkspaceStore file2 = WorkspaceStore.open(back, TestTraces.CLOCK)) {
                WorkspaceCopy.Summary home = WorkspaceCopy.copy(shared, file2);
                assertEquals(1, home.historyLeft(), "the earlier of the two changes of the mark stays behind");
                assertEquals(same(shared), same(file2));
                assertEquals(TriageStatus.CONFIRMED, file2.markOf(fingerprint).orElseThrow().status());
                assertEquals(List.of("a note", "after the copy"), file2.annotations().notes("abc").stream().map(EventNote::text).toList());
                assertEquals(List.of(Optional.empty(), Optional.of("alice")),
                        file2.baselines().stream().map(NamedBaseline::author).toList(), "who wrote each baseline came along");
            }
        }
    }

    /** What both kinds hold alike, for comparing a copy with its source. */
    private static List<Object> same(WorkspaceStore store) throws WorkspaceException {
        return List.of(store.runs().stream().map(r -> List.of(r.file(), r.format(), r.errors(), r.warnings(), r.ruleCounts(),
                        r.firstOpened(), r.lastOpened(), r.index())).toList(),
                store.fingerprintsStartingWith(""),
                store.marks().stream().map(m -> List.of(m.fingerprint(), m.status(), m.note(), m.markedAt())).toList(),
                store.annotations().notes("abc").stream().map(n -> List.of(n.seq(), n.text(), n.createdAt())).toList(),
                store.annotations().bookmarks("abc"),
                store.baselines(),
                store.search("zebra OR add_entry OR flush*", 10_000).stream().map(SearchHit::snippet).sorted().toList());
    }
}
