package dev.tracedeck.analysis.rules;

import static dev.tracedeck.analysis.rules.RuleAssertions.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.model.event.EventKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A history that outgrows the window fails the next request; at 80% an agent should act first. */
class ContextRulesTest {

    /** Four dumps, each larger than the last. */
    private static ThreadFixture growing() {
        ThreadFixture f = new ThreadFixture().cleanStart().dump();
        for (int i = 1; i <= 3; i++) {
            f.persisted(i, i % 2 == 1 ? "user" : "assistant", ("Message " + i + " about the trip to Lisbon. ").repeat(6)).dump();
        }
        return f;
    }

    private static List<ContextPoint> points() {
        return new ThreadContext(ChatFormat.GPT_4O).points(growing().thread());
    }

    private static RuleConfig window(int limit) {
        return window("gpt-4o", limit);
    }

    private static RuleConfig window(String model, int limit) {
        RuleParameters d = RuleParameters.DEFAULTS;
        RuleParameters p = new RuleParameters(d.memoryTool(), d.contextTool(), d.listTool(), d.awaitTool(), d.putContextTool(),
                d.controlMessages(), d.flushPeriod(), d.bootstrapListLimit(), d.toolOutputLimit(), d.repeatLimit(),
                model, limit, 0.8);
        return new RuleConfig(p, Map.of());
    }

    @Test
    void theContextGrowsDumpByDumpAndIsALowerBoundOnPreviews() {
        List<ContextPoint> points = points();
        assertEquals(4, points.size());
        for (int i = 1; i < points.size(); i++) {
            assertTrue(points.get(i).count().tokens() > points.get(i - 1).count().tokens());
        }
        assertTrue(!points.get(0).count().exact() && points.get(0).count().estimateReasons().get(0).contains("lower bound"));
    }

    @Test
    void overflowIsReportedOnceWhereTheHistoryFirstOutgrowsTheWindow() {
        int limit = points().get(2).count().tokens() - 1;
        Check check = check(growing(), "context-overflow", window(limit));
        assertEquals(CheckStatus.FAIL, check.status());
        assertEquals(1, check.findings().size());
        Finding f = check.findings().get(0);
        assertEquals(EventKind.STATE, f.evidence().get(0).kind());
        assertTrue(f.message().contains("at least " + String.format("%,d", points().get(2).count().tokens()) + " tokens"), f.message());
        assertTrue(f.message().contains(String.format("over gpt-4o's %,d-token window", limit)), f.message());
        assertTrue(f.message().endsWith("it stays over for 1 more point"), f.message());
        assertEquals(CheckStatus.PASS, check(growing(), "context-overflow", window(points().get(3).count().tokens())).status());
    }

    @Test
    void preflightWarnsWhereTheTriggerIsCrossedInsideTheWindow() {
        int tokens = points().get(3).count().tokens();
        int limit = (int) Math.ceil(tokens / 0.9);  // the last dump is at 90% of the window
        Check check = check(growing(), "context-preflight", window(limit));
        assertEquals(CheckStatus.FAIL, check.status(), check.toString());
        assertEquals(Severity.WARNING, check.findings().get(0).severity());
        assertTrue(check.findings().get(0).message().contains("over the 80% trigger of gpt-4o's"), check.findings().get(0).message());
        assertEquals(CheckStatus.PASS, check(growing(), "context-overflow", window(limit)).status());
    }

    @Test
    void aConfiguredWindowWithNoModelNamedSaysWhichTokenizerCounted() {
        int limit = points().get(2).count().tokens() - 1;
        String message = check(growing(), "context-overflow", window("", limit)).findings().get(0).message();
        assertTrue(message.contains(String.format("over the configured %,d-token window (the trace names no model: "
                + "counted as gpt-4o)", limit)), message);
    }

    @Test
    void aHistoryThatJumpsPastTheWindowIsOverflowsAlone() {
        int limit = points().get(0).count().tokens() - 1;
        assertEquals(CheckStatus.FAIL, check(growing(), "context-overflow", window(limit)).status());
        assertEquals(CheckStatus.PASS, check(growing(), "context-preflight", window(limit)).status());
    }

    @Test
    void theDefaultWindowIsGpt4osAndSmallThreadsPass() {
        assertEquals(CheckStatus.PASS, check(growing(), "context-overflow").status());
        assertEquals(CheckStatus.PASS, check(growing(), "context-preflight").status());
        assertEquals(CheckStatus.NOT_APPLICABLE, check(new ThreadFixture().control("SESSION_START"), "context-overflow").status());
    }
}
