package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.analysis.rules.RuleProfile;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class ValidateCommandTest {

    private static final int MYCELIAN_RULES = RuleProfile.mycelianToolOnly().rules().size();

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theBeforeSampleYieldsExactlyItsKnownFaults() throws Exception {
        CliRun run = CliRun.of("validate", "--format", "json", CliRun.BEFORE.toString());
        assertEquals(1, run.code(), run.err());
        JsonNode file = JSON.readTree(run.out()).get("files").get(0);
        assertEquals(List.of(
                "s1 duplicate-add-entry error msg_idx=3",
                "s1 assistant-text-in-state error msg_idx=3",
                "s1 missing-flush error msg_idx=null",
                "s2 role-mismatch error msg_idx=4",
                "s2 bootstrap-repeated error msg_idx=null",
                "s2 bootstrap-repeated error msg_idx=null"), findings(file));
        assertEquals(6, file.at("/summary/errors").asInt());
        assertEquals(0, file.at("/summary/warnings").asInt());
    }

    @Test
    void theAfterSampleIsClean() throws Exception {
        CliRun run = CliRun.of("validate", "--format", "json", "--fail-on", "warning", CliRun.AFTER.toString());
        assertEquals(0, run.code(), run.out());
        assertEquals(List.of(), findings(JSON.readTree(run.out()).get("files").get(0)));
    }

    @Test
    void checklistGivesEveryThreadEveryRuleWithAStatusAndEvidenceLines() throws Exception {
        JsonNode file = JSON.readTree(CliRun.of("validate", "--format", "json", CliRun.BEFORE.toString()).out()).get("files").get(0);
        JsonNode threads = file.get("threads");
        JsonNode run = threads.get(0);
        assertEquals("", run.get("id").asText(), "run-level events form the thread with id \"\"");
        assertEquals(List.of("agent-error", "unparsed-records"), run.get("checks").findValuesAsText("rule"),
                "the run's own events are checked only by the rules that apply to a whole run");
        for (JsonNode thread : threads) {
            if (thread != run) {
                assertEquals(MYCELIAN_RULES, thread.get("checks").size());
            }
            for (JsonNode check : thread.get("checks")) {
                assertTrue(List.of("pass", "fail", "n/a").contains(check.get("status").asText()));
                assertEquals(check.get("status").asText().equals("fail"), check.get("findings").size() > 0);
            }
        }
        JsonNode duplicate = threads.get(1).get("checks").get(0);
        assertEquals("duplicate-add-entry", duplicate.get("rule").asText());
        JsonNode evidence = duplicate.at("/findings/0/evidence");
        assertEquals(3, evidence.size(), "the message and both add_entry calls");
        assertTrue(evidence.get(0).get("line").asInt() > 0 && evidence.get(0).has("seq"));
    }

    @Test
    void failOnDecidesTheExitCode() {
        assertEquals(0, CliRun.of("validate", "--fail-on", "never", CliRun.BEFORE.toString()).code());
        assertEquals(1, CliRun.of("validate", "--fail-on", "error", CliRun.BEFORE.toString()).code());
        assertEquals(0, CliRun.of("validate", "--fail-on", "error", CliRun.AFTER.toString()).code());
        assertEquals(2, CliRun.of("validate", "--fail-on", "sometimes", CliRun.AFTER.toString()).code());
    }

    @Test
    void textIsAChecklistForATerminal() {
        CliRun run = CliRun.of("validate", CliRun.BEFORE.toString());
        assertTrue(run.out().contains("FAIL  duplicate-add-entry"), run.out());
        assertFalse(run.out().contains("pass  missing-add-entry"), "passes are counted, not listed: " + run.out());
        assertTrue(run.out().contains(CliRun.BEFORE + ": lines "), run.out());
        CliRun verbose = CliRun.of("validate", "--verbose", CliRun.BEFORE.toString());
        assertTrue(verbose.out().contains("pass  missing-add-entry"), verbose.out());
        assertTrue(verbose.out().contains("n/a   "), verbose.out());
    }

    @Test
    void junitMakesEachThreadAndRuleATestCase() throws Exception {
        CliRun run = CliRun.of("validate", "--format", "junit", CliRun.BEFORE.toString());
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(run.out().getBytes(StandardCharsets.UTF_8)));
        assertEquals(2 * MYCELIAN_RULES + 2, xml.getElementsByTagName("testcase").getLength(),
                "two threads with every rule, then the run's own events with the two rules that apply to a run");
        org.w3c.dom.NodeList suites = xml.getElementsByTagName("testsuite");
        assertTrue(suites.item(suites.getLength() - 1).getAttributes().getNamedItem("name").getNodeValue()
                .endsWith("(run: events that belong to no thread)"), "the run's own events come last");
        assertEquals(5, xml.getElementsByTagName("failure").getLength(), "five failing thread × rule checks");
        assertTrue(xml.getElementsByTagName("skipped").getLength() > 0);
    }

    @Test
    void sarifPointsAtFileAndLine() throws Exception {
        JsonNode sarif = JSON.readTree(CliRun.of("validate", "--format", "sarif", CliRun.BEFORE.toString()).out());
        assertEquals("2.1.0", sarif.get("version").asText());
        JsonNode results = sarif.at("/runs/0/results");
        assertEquals(6, results.size());
        JsonNode location = results.get(0).at("/locations/0/physicalLocation");
        assertTrue(location.at("/artifactLocation/uri").asText().endsWith("before-prebuilt-react.log"));
        assertTrue(location.at("/region/startLine").asInt() > 0);
        assertEquals("error", results.get(0).get("level").asText());
    }

    @Test
    void sarifUrisPointAtFilesWhoseNamesHoldSpacesHashesQueriesPercentsAndNonAscii() throws Exception {
        Path file = dir.resolve("run 1 #2?x=%41 café.log");
        Files.copy(CliRun.BEFORE, file);
        Path relative = Path.of("").toAbsolutePath().relativize(file);
        for (Path named : List.of(file, relative)) {
            JsonNode sarif = JSON.readTree(CliRun.of("validate", "--no-workspace", "--format", "sarif", named.toString()).out());
            String uri = sarif.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri").asText();
            URI parsed = new URI(uri);
            assertTrue(uri.chars().allMatch(c -> c > 0x20 && c < 0x7f), uri);
            assertEquals(named.isAbsolute(), parsed.isAbsolute(), uri);
            assertEquals(file, Path.of(Path.of("").toAbsolutePath().toUri().resolve(parsed)).normalize(), uri);
        }
    }

    @Test
    void htmlAndMarkdownEscapeTraceContent() throws Exception {
        Path log = Files.writeString(dir.resolve("xss.log"), String.join("\n",
                "2025-09-05 10:15:03,003 [a.py:f] MSG thread_id=m:s1 msg_idx=1 role=user chars=2 preview=hi",
                "2025-09-05 10:15:03,004 [a.py:f] STATE thread_id=m:s1 messages=2",
                "2025-09-05 10:15:03,004 [a.py:f] STATE_MSG idx=1 type=chat role=user content=hi",
                "2025-09-05 10:15:03,004 [a.py:f] STATE_MSG idx=2 type=ai role= content=<script>alert('x')</script> & <b>bold</b>",
                ""));
        String html = CliRun.of("validate", "--format", "html", log.toString()).out();
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertFalse(html.contains("<script>"), "trace content must be escaped");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;"), html);
        assertFalse(html.contains("http://") || html.contains("src="), "self-contained: no external resources");
        String markdown = CliRun.of("validate", "--format", "markdown", log.toString()).out();
        assertFalse(markdown.contains("<script>"));
        assertTrue(markdown.contains("| file | format |"), markdown);
    }

    @Test
    void writesTheReportToOutput() throws Exception {
        Path report = dir.resolve("report.xml");
        CliRun run = CliRun.of("validate", "--format", "junit", "--output", report.toString(), CliRun.AFTER.toString());
        assertEquals(0, run.code());
        assertEquals("", run.out());
        assertTrue(Files.readString(report).contains("<testsuites"));
    }

    /** Where the report goes to a file, a CI log still shows what was checked and found: one line, on standard error. */
    @Test
    void aReportWrittenToAFileIsSaidInOneLineAndIsTheReportStandardOutputGets() throws Exception {
        Path report = dir.resolve("report.sarif");
        CliRun toFile = CliRun.of("validate", "--no-workspace", "--format", "sarif", "--output", report.toString(),
                CliRun.BEFORE.toString(), CliRun.AFTER.toString());
        assertEquals(1, toFile.code(), toFile.err());
        assertEquals("", toFile.out());
        assertEquals(List.of("tracedeck validate: checked 2 files (6 threads): 6 errors, 0 warnings, 0 infos; the sarif "
                + "report is in " + report), toFile.err().lines().toList());
        CliRun printed = CliRun.of("validate", "--no-workspace", "--format", "sarif", CliRun.BEFORE.toString(),
                CliRun.AFTER.toString());
        assertEquals(printed.out(), Files.readString(report), "the report itself as on standard output");
        assertEquals("", printed.err(), "no such line where the report is printed");
    }

    @Test
    void configurationChangesSeverityAndTurnsRulesOff() throws Exception {
        Path config = Files.writeString(dir.resolve("rules.json"), """
                {"parameters": {"flushPeriod": 6},
                 "rules": {"duplicate-add-entry": {"severity": "warning"},
                           "assistant-text-in-state": {"enabled": false}}}
                """);
        JsonNode file = JSON.readTree(CliRun.of("validate", "--format", "json", "--config", config.toString(),
                CliRun.BEFORE.toString()).out()).get("files").get(0);
        List<String> found = findings(file);
        assertTrue(found.contains("s1 duplicate-add-entry warning msg_idx=3"), found.toString());
        assertTrue(found.stream().noneMatch(f -> f.contains("assistant-text-in-state")), found.toString());
    }

    @Test
    void aBadConfigurationIsAUsageErrorNamingFileAndLine() throws Exception {
        Path config = Files.writeString(dir.resolve("rules.json"), "{\n  \"rules\": {\n    \"duplicate-add-entri\": {}\n  }\n}\n");
        CliRun run = CliRun.of("validate", "--config", config.toString(), CliRun.AFTER.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().startsWith("tracedeck validate: " + config + ":3: unknown rule \"duplicate-add-entri\""), run.err());
    }

    @Test
    void anUnreadableFileIsExitTwo() {
        CliRun run = CliRun.of("validate", dir.resolve("nope.log").toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("nope.log: no such file"), run.err());
    }

    /** "s1 rule severity msg_idx=N" for every finding, in report order. */
    private static List<String> findings(JsonNode file) {
        List<String> out = new ArrayList<>();
        for (JsonNode thread : file.get("threads")) {
            String id = thread.get("id").asText();
            String session = id.substring(id.lastIndexOf(':') + 1);
            for (JsonNode check : thread.get("checks")) {
                for (JsonNode f : check.get("findings")) {
                    out.add(session + " " + f.get("rule").asText() + " " + f.get("severity").asText() + " msg_idx="
                            + (f.get("msgIdx").isNull() ? "null" : f.get("msgIdx").asInt()));
                }
            }
        }
        return out;
    }
}
