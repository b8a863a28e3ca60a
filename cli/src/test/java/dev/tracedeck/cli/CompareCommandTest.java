package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Map<String, String> verdicts(JsonNode root) {
        Map<String, String> verdicts = new TreeMap<>();
        root.get("rules").forEach(r -> verdicts.put(r.get("rule").asText(), r.get("verdict").asText()));
        return verdicts;
    }

    @Test
    void theToolOnlyGraphFixesEveryFaultOfThePrebuiltReactRunAndBreaksNothing() throws Exception {
        CliRun run = CliRun.of("compare", "--format", "json", CliRun.BEFORE.toString(), CliRun.AFTER.toString());
        assertEquals(ExitCodes.OK, run.code(), run.err());
        JsonNode root = JSON.readTree(run.out());
        Map<String, String> verdicts = verdicts(root);
        for (String rule : new String[] {"duplicate-add-entry", "role-mismatch", "assistant-text-in-state", "bootstrap-repeated",
                "missing-flush"}) {
            assertEquals("fixed", verdicts.get(rule), rule);
        }
        assertEquals("passing", verdicts.get("missing-add-entry"));
        assertFalse(root.get("regressed").asBoolean());
        assertEquals(5, root.get("verdicts").get("fixed").asInt());
        JsonNode rule = root.get("rules").get(0);
        assertEquals("fail", rule.get("before").get("status").asText());
        assertEquals(1, rule.get("before").get("findings").asInt());
        JsonNode s1 = root.get("threads").get(0);
        assertTrue(s1.get("before").asText().endsWith(":s1") && s1.get("after").asText().endsWith(":s1"),
                "runs of one question pair by session: " + s1);
        assertEquals(38, s1.get("beforeShape").get("messages").asInt());
        assertTrue(s1.get("firstDivergence").get("turn").asInt() > 0, "the runs agree on the bootstrap");
    }

    @Test
    void theSameFixReadBackwardsIsARegressionAndExits1() throws Exception {
        CliRun run = CliRun.of("compare", "--format", "json", CliRun.AFTER.toString(), CliRun.BEFORE.toString());
        assertEquals(ExitCodes.FINDINGS, run.code(), run.err());
        JsonNode root = JSON.readTree(run.out());
        assertTrue(root.get("regressed").asBoolean());
        assertEquals("regressed", verdicts(root).get("duplicate-add-entry"));
    }

    @Test
    void textMarkdownAndHtmlSayTheSame(@TempDir Path dir) throws Exception {
        CliRun text = CliRun.of("compare", CliRun.BEFORE.toString(), CliRun.AFTER.toString());
        assertTrue(text.out().contains("5 fixed"), text.out());
        assertTrue(text.out().contains("first divergence: turn"), text.out());
        CliRun markdown = CliRun.of("compare", "--format", "markdown", CliRun.BEFORE.toString(), CliRun.AFTER.toString());
        assertTrue(markdown.out().contains("| `duplicate-add-entry` | fail (1) | pass | **fixed** |"), markdown.out());
        Path html = dir.resolve("compare.html");
        CliRun page = CliRun.of("compare", "--format", "html", "--output", html.toString(), CliRun.BEFORE.toString(),
                CliRun.AFTER.toString());
        assertEquals(ExitCodes.OK, page.code(), page.err());
        String written = Files.readString(html);
        assertTrue(written.contains("class=\"chip k-user"), "state shapes drawn as chips");
        assertTrue(written.contains(" diverge\""), "the first divergence marked");
        assertTrue(written.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                + "style-src 'unsafe-inline'"), "the page may run no script and load nothing");
    }

    /**
     * The legends read: the HTML page names each colour in its own text beside a block of that colour (never grey
     * words on the colour), and Markdown, which has no colours, draws the shapes as letters it explains.
     */
    @Test
    void theMarkdownAndHtmlLegendsSayWhatEachBlockOrLetterIs(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("compare.html");
        CliRun.of("compare", "--format", "html", "--output", html.toString(), CliRun.BEFORE.toString(), CliRun.AFTER.toString());
        String page = Files.readString(html);
        java.util.regex.Matcher coloured = java.util.regex.Pattern.compile("<span class=\"[^\"]*\\bk-[a-z-]+[^\"]*\">([^<]*)</span>")
                .matcher(page);
        while (coloured.find()) {
            assertEquals("", coloured.group(1), "a coloured block holds no text: " + coloured.group());
        }
        for (String kind : List.of("system", "user", "assistant → tools", "assistant text", "tool result")) {
            assertTrue(page.contains("></span> " + kind + "</span>"), kind + " named beside its colour");
        }

        String markdown = CliRun.of("compare", "--format", "markdown", CliRun.BEFORE.toString(), CliRun.AFTER.toString()).out();
        assertTrue(markdown.contains("`S` system · `U` user · `C` assistant → tools · `A` assistant text · `T` tool result"), markdown);
        assertTrue(markdown.contains("```\nbefore  SCTCT UCTACT UCTCTAACT UCTACTS UCTACTSCTCT\n                        ^\n"), markdown);
    }

    @Test
    void usageErrorsExit2() {
        assertEquals(ExitCodes.USAGE, CliRun.of("compare", "--format", "pdf", CliRun.BEFORE.toString(), CliRun.AFTER.toString()).code());
        CliRun missing = CliRun.of("compare", CliRun.BEFORE.toString(), "nope.log");
        assertEquals(ExitCodes.USAGE, missing.code());
        assertTrue(missing.err().contains("nope.log"), missing.err());
        assertEquals(ExitCodes.USAGE, CliRun.of("compare", CliRun.BEFORE.toString()).code());
    }

    @Test
    void twoThreadsOfOneFileCompareTheirOwnChecklistsAndShapes() throws Exception {
        CliRun run = CliRun.of("compare", "--format", "json", "--before-thread", "s1", "--after-thread", "s2",
                CliRun.BEFORE.toString(), CliRun.BEFORE.toString());
        assertEquals(ExitCodes.FINDINGS, run.code(), "s2 fails bootstrap-repeated, which s1 passes: " + run.err());
        JsonNode root = JSON.readTree(run.out());
        assertEquals(1, root.get("threads").size());
        assertTrue(root.get("threads").get(0).get("before").asText().endsWith(":s1"));
        assertEquals("regressed", verdicts(root).get("bootstrap-repeated"));
        assertEquals("fixed", verdicts(root).get("duplicate-add-entry"), "s1's duplicate is not s2's");
        assertEquals(ExitCodes.USAGE, CliRun.of("compare", "--before-thread", "s1", CliRun.BEFORE.toString(),
                CliRun.BEFORE.toString()).code());
        CliRun missing = CliRun.of("compare", "--before-thread", "s9", "--after-thread", "s2", CliRun.BEFORE.toString(),
                CliRun.BEFORE.toString());
        assertEquals(ExitCodes.USAGE, missing.code());
        assertTrue(missing.err().contains("no thread 's9'"), missing.err());
    }
}
