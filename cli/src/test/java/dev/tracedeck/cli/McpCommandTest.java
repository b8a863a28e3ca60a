package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tracedeck mcp} as an agent meets it: the SDK's own client starts the command in a JVM of its own and talks to
 * it over that process's standard input and output, calling every tool on the bundled samples.
 */
class McpCommandTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path SAMPLE = CliRun.BEFORE.toAbsolutePath().normalize();
    private static final Path CHAT = Path.of("../sample-logs/openai/clean-tool-calls.json").toAbsolutePath().normalize();

    @TempDir
    static Path dir;

    private static McpSyncClient readOnly;

    @BeforeAll
    static void start() {
        readOnly = client("mcp", "--workspace", dir.resolve("read-only.db").toString());
        readOnly.initialize();
    }

    @AfterAll
    static void stop() {
        readOnly.closeGracefully();
    }

    @Test
    void listsEveryReadingToolWithASchemaAndNoTriageWithoutAllowWrites() {
        List<McpSchema.Tool> tools = readOnly.listTools().tools();
        assertEquals(List.of("list_runs", "search", "list_marks", "triage_history", "validate", "list_threads", "read_thread", "read_event", "cost",
                "context_levels"), tools.stream().map(McpSchema.Tool::name).toList());
        for (McpSchema.Tool tool : tools) {
            assertEquals("object", tool.inputSchema().get("type"), tool.name());
            assertTrue(tool.inputSchema().containsKey("properties"), tool.name());
            assertFalse(tool.description().isBlank(), tool.name());
        }
        McpSchema.CallToolResult refused = call(readOnly, "triage", Map.of("fingerprint", "0123456789abcdef", "status", "accepted"));
        assertTrue(refused.isError(), refused.toString());
        assertTrue(text(refused).contains("--allow-writes"), text(refused));
    }

    @Test
    void validateGivesFindingsAPageAtATimeWithTheirEvidence() {
        JsonNode first = json(call(readOnly, "validate", Map.of("path", SAMPLE.toString(), "limit", 2)));
        assertEquals("checked", first.get("status").asText());
        int total = first.get("total").asInt();
        assertTrue(total > 2, first.toString());
        assertEquals(total, first.get("summary").get("errors").asInt() + first.get("summary").get("warnings").asInt()
                + first.get("summary").get("infos").asInt());
        assertEquals(2, first.get("findings").size());
        assertEquals(2, first.get("nextOffset").asInt());
        JsonNode finding = first.get("findings").get(0);
        for (String field : List.of("rule", "severity", "thread", "message", "fingerprint", "evidence")) {
            assertTrue(finding.has(field), field + " in " + finding);
        }
        assertTrue(finding.get("evidence").get(0).has("seq"), finding.toString());

        JsonNode second = json(call(readOnly, "validate", Map.of("path", SAMPLE.toString(), "offset", 2, "limit", 2)));
        assertEquals(total, second.get("total").asInt());
        assertNotEquals(finding.get("fingerprint"), second.get("findings").get(0).get("fingerprint"));
        JsonNode last = json(call(readOnly, "validate", Map.of("path", SAMPLE.toString(), "offset", total - 1)));
        assertEquals(1, last.get("findings").size());
        assertTrue(last.get("nextOffset").isNull());

        JsonNode errors = json(call(readOnly, "validate", Map.of("path", SAMPLE.toString(), "minSeverity", "error", "limit", 200)));
        errors.get("findings").forEach(f -> assertEquals("error", f.get("severity").asText()));
        assertEquals(first.get("summary").get("errors").asInt(), errors.get("total").asInt());
    }

    @Test
    void aFileThatDoesNotExistIsAToolErrorNamingIt() {
        String missing = dir.resolve("no-such-trace.log").toString();
        for (String tool : List.of("validate", "list_threads")) {
            McpSchema.CallToolResult result = call(readOnly, tool, Map.of("path", missing));
            assertTrue(result.isError(), tool);
            assertTrue(text(result).contains(missing) && text(result).contains("no such file"), text(result));
        }
        McpSchema.CallToolResult stdin = call(readOnly, "read_thread", Map.of("path", "-", "thread", "x"));
        assertTrue(stdin.isError() && text(stdin).contains("standard input"), text(stdin));
        // The server goes on answering after a failure.
        assertFalse(call(readOnly, "list_threads", Map.of("path", SAMPLE.toString())).isError());
    }

    @Test
    void argumentsOutsideTheSchemaAreRefused() {
        McpSchema.CallToolResult noPath = call(readOnly, "validate", Map.of());
        assertTrue(noPath.isError(), noPath.toString());
        assertTrue(text(noPath).contains("path"), text(noPath));
        McpSchema.CallToolResult tooMany = call(readOnly, "read_thread", Map.of("path", SAMPLE.toString(), "thread", "x", "limit", 5000));
        assertTrue(tooMany.isError(), tooMany.toString());
    }

    @Test
    void threadsStepsAndOneEventArePagedAndCut() {
        JsonNode threads = json(call(readOnly, "list_threads", Map.of("path", SAMPLE.toString())));
        assertTrue(threads.get("total").asInt() >= 1, threads.toString());
        JsonNode busiest = null;
        for (JsonNode t : threads.get("threads")) {
            if (busiest == null || t.get("events").asInt() > busiest.get("events").asInt()) {
                busiest = t;
            }
        }
        String thread = busiest.get("id").asText();
        int events = busiest.get("events").asInt();
        assertTrue(events > 3, busiest.toString());

        JsonNode steps = json(call(readOnly, "read_thread", Map.of("path", SAMPLE.toString(), "thread", thread, "limit", 3)));
        assertEquals(3, steps.get("steps").size());
        assertEquals(events, steps.get("total").asInt());
        assertEquals(3, steps.get("nextOffset").asInt());
        JsonNode next = json(call(readOnly, "read_thread", Map.of("path", SAMPLE.toString(), "thread", thread, "offset", 3, "limit", 3)));
        assertTrue(next.get("steps").get(0).get("seq").asInt() > steps.get("steps").get(2).get("seq").asInt());

        int seq = steps.get("steps").get(0).get("seq").asInt();
        JsonNode event = json(call(readOnly, "read_event", Map.of("path", SAMPLE.toString(), "seq", seq, "maxChars", 20)));
        assertEquals(seq, event.get("seq").asInt());
        assertEquals(thread, event.get("thread").asText());
        assertEquals(20, event.get("text").asText().length());
        int length = event.get("textLength").asInt();
        assertTrue(length > 20, event.toString());
        assertEquals(20, event.get("nextTextOffset").asInt());
        JsonNode rest = json(call(readOnly, "read_event", Map.of("path", SAMPLE.toString(), "seq", seq, "textOffset", 20,
                "maxChars", 50_000)));
        assertEquals(length - 20, rest.get("text").asText().length());
        assertTrue(rest.get("nextTextOffset").isNull());

        McpSchema.CallToolResult noThread = call(readOnly, "read_thread", Map.of("path", SAMPLE.toString(), "thread", "no-such-thread"));
        assertTrue(noThread.isError() && text(noThread).contains("no-such-thread"), text(noThread));
        McpSchema.CallToolResult noEvent = call(readOnly, "read_event", Map.of("path", SAMPLE.toString(), "seq", 99_999_999));
        assertTrue(noEvent.isError() && text(noEvent).contains("99999999"), text(noEvent));
    }

    @Test
    void runsAndSearchReadTheWorkspaceTheValidatedFileIsRecordedIn() {
        assertFalse(call(readOnly, "validate", Map.of("path", SAMPLE.toString(), "limit", 1)).isError());
        JsonNode runs = json(call(readOnly, "list_runs", Map.of()));
        List<String> paths = new ArrayList<>();
        runs.get("runs").forEach(r -> paths.add(r.get("path").asText()));
        assertTrue(paths.contains(SAMPLE.toString()), paths.toString());
        JsonNode run = runs.get("runs").get(paths.indexOf(SAMPLE.toString()));
        assertTrue(run.get("errors").isNumber() && run.has("rules"), run.toString());
        assertEquals(0, json(call(readOnly, "list_runs", Map.of("pathContains", "no-such-run"))).get("total").asInt());

        JsonNode hits = json(call(readOnly, "search", Map.of("query", "tools:add_entry", "limit", 1)));
        assertEquals(1, hits.get("hits").size(), hits.toString());
        assertEquals(SAMPLE.toString(), hits.get("hits").get(0).get("file").asText());
        assertEquals(1, hits.get("nextOffset").asInt(), hits.toString());
        McpSchema.CallToolResult bad = call(readOnly, "search", Map.of("query", "\"unclosed"));
        assertTrue(bad.isError(), bad.toString());
    }

    @Test
    void costAndContextLevelsAreTheCommandsReports() {
        JsonNode cost = json(call(readOnly, "cost", Map.of("paths", List.of(CHAT.toString()), "by", "thread")));
        assertEquals("thread", cost.get("by").asText());
        assertTrue(cost.get("total").has("microdollars"), cost.toString());
        JsonNode file = cost.get("files").get(0);
        assertEquals(CHAT.toString(), file.get("file").asText());
        assertEquals(file.get("groups").size(), file.get("totalGroups").asInt());

        JsonNode levels = json(call(readOnly, "context_levels", Map.of("path", CHAT.toString())));
        assertTrue(levels.get("contextLimit").asInt() > 0, levels.toString());
        JsonNode thread = levels.get("threads").get(0);
        assertTrue(thread.get("promptTokens").asInt() > 0 && thread.has("pointsCount") && !thread.has("points"), thread.toString());
        JsonNode points = json(call(readOnly, "context_levels", Map.of("path", CHAT.toString(), "thread",
                thread.get("id").asText(), "limit", 1)));
        assertEquals(1, points.get("thread").get("points").size());
        assertEquals(thread.get("pointsCount").asInt(), points.get("thread").get("total").asInt());
        McpSchema.CallToolResult window = call(readOnly, "context_levels", Map.of("path", CHAT.toString(), "contextLimit", 1000));
        assertEquals(1000, json(window).get("contextLimit").asInt());
    }

    /** Paged through, the tools give what the commands print: the same findings, the same counts per thread. */
    @Test
    void pagedThroughTheAnswersAreTheCommandsOwn() throws IOException {
        CliRun validate = CliRun.of("validate", "--no-workspace", "--format", "json", SAMPLE.toString());
        List<String> expected = new ArrayList<>();
        MAPPER.readTree(validate.out()).at("/files/0/threads").forEach(t -> t.get("checks").forEach(c ->
                c.get("findings").forEach(f -> expected.add(f.get("fingerprint").asText()))));
        List<String> paged = new ArrayList<>();
        JsonNode page = json(call(readOnly, "validate", Map.of("path", SAMPLE.toString(), "limit", 1)));
        while (true) {
            page.get("findings").forEach(f -> paged.add(f.get("fingerprint").asText()));
            if (page.get("nextOffset").isNull()) {
                break;
            }
            page = json(call(readOnly, "validate", Map.of("path", SAMPLE.toString(), "offset", page.get("nextOffset").asInt(), "limit", 1)));
        }
        assertTrue(expected.size() > 1, validate.out());
        assertEquals(expected.stream().sorted().toList(), paged.stream().sorted().toList());

        CliRun tokens = CliRun.of("tokens", "--no-workspace", "--json", SAMPLE.toString());
        Map<String, Integer> counted = new java.util.TreeMap<>();
        MAPPER.readTree(tokens.out()).get(0).get("threads").forEach(t -> counted.put(t.get("id").asText(), t.get("promptTokens").asInt()));
        Map<String, Integer> levels = new java.util.TreeMap<>();
        int threads = 0;
        for (int offset = 0; ; offset++) {
            JsonNode one = json(call(readOnly, "context_levels", Map.of("path", SAMPLE.toString(), "offset", offset, "limit", 1)));
            JsonNode t = one.get("threads").get(0);
            threads++;
            if (!t.has("noHistory")) {
                levels.put(t.get("id").asText(), t.get("promptTokens").asInt());
            }
            if (one.get("nextOffset").isNull()) {
                break;
            }
        }
        assertTrue(counted.size() > 1, tokens.out());
        assertEquals(counted, levels);
        assertTrue(threads > counted.size(), "the run's own events have no history to count: " + threads);
    }

    @Test
    void triageMarksAFindingOnlyWhenWritesAreAllowed() {
        Path workspace = dir.resolve("writable.db");
        McpSyncClient writing = client("mcp", "--allow-writes", "--workspace", workspace.toString());
        try {
            writing.initialize();
            assertTrue(writing.listTools().tools().stream().anyMatch(t -> t.name().equals("triage")));
            String fingerprint = json(call(writing, "validate", Map.of("path", SAMPLE.toString(), "limit", 1)))
                    .get("findings").get(0).get("fingerprint").asText();
            McpSchema.CallToolResult marked = call(writing, "triage", Map.of("fingerprint", fingerprint.substring(0, 12),
                    "status", "accepted", "note", "expected in this sample"));
            assertFalse(marked.isError(), text(marked));
            assertTrue(text(marked).contains(fingerprint) && text(marked).contains("accepted"), text(marked));
            McpSchema.CallToolResult unknown = call(writing, "triage", Map.of("fingerprint", "ffffffffffff", "status", "accepted"));
            assertTrue(unknown.isError() && text(unknown).contains("ffffffffffff"), text(unknown));

            JsonNode marks = json(call(writing, "list_marks", Map.of("path", SAMPLE.toString(), "markedOnly", true)));
            assertEquals(1, marks.get("total").asInt(), marks.toString());
            assertEquals(1, marks.get("marked").asInt(), marks.toString());
            JsonNode finding = marks.get("findings").get(0);
            assertEquals(fingerprint, finding.get("fingerprint").asText());
            assertEquals("accepted", finding.at("/mark/status").asText());
            assertEquals("expected in this sample", finding.at("/mark/note").asText());
            assertTrue(finding.at("/mark/author").isNull(), "an SQLite workspace records no author: " + finding);
            JsonNode history = json(call(writing, "triage_history", Map.of("fingerprint", fingerprint.substring(0, 10))));
            assertEquals(fingerprint, history.get("fingerprint").asText());
            assertEquals(1, history.get("changes").size(), history.toString());
            assertEquals("accepted", history.at("/changes/0/status").asText());
        } finally {
            writing.closeGracefully();
        }
        CliRun marks = CliRun.of("triage", "--workspace", workspace.toString());
        assertTrue(marks.out().contains("accepted") && marks.out().contains("expected in this sample"), marks.out());
    }

    /** The marks read on any server, writes allowed or not: a run's findings with theirs, paged, and a mark's history. */
    @Test
    void aRunsMarksAndAMarksHistoryAreReadWithoutWrites() {
        JsonNode all = json(call(readOnly, "validate", Map.of("path", SAMPLE.toString(), "limit", 1)));
        JsonNode page = json(call(readOnly, "list_marks", Map.of("path", SAMPLE.toString(), "limit", 2)));
        assertEquals(2, page.get("findings").size(), page.toString());
        assertEquals(2, page.get("nextOffset").asInt(), page.toString());
        assertEquals(0, page.get("marked").asInt(), page.toString());
        assertTrue(page.get("total").asInt() > 2 && page.get("total").asInt() <= all.get("total").asInt(), page.toString());
        JsonNode first = page.get("findings").get(0);
        assertTrue(first.get("mark").isNull() && first.has("rule") && first.has("line") && first.has("severity"), first.toString());
        assertEquals(0, json(call(readOnly, "list_marks", Map.of("path", SAMPLE.toString(), "markedOnly", true))).get("total").asInt());
        JsonNode none = json(call(readOnly, "triage_history", Map.of("fingerprint", first.get("fingerprint").asText())));
        assertEquals(0, none.get("changes").size(), none.toString());

        McpSchema.CallToolResult unrecorded = call(readOnly, "list_marks", Map.of("path", CHAT.toString()));
        assertTrue(unrecorded.isError() && text(unrecorded).contains("not recorded"), text(unrecorded));
        McpSchema.CallToolResult unknown = call(readOnly, "triage_history", Map.of("fingerprint", "ffffffffffff"));
        assertTrue(unknown.isError() && text(unknown).contains("ffffffffffff"), text(unknown));
    }

    /**
     * A client that writes its whole session and closes its end, as a shell pipe does: every request is answered, and
     * every line on standard output is a JSON-RPC message.
     */
    @Test
    void aPipedSessionIsAnsweredWholeAndStdoutHoldsOnlyTheProtocol() throws IOException, InterruptedException {
        Process server = new ProcessBuilder(command("mcp", "--workspace", dir.resolve("piped.db").toString()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String session = String.join("\n",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"pipe\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"validate\",\"arguments\":"
                        + "{\"path\":" + MAPPER.writeValueAsString(SAMPLE.toString()) + ",\"limit\":1}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"list_runs\"}}") + "\n";
        server.getOutputStream().write(session.getBytes(StandardCharsets.UTF_8));
        server.getOutputStream().close();
        String out = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, server.exitValue());
        List<Integer> ids = new ArrayList<>();
        for (String line : out.split("\n")) {
            JsonNode message = MAPPER.readTree(line);
            assertEquals("2.0", message.get("jsonrpc").asText(), line);
            ids.add(message.get("id").asInt());
        }
        // Answered one at a time, in order: the runs listed after the validate include the file it recorded.
        assertEquals(List.of(1, 2, 3, 4), ids, out);
        JsonNode answer = MAPPER.readTree(MAPPER.readTree(out.split("\n")[2]).at("/result/content/0/text").asText());
        assertEquals(1, answer.get("findings").size(), out);
        JsonNode runs = MAPPER.readTree(MAPPER.readTree(out.split("\n")[3]).at("/result/content/0/text").asText());
        assertEquals(SAMPLE.toString(), runs.at("/runs/0/path").asText(), out);
    }

    private static McpSyncClient client(String... args) {
        List<String> command = command(args);
        ServerParameters server = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
        StdioClientTransport transport = new StdioClientTransport(server, new JacksonMcpJsonMapper(new ObjectMapper()));
        transport.setStdErrorHandler(line -> { }); // the server's notes on stderr are not the protocol
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).initializationTimeout(Duration.ofSeconds(60)).build();
    }

    /** This module's commands in a JVM of their own, on the tests' class path. */
    private static List<String> command(String... args) {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", classPath, CliMain.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    private static JsonNode json(McpSchema.CallToolResult result) {
        assertFalse(Boolean.TRUE.equals(result.isError()), () -> text(result));
        try {
            return MAPPER.readTree(text(result));
        } catch (IOException e) {
            throw new AssertionError(text(result), e);
        }
    }
}
