package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace whose file name, messages and tool names carry terminal controls (clear screen, bell, colour), a C1
 * control, a bidi override and a fake output line: every text output shows them as escapes and holds none of them.
 */
class ControlCharactersTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FILE_NAME = "evil\u001b[2J\u0007\u202eg.json";
    private static final String SHOWN_NAME = "evil\\e[2J\\a\\u202eg.json";
    private static final String TOOL = "look\u001b[31mup\u202e\uffff";
    private static final String SHOWN_TOOL = "look\\e[31mup\\u202e";
    private static final String FAKE_LINE = "  thread x  all clean";

    @TempDir
    Path dir;

    private Path trace;
    private String workspace;

    @BeforeEach
    void writeTrace() throws Exception {
        ArrayNode messages = JSON.createArrayNode();
        messages.addObject().put("role", "user").put("content", "Where is it?\n" + FAKE_LINE + "\u001b[2J\u0007 \u202eevil\u007f");
        ObjectNode call = messages.addObject().put("role", "assistant");
        call.putNull("content");
        call.putArray("tool_calls").addObject().put("id", "call_1").put("type", "function").putObject("function")
                .put("name", TOOL).put("arguments", "{}");
        messages.addObject().put("role", "user").put("content", "Hello?\u009b31m");
        messages.addObject().put("role", "assistant").put("content", "I'll look.\n<tool_call>\n{\"name\": \"sea\u001b[2Jrch\", "
                + "\"arguments\": {\"q\": \"x\"}}\n</tool_call>");
        trace = dir.resolve(FILE_NAME);
        Files.writeString(trace, JSON.writeValueAsString(messages), StandardCharsets.UTF_8);
        workspace = dir.resolve("workspace.db").toString();
    }

    @Test
    void validateShowsTheFileNameAndTheToolNameAsEscapes() {
        CliRun run = CliRun.of("validate", "--workspace", workspace, trace.toString());
        assertEquals(ExitCodes.FINDINGS, run.code(), run.err());
        assertPrintable(run.out());
        assertTrue(run.out().contains(SHOWN_NAME), run.out());
        assertTrue(run.out().contains("calls " + SHOWN_TOOL), run.out());
    }

    @Test
    void markdownShowsTheEscapesInTableCellsAndFindings() {
        CliRun run = CliRun.of("validate", "--no-workspace", "--format", "markdown", trace.toString());
        assertPrintable(run.out());
        assertTrue(run.out().contains(SHOWN_NAME + "` |"), run.out());
        assertTrue(run.out().contains("look\\e\\[31mup\\u202e"), run.out());
    }

    @Test
    void inspectTokensTextcallsAndPruneShowTheEscapes() {
        CliRun inspect = CliRun.of("inspect", "--no-workspace", trace.toString());
        assertPrintable(inspect.out());
        assertTrue(inspect.out().contains(SHOWN_NAME) && inspect.out().contains(SHOWN_TOOL + "\\uffff 1"), inspect.out());

        CliRun tokens = CliRun.of("tokens", "--no-workspace", trace.toString());
        assertPrintable(tokens.out());
        assertTrue(tokens.out().contains(SHOWN_NAME), tokens.out());

        CliRun textcalls = CliRun.of("textcalls", "--no-workspace", trace.toString());
        assertPrintable(textcalls.out());
        assertTrue(textcalls.out().contains("hermes sea\\e[2Jrch"), textcalls.out());

        CliRun prune = CliRun.of("prune", "--no-workspace", "--strategy", "none", trace.toString());
        assertEquals(ExitCodes.OK, prune.code(), prune.err());
        assertPrintable(prune.out());
        assertTrue(prune.out().contains("Where is it?\\n" + FAKE_LINE + "\\e[2J\\a \\u202eevil\\x7f"), prune.out());
        assertTrue(prune.out().contains("Hello?\\u009b31m"), prune.out());
        assertTrue(prune.out().contains("calls " + SHOWN_TOOL), prune.out());
    }

    @Test
    void runsAndTriageShowTheEscapes() throws Exception {
        CliRun validate = CliRun.of("validate", "--workspace", workspace, "--format", "json", trace.toString());
        String fingerprint = JSON.readTree(validate.out()).findValue("fingerprint").asText();

        CliRun runs = CliRun.of("runs", "--workspace", workspace);
        assertPrintable(runs.out());
        assertTrue(runs.out().contains(SHOWN_NAME), runs.out());

        CliRun mark = CliRun.of("triage", "--workspace", workspace, fingerprint, "accepted", "--note", "ok\u001b[2J\n" + FAKE_LINE);
        assertEquals(ExitCodes.OK, mark.code(), mark.err());
        CliRun marks = CliRun.of("triage", "--workspace", workspace);
        assertPrintable(marks.out());
        assertTrue(marks.out().contains("ok\\e[2J\\n" + FAKE_LINE), marks.out());
    }

    @Test
    void errorsNameTheFileWithEscapes() {
        CliRun run = CliRun.of("validate", "--no-workspace", dir.resolve("missing\u001b[2J\u0007.json").toString());
        assertEquals(ExitCodes.USAGE, run.code());
        assertPrintable(run.err());
        assertTrue(run.err().contains("missing\\e[2J\\a.json"), run.err());
    }

    @Test
    void junitAndHtmlHoldNoCharacterXmlForbids() {
        for (String format : new String[] {"junit", "html"}) {
            String report = CliRun.of("validate", "--no-workspace", "--format", format, trace.toString()).out();
            assertPrintable(report);
            assertTrue(report.contains(SHOWN_TOOL + "\\uffff"), report);
        }
        String junit = CliRun.of("validate", "--no-workspace", "--format", "junit", trace.toString()).out();
        assertDoesNotThrow(() -> DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(junit.getBytes(StandardCharsets.UTF_8))));
    }

    /** No control, bidi override or XML-forbidden character; a line end only as the report's own, never a faked one. */
    private static void assertPrintable(String output) {
        output.replace("\r\n", "\n").codePoints().forEach(c -> assertFalse((c < 0x20 && c != '\n') || (c >= 0x7f && c <= 0x9f)
                        || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0xfffe || c == 0xffff,
                () -> String.format("U+%04X in%n%s", c, output)));
        assertFalse(output.lines().anyMatch(line -> line.startsWith(FAKE_LINE)), output);
    }
}
