package dev.tracedeck.cli;

import static dev.tracedeck.cli.ListenCommandTest.calls;
import static dev.tracedeck.cli.ListenCommandTest.chat;
import static dev.tracedeck.cli.ListenCommandTest.json;
import static dev.tracedeck.cli.ListenCommandTest.request;
import static dev.tracedeck.cli.ListenCommandTest.result;
import static dev.tracedeck.cli.ListenCommandTest.text;
import static dev.tracedeck.cli.ListenCommandTest.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code tracedeck watch} on a file appended to in steps, as an exporter writes it: each new finding is printed once,
 * a half-written line waits for its end, and a truncated file is read again from its start and said so.
 */
class WatchCommandTest {

    private static final String TRACE_1 = "5e0b6c1f8a2d4e7c9b3a1f0e2d4c6b8a";
    private static final String TRACE_2 = "7a1b2c3d4e5f60718293a4b5c6d7e8f9";

    @TempDir
    Path dir;

    @Test
    void eachNewFindingIsPrintedOnceAsTheFileGrows() throws Exception {
        Path file = dir.resolve("run.jsonl");
        String asks = line(chat(TRACE_1, "0000000000000001", 1_000, "c1", List.of(user("refund order 7")),
                List.of(calls("call_1", "lookup_order", "call_2", "issue_refund"))));
        String answersOne = line(chat(TRACE_1, "0000000000000002", 2_000, "c1",
                List.of(user("refund order 7"), calls("call_1", "lookup_order", "call_2", "issue_refund"),
                        result("call_1", "order 7: 30 EUR")), List.of(text("Refunded."))));
        String stray = line(chat(TRACE_2, "0000000000000003", 3_000, "c2",
                List.of(user("hi"), result("call_Zz9", "stale")), List.of(text("hello"))));

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CountDownLatch stop = new CountDownLatch(1);
        CommandLine cli = CliRun.commandLine(new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == WatchCommand.class ? type.cast(new WatchCommand(stop)) : CommandLine.defaultFactory().create(type);
            }
        });
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int[] code = {-1};
        Thread watching = new Thread(() -> code[0] = cli.execute("watch", "--interval", "50", file.toString()));
        watching.start();

        append(file, asks);
        settle();
        assertFalse(out.toString().contains("error"), "the calls wait for the next call's input: " + out);

        // Half of the next line: it waits for its end, never read as a line cut short.
        append(file, answersOne.substring(0, answersOne.length() / 2));
        settle();
        assertFalse(out.toString().contains("error"), out.toString());
        append(file, answersOne.substring(answersOne.length() / 2));
        waitFor(out, "orphaned-tool-call");

        append(file, stray);
        waitFor(out, "tool-result-without-call");
        settle();
        String printed = out.toString();
        assertEquals(1, count(printed, "orphaned-tool-call"), printed);
        assertEquals(1, count(printed, "tool-result-without-call"), printed);
        assertEquals(0, count(printed, "unparsed-records"), printed);

        // Truncated and written again: said, and read from its start, its findings told again.
        Files.writeString(file, asks + answersOne, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
        waitFor(err, "truncated");
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (count(out.toString(), "orphaned-tool-call") < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(2, count(out.toString(), "orphaned-tool-call"), out.toString());

        stop.countDown();
        watching.join(20_000);
        assertEquals(0, code[0]);
        assertTrue(out.toString().contains("FAIL  orphaned-tool-call"), "the checklist at the end: " + out);
    }

    /** A running watch command and what it printed. */
    private static final class Watching implements AutoCloseable {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final CountDownLatch stop = new CountDownLatch(1);
        final Thread thread;
        int code = -1;

        Watching(String... args) {
            CommandLine cli = CliRun.commandLine(new CommandLine.IFactory() {
                @Override
                public <K> K create(Class<K> type) throws Exception {
                    return type == WatchCommand.class ? type.cast(new WatchCommand(stop))
                            : CommandLine.defaultFactory().create(type);
                }
            });
            cli.setOut(new PrintWriter(out));
            cli.setErr(new PrintWriter(err));
            thread = new Thread(() -> code = cli.execute(args));
            thread.start();
        }

        /** Stops as Ctrl+C does. */
        @Override
        public void close() throws InterruptedException {
            stop.countDown();
            thread.join(20_000);
        }
    }

    @Test
    void aFindingThatStopsHoldingIsSaidResolvedOnceAndACallStillRunningIsNoFinding() throws Exception {
        Path file = dir.resolve("session.jsonl");
        Watching watch = new Watching("watch", "--interval", "50", file.toString());
        try (watch) {
            append(file, claude.prompt("refund order 7") + claude.call("msg_01A", "toolu_01A"));
            settle();
            // The session stops at a call whose tool is still running: no news until something comes after it.
            assertEquals(0, count(watch.out.toString(), "orphaned-tool-call"), watch.out.toString());

            append(file, claude.answer("msg_01B", "Refunded."));
            waitFor(watch.out, "orphaned-tool-call");
            // The result comes late, after the answer: the call is no longer orphaned (the result is out of order).
            append(file, claude.result("toolu_01A"));
            waitFor(watch.out, "resolved orphaned-tool-call");
            settle();
        }
        String printed = watch.out.toString();
        assertEquals(1, count(printed, "orphaned-tool-call"), printed);
        List<String> resolved = Arrays.stream(printed.split("\n")).filter(l -> l.startsWith("resolved")).toList();
        assertEquals(1, resolved.size(), printed);
        assertTrue(resolved.get(0).startsWith("resolved orphaned-tool-call  thread s1  [msg_idx 1] "), resolved.get(0));
        assertTrue(resolved.get(0).endsWith("(" + file + ": line 2)"), resolved.get(0));
        assertFalse(printed.substring(printed.indexOf("\n\n") + 1).contains("FAIL  orphaned-tool-call"),
                "the checklist at the end has it passed: " + printed);
    }

    @Test
    void aFolderIsWatchedForNewSessionFilesAndThoseThatChange() throws Exception {
        Path root = dir.resolve("projects");
        Path project = Files.createDirectories(root.resolve("-home-dev-shop"));
        Path old = project.resolve("0a1b-old.jsonl");
        Files.writeString(old, claude.prompt("old question") + claude.call("msg_01A", "toolu_01A")
                + claude.answer("msg_01B", "Done."));
        Path quiet = project.resolve("0a1c-quiet.jsonl");
        Files.writeString(quiet, claude.prompt("quiet") + claude.call("msg_01Q", "toolu_01Q")
                + claude.answer("msg_01R", "Done."));
        Files.writeString(project.resolve("notes.txt"), "not a session\n");
        Watching watch = new Watching("watch", "--interval", "50", root.toString());
        try (watch) {
            waitFor(watch.err, "following new session files in " + root + " (2 there already");

            // A session that starts now, in a folder of its own (Codex keeps one per day).
            Path day = Files.createDirectories(root.resolve("2025/11/24"));
            Path fresh = day.resolve("rollout-2025-11-24T10-00-00-0c1d.jsonl");
            append(fresh, claude.prompt("new question") + claude.call("msg_01C", "toolu_01C"));
            append(fresh, claude.answer("msg_01D", "Done."));
            waitFor(watch.out, fresh + ": line 2)");

            // A session that was there and goes on is read from its start.
            append(old, claude.prompt("and then?"));
            waitFor(watch.out, old + ": line 2)");

            // A compressed one is read whole, and again when it changes, said once.
            Path archived = project.resolve("0a1e-archived.jsonl.gz");
            gzip(archived, claude.prompt("archived") + claude.call("msg_01E", "toolu_01E") + claude.answer("msg_01F", "ok"));
            waitFor(watch.out, archived + ": line 2)");
            gzip(archived, claude.prompt("archived") + claude.call("msg_01E", "toolu_01E") + claude.answer("msg_01F", "ok")
                    + claude.prompt("more"));
            waitFor(watch.err, "compressed");
            settle();
        }
        String printed = watch.out.toString();
        assertFalse(printed.contains(quiet.toString()), "a session that did not change is not read: " + printed);
        assertFalse(watch.err.toString().contains("notes.txt"), watch.err.toString());
        assertEquals(1, Arrays.stream(watch.err.toString().split("\n")).filter(l -> l.contains("compressed")).count(),
                watch.err.toString());
        for (Path file : List.of(fresh(root), old, project.resolve("0a1e-archived.jsonl.gz"))) {
            assertEquals(1, Arrays.stream(printed.split("\n"))
                    .filter(l -> l.startsWith("error") && l.contains("orphaned-tool-call") && l.contains(file + ":")).count(),
                    file + " once: " + printed);
        }
        assertEquals(0, watch.code);
    }

    @Test
    void aStateDumpHalfWrittenIsNoFindingWhileTheLogIsWritten() throws Exception {
        Path log = dir.resolve("q1.log");
        String prefix = "2025-09-05 10:15:03,400 [state.py:dump] ";
        Watching watch = new Watching("watch", "--interval", "50", log.toString());
        try (watch) {
            append(log, "2025-09-05 10:15:03,003 [message_logger.py:log_conversation_message] MSG thread_id=m:s1 msg_idx=1 "
                    + "role=user chars=10 preview=I like tea\n"
                    + prefix + "STATE thread_id=m:s1 messages=2\n"
                    + prefix + "STATE_MSG idx=1 type=system role= content=SESSION_START\n");
            settle();
            append(log, prefix + "STATE_MSG idx=2 type=chat role=user content=I like tea\n");
            settle();
        }
        String printed = watch.out.toString();
        assertFalse(printed.lines().anyMatch(l -> l.startsWith("error") || l.startsWith("resolved")),
                "the dump was being written, never cut: " + printed);
        assertTrue(printed.contains("q1.log  (mycelian-log"), printed);
    }

    @Test
    void aFileWrittenAgainInPlaceIsReadAgainFromItsStart() throws Exception {
        Path file = dir.resolve("session.jsonl");
        String orphaned = claude.prompt("refund order 7") + claude.call("msg_01A", "toolu_01A") + claude.answer("msg_01B", "Done.");
        Watching watch = new Watching("watch", "--interval", "50", file.toString());
        try (watch) {
            append(file, orphaned);
            waitFor(watch.out, "orphaned-tool-call");
            // Another session written over it where it is (cp other.jsonl over it): the same file, longer, other bytes.
            ClaudeLines other = new ClaudeLines();
            String clean = other.prompt("what is 2+2") + other.call("msg_02A", "toolu_02A") + other.result("toolu_02A")
                    + other.answer("msg_02B", "Four, and the command says so too.");
            assertTrue(clean.length() > orphaned.length());
            try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.write(java.nio.ByteBuffer.wrap(clean.getBytes(StandardCharsets.UTF_8)), 0);
            }
            waitFor(watch.err, "written again in place");
            settle();
        }
        String printed = watch.out.toString();
        String checklist = printed.substring(printed.indexOf("\n\n") + 1);
        assertFalse(checklist.contains("FAIL"), "the checklist is the new session's, clean: " + printed);
        assertEquals(1, count(printed, "orphaned-tool-call"), "told once, of the first session: " + printed);
    }

    @Test
    void theChecklistAtTheEndHasALastLineWithoutItsNewlineCutShort() throws Exception {
        Path file = dir.resolve("session.jsonl");
        String answer = claude.answer("msg_01B", "Done.");
        Watching watch = new Watching("watch", "--interval", "50", file.toString());
        try (watch) {
            append(file, claude.prompt("what is 2+2") + answer.substring(0, answer.length() / 2));
            settle();
            assertFalse(watch.out.toString().contains("error"), "the line being written waits: " + watch.out);
        }
        String printed = watch.out.toString();
        assertTrue(printed.contains("FAIL  unparsed-records"), printed);
        assertTrue(printed.contains("the file is cut short at line 2"), printed);
    }

    @Test
    void aDocumentBeingWrittenTellsNoFindingUntilItEndsOrStaysCut() throws Exception {
        Path file = dir.resolve("request.json");
        String document = "{\"model\": \"gpt-4o\", \"messages\": [\n"
                + "  {\"role\": \"user\", \"content\": \"refund order 7\"},\n"
                + "  {\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"call_1\", \"type\": \"function\","
                + " \"function\": {\"name\": \"lookup\", \"arguments\": \"{}\"}}]},\n"
                + "  {\"role\": \"tool\", \"tool_call_id\": \"call_1\", \"content\": \"order 7\"},\n"
                + "  {\"role\": \"assistant\", \"content\": \"Refunded.\"}\n"
                + "]}\n";
        String[] lines = document.split("(?<=\n)");
        Watching watch = new Watching("watch", "--interval", "50", file.toString());
        try (watch) {
            // Written a line at a time, each part a whole line: every reading but the last ends inside the document.
            for (String line : lines) {
                append(file, line);
                Thread.sleep(150);
            }
            settle();
        }
        String printed = watch.out.toString();
        assertFalse(printed.lines().anyMatch(l -> l.startsWith("error") || l.startsWith("resolved")),
                "nothing told of a document being written: " + printed);
        assertFalse(printed.substring(printed.indexOf("\n\n") + 1).contains("FAIL"), printed);
    }

    private static Path fresh(Path root) {
        return root.resolve("2025/11/24/rollout-2025-11-24T10-00-00-0c1d.jsonl");
    }

    private final ClaudeLines claude = new ClaudeLines();

    /** Claude Code transcript lines of session s1, in the shape Claude Code writes them. */
    private static final class ClaudeLines {
        private int uuid;

        private String entry(String type, String message) {
            uuid++;
            return "{\"parentUuid\":" + (uuid == 1 ? "null" : "\"e" + (uuid - 1) + "\"") + ",\"isSidechain\":false,"
                    + "\"sessionId\":\"s1\",\"type\":\"" + type + "\",\"message\":" + message + ",\"uuid\":\"e" + uuid
                    + "\",\"timestamp\":\"2025-11-24T10:00:" + (10 + uuid % 50) + ".000Z\"}\n";
        }

        String prompt(String text) {
            return entry("user", "{\"role\":\"user\",\"content\":\"" + text + "\"}");
        }

        String call(String messageId, String callId) {
            return entry("assistant", "{\"id\":\"" + messageId + "\",\"type\":\"message\",\"role\":\"assistant\","
                    + "\"model\":\"claude-sonnet-4-20250514\",\"content\":[{\"type\":\"tool_use\",\"id\":\"" + callId
                    + "\",\"name\":\"Bash\",\"input\":{\"command\":\"make refund\"}}],\"stop_reason\":\"tool_use\"}");
        }

        String answer(String messageId, String text) {
            return entry("assistant", "{\"id\":\"" + messageId + "\",\"type\":\"message\",\"role\":\"assistant\","
                    + "\"model\":\"claude-sonnet-4-20250514\",\"content\":[{\"type\":\"text\",\"text\":\"" + text
                    + "\"}],\"stop_reason\":\"end_turn\"}");
        }

        String result(String callId) {
            return entry("user", "{\"role\":\"user\",\"content\":[{\"tool_use_id\":\"" + callId
                    + "\",\"type\":\"tool_result\",\"content\":\"refunded\"}]}");
        }
    }

    private static void gzip(Path file, String text) throws Exception {
        Path written = file.resolveSibling(".writing.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(written))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String line(io.opentelemetry.proto.trace.v1.Span span) {
        return new String(json(request(span)), StandardCharsets.UTF_8) + "\n";
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Long enough for several looks at the file. */
    private static void settle() throws InterruptedException {
        Thread.sleep(600);
    }

    private static long count(String printed, String rule) {
        return Arrays.stream(printed.split("\n")).filter(l -> l.startsWith("error") && l.contains(rule)).count();
    }

    private static void waitFor(StringWriter text, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!text.toString().contains(what)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never printed " + what + ":\n" + text);
            }
            Thread.sleep(20);
        }
    }
}
