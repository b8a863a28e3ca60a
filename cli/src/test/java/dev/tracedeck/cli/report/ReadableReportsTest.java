package dev.tracedeck.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Reports people read: failures first, passes counted, Markdown that renders as the log reads and fits a comment. */
class ReadableReportsTest {

    private static final Trace TRACE = TestTraces.small();
    private static final String NASTY = "user's \"plan\" | <script>alert(1)</script> `rm -rf` *bold* _it_ [link](x) #1 ~x~ & 🗾 東京\nnext line";

    @Test
    void markdownEscapesMarkdownNotHtml() throws Exception {
        String md = ReportFormat.MARKDOWN.render(List.of(validation(1, NASTY)));
        assertFalse(md.contains("&#39;") || md.contains("&\\#39;") || md.contains("&amp;") || md.contains("&lt;"), md);
        assertTrue(md.contains("user's \"plan\" \\| \\<script\\>alert(1)\\</script\\> \\`rm -rf\\` \\*bold\\* \\_it\\_ "
                + "\\[link\\](x) \\#1 \\~x\\~ \\& 🗾 東京\\nnext line"), md);
    }

    @Test
    void byDefaultOnlyFailuresAreListedAndPassesAreCounted() throws Exception {
        Validation v = TestFindings.of(TRACE);
        String text = ReportFormat.TEXT.render(List.of(v));
        assertTrue(text.contains("FAIL  duplicate-add-entry"), text);
        assertFalse(text.contains("pass  missing-flush"), text);
        assertFalse(text.contains("thread m:s2"), "a thread with no failure is not listed: " + text);
        assertTrue(text.contains("3 threads checked, 1 failing: 4 checks passed, 3 failed, 2 n/a (--verbose lists every check)"), text);

        String verbose = ReportFormat.TEXT.render(List.of(v), true);
        assertTrue(verbose.contains("pass  missing-flush"), verbose);
        assertTrue(verbose.contains("thread m:s2"), verbose);

        String md = ReportFormat.MARKDOWN.render(List.of(v));
        assertTrue(md.contains("- [ ] ❌ `duplicate-add-entry`"), md);
        assertFalse(md.contains("- [x] `missing-flush`"), md);
        assertTrue(ReportFormat.MARKDOWN.render(List.of(v), true).contains("- [x] `missing-flush`"));
    }

    @Test
    void aCleanLogWithHundredsOfThreadsIsAFewLines() throws Exception {
        List<ThreadChecklist> threads = new ArrayList<>();
        for (int i = 0; i < 178; i++) {
            threads.add(new ThreadChecklist("3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13:s" + i, List.of(pass("duplicate-add-entry"),
                    pass("missing-add-entry"), new Check("missing-flush", "flushes", CheckStatus.NOT_APPLICABLE, List.of(), "none"))));
        }
        Validation clean = new Validation("clean.log", "mycelian-log", "mycelian-tool-only", threads);
        String text = ReportFormat.TEXT.render(List.of(clean));
        assertTrue(text.lines().count() <= 4, text);
        assertTrue(text.contains("178 threads checked, all clean: 356 checks passed, 0 failed, 178 n/a"), text);
        assertTrue(ReportFormat.MARKDOWN.render(List.of(clean)).length() < 1000);
        assertTrue(ReportFormat.TEXT.render(List.of(clean), true).lines().count() > 178 * 3, "verbose lists every check");
    }

    @Test
    void markdownStaysUnderGithubsCommentLimitAndSaysWhatItLeftOut() throws Exception {
        int perThread = 40;
        Validation huge = validation(200, "the agent persisted msg_idx 7 twice (lines 1200 and 1204); " + "x".repeat(120));
        String md = ReportFormat.MARKDOWN.render(List.of(huge));
        assertTrue(md.length() <= MarkdownReport.COMMENT_LIMIT, "length " + md.length());
        Matcher left = Pattern.compile("… ([0-9]+) more findings in ([0-9]+) threads not shown").matcher(md.replace(",", ""));
        assertTrue(left.find(), md.substring(md.length() - 400));
        int shown = (int) md.lines().filter(l -> l.startsWith("  - **error**")).count();
        assertEquals(200 * perThread, shown + Integer.parseInt(left.group(1)), "every finding is shown or counted");
        long threadsShownWhole = md.lines().filter(l -> l.startsWith("**Thread")).count() - 1;
        assertTrue(Integer.parseInt(left.group(2)) >= 200 - threadsShownWhole - 1, md.substring(md.length() - 300));
        assertTrue(md.contains("`tracedeck validate --format html` lists them all"));
    }

    @Test
    void htmlShowsZeroInNoAlarmColour() throws Exception {
        List<ThreadChecklist> threads = List.of(new ThreadChecklist("t:s1", List.of(pass("duplicate-add-entry"))));
        String clean = ReportFormat.HTML.render(List.of(new Validation("clean.log", "mycelian-log", "p", threads)));
        assertTrue(clean.contains("<td class=\"zero\">0</td><td class=\"zero\">0</td>"), clean);
        assertFalse(clean.contains("<td class=\"sev-error\">"), clean);
        String failing = ReportFormat.HTML.render(List.of(TestFindings.of(TRACE)));
        assertTrue(failing.contains("<td class=\"sev-error\">1</td><td class=\"sev-warning\">2</td>"), failing);
    }

    /** {@code threads} threads with 40 error findings each, all with {@code message}. */
    private static Validation validation(int threads, String message) {
        Event evidence = TRACE.event(3);
        List<ThreadChecklist> list = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<Finding> findings = new ArrayList<>();
            for (int i = 0; i < (threads == 1 ? 1 : 40); i++) {
                findings.add(new Finding("duplicate-add-entry", Severity.ERROR, "m:s" + t, OptionalInt.of(i), message, List.of(evidence)));
            }
            list.add(new ThreadChecklist("m:s" + t, List.of(
                    new Check("duplicate-add-entry", "one write per message", CheckStatus.FAIL, findings, ""),
                    pass("missing-add-entry"))));
        }
        return new Validation("big.log", "mycelian-log", "mycelian-tool-only", list);
    }

    private static Check pass(String rule) {
        return new Check(rule, rule + " holds", CheckStatus.PASS, List.of(), "");
    }
}
