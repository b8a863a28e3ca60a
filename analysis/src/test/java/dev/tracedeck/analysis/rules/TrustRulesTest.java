package dev.tracedeck.analysis.rules;

import static dev.tracedeck.analysis.rules.RuleAssertions.fails;
import static dev.tracedeck.analysis.rules.RuleAssertions.passes;
import static dev.tracedeck.analysis.rules.ThreadFixture.entryArgs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** No verdict on what was not read, and no false finding on text Python measured in code points. */
class TrustRulesTest {

    /** Over 200 code points, with an emoji, a ZWJ family, CJK and a decomposed é before the cut at 197. */
    private static final String LONG_UNICODE = "Planning two weeks in Japan 🗾 with the family 👨\u200d👩\u200d👧\u200d👦: "
            + "Tokyo (東京), then Kyoto (京都); the cafe\u0301 near Ueno first. " + "x".repeat(150);

    @Test
    void everyRecordThatDidNotParseIsAFindingWithItsRecordAsEvidence() {
        ThreadFixture broken = new ThreadFixture().cleanStart().persisted(1, "user", "hi")
                .malformed("MSG", "msg_idx=one is not a number").malformed("STATE_MSG", "idx=abc is not a number").dump();
        List<Finding> findings = fails(broken, "unparsed-records", 2);
        assertTrue(findings.get(0).message().startsWith("MSG record at line "), findings.get(0).message());
        assertTrue(findings.get(0).message().endsWith("was not read: msg_idx=one is not a number"), findings.get(0).message());
        assertEquals(1, findings.get(1).evidence().size());
    }

    @Test
    void linesWithNoKnownKeywordAreNotFindings() {
        passes(new ThreadFixture().cleanStart().other("Retrying request to /chat/completions").dump(), "unparsed-records");
    }

    @Test
    void aPreviewCutAfterEmojiAndCjkIsComparedOverTheCodePointsPythonKept() {
        passes(new ThreadFixture().cleanStart().persisted(1, "user", LONG_UNICODE), "content-not-verbatim");
        String changedAfterTheCut = LONG_UNICODE.substring(0, LONG_UNICODE.length() - 5) + "CHANGED";
        passes(new ThreadFixture().cleanStart().message(1, "user", LONG_UNICODE)
                .call("add_entry", "user", 1, entryArgs(changedAfterTheCut, "user", 1)), "content-not-verbatim");
    }

    @Test
    void aChangeBeforeTheCutIsReportedAtItsCodePointPosition() {
        String changed = LONG_UNICODE.replace("Kyoto", "Osaka");
        Finding f = fails(new ThreadFixture().cleanStart().message(1, "user", LONG_UNICODE)
                .call("add_entry", "user", 1, entryArgs(changed, "user", 1)), "content-not-verbatim", 1).get(0);
        int expected = LONG_UNICODE.codePointCount(0, LONG_UNICODE.indexOf("Kyoto")) + 1;
        int length = LONG_UNICODE.codePointCount(0, LONG_UNICODE.length());
        assertTrue(f.message().contains("at character " + expected + " (compared the first 197 of " + length + " characters"),
                f.message());
    }

    @Test
    void aMessageEndingInANoBreakSpaceIsVerbatimAsPythonStripsIt() {
        passes(new ThreadFixture().cleanStart().persisted(1, "user", "Perfect, thanks!\u00a0"), "content-not-verbatim");
    }
}
