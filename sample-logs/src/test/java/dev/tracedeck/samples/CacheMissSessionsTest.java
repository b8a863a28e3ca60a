package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.SpendParameters;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claude Code sessions in the transcript's shape (a user line, then an assistant line with the model and the usage
 * billed), each built to miss its cache for one recorded reason, or not at all.
 */
class CacheMissSessionsTest {

    @TempDir
    Path dir;

    /** One session's lines: each turn a prompt at {@code time}, answered a second later. */
    private static final class Session {
        private final List<String> lines = new ArrayList<>();
        private String parent = null;
        private int n = 0;

        Session turn(String time, String model, long input, long cacheWrite, long cacheRead) {
            String user = uuid();
            lines.add("{\"parentUuid\":" + quote(parent) + ",\"isSidechain\":false,\"sessionId\":\"s1\",\"type\":\"user\","
                    + "\"message\":{\"role\":\"user\",\"content\":\"Next step " + n + "\"},\"uuid\":\"" + user
                    + "\",\"timestamp\":\"2026-03-02T" + time + ".000Z\"}");
            String answer = uuid();
            lines.add("{\"parentUuid\":\"" + user + "\",\"isSidechain\":false,\"sessionId\":\"s1\",\"type\":\"assistant\","
                    + "\"message\":{\"id\":\"msg_" + n + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"" + model
                    + "\",\"content\":[{\"type\":\"text\",\"text\":\"Done " + n + ".\"}],\"stop_reason\":\"end_turn\","
                    + "\"usage\":{\"input_tokens\":" + input + ",\"cache_creation_input_tokens\":" + cacheWrite
                    + ",\"cache_read_input_tokens\":" + cacheRead + ",\"output_tokens\":40}},\"uuid\":\"" + answer
                    + "\",\"timestamp\":\"2026-03-02T" + time + ".900Z\"}");
            parent = answer;
            return this;
        }

        Session compaction(String time) {
            String id = uuid();
            lines.add("{\"parentUuid\":null,\"logicalParentUuid\":" + quote(parent) + ",\"isSidechain\":false,"
                    + "\"sessionId\":\"s1\",\"type\":\"system\",\"subtype\":\"compact_boundary\",\"content\":\"Conversation compacted\","
                    + "\"compactMetadata\":{\"trigger\":\"auto\",\"preTokens\":160000},\"uuid\":\"" + id
                    + "\",\"timestamp\":\"2026-03-02T" + time + ".000Z\"}");
            parent = id;
            return this;
        }

        private String uuid() {
            n++;
            return String.format("c0000000-0000-4000-8000-%012d", n);
        }

        private static String quote(String s) {
            return s == null ? "null" : "\"" + s + "\"";
        }
    }

    private List<Finding> findings(Session s, RuleConfig config, String rule) throws Exception {
        Path file = dir.resolve("session.jsonl");
        Files.write(file, s.lines);
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        return new Validator(config).validate(trace).findings().stream().filter(f -> f.ruleId().equals(rule)).toList();
    }

    private static final String OPUS = "claude-opus-4-5-20251101";

    /** Every call reads back what the last one cached, a minute apart: no miss. */
    private static Session clean() {
        return new Session().turn("10:00:00", OPUS, 5, 20_000, 0).turn("10:01:00", OPUS, 5, 800, 20_000)
                .turn("10:02:00", OPUS, 5, 600, 20_800);
    }

    @Test
    void aCleanCachedRunHasNoMiss() throws Exception {
        assertEquals(List.of(), findings(clean(), RuleConfig.DEFAULT, "cache-miss"));
    }

    @Test
    void aGapPastFiveMinutesIsAMissWithItsCost() throws Exception {
        Session s = clean().turn("10:09:00", OPUS, 5, 21_400, 0);
        List<Finding> f = findings(s, RuleConfig.DEFAULT, "cache-miss");
        assertEquals(1, f.size(), f.toString());
        String m = f.get(0).message();
        assertTrue(m.contains("read 0 tokens from the cache") && m.contains("left 21,400: 21,400 tokens missed"), m);
        assertTrue(m.contains("At least 6 min 59 s passed since that call, past the cache's 5-minute lifetime"), m);
        // 21,400 opus-4-5 tokens written at $6.25/M instead of read at $0.50/M: $0.12305 more.
        assertTrue(m.endsWith("cost $0.123050 more than reading them"), m);
    }

    @Test
    void aGapWithinTheHourIsNoMissWhereTheCallsWroteHourLongCache() throws Exception {
        Session s = clean();
        String hourLong = s.lines.get(s.lines.size() - 1).replace("\"cache_read_input_tokens\"",
                "\"cache_creation\":{\"ephemeral_5m_input_tokens\":0,\"ephemeral_1h_input_tokens\":600},\"cache_read_input_tokens\"");
        s.lines.set(s.lines.size() - 1, hourLong);
        s.turn("10:09:00", OPUS, 5, 21_400, 0);
        assertEquals(List.of(), findings(s, RuleConfig.DEFAULT, "cache-miss"), "an unexplained fall is no finding");
    }

    @Test
    void aModelSwitchIsAMiss() throws Exception {
        List<Finding> f = findings(clean().turn("10:03:00", "claude-haiku-4-5-20251001", 5, 21_400, 0),
                RuleConfig.DEFAULT, "cache-miss");
        assertEquals(1, f.size(), f.toString());
        assertTrue(f.get(0).message().contains("switched from " + OPUS + " to claude-haiku-4-5-20251001"), f.get(0).message());
    }

    @Test
    void aCompactionIsAMissNamingItsLine() throws Exception {
        List<Finding> f = findings(clean().compaction("10:02:30").turn("10:03:00", OPUS, 5, 3_000, 0),
                RuleConfig.DEFAULT, "cache-miss");
        assertEquals(1, f.size(), f.toString());
        assertTrue(f.get(0).message().contains("The context was compacted at line 7 (auto)"), f.get(0).message());
        assertEquals(3, f.get(0).evidence().size(), "the call, the call before and the compaction");
    }

    @Test
    void aBudgetIsOffUntilSetAndThenJudgesTheThreadAndTheRun() throws Exception {
        assertEquals(List.of(), findings(clean(), RuleConfig.DEFAULT, "budget"));
        RuleConfig tight = new RuleConfig(RuleConfig.DEFAULT.parameters().withSpend(
                new SpendParameters(0.5, 1024, 0.10, 0, 0, 40_000)), Map.of());
        List<Finding> f = findings(clean(), tight, "budget");
        assertEquals(2, f.size(), f.toString());
        assertTrue(f.stream().anyMatch(x -> x.threadId().isEmpty() && x.message().startsWith("the run's model calls billed")
                && x.message().endsWith("over the budget of 40,000 tokens")), f.toString());
        assertTrue(f.stream().anyMatch(x -> !x.threadId().isEmpty() && x.message().contains("over the budget of $0.100000")),
                f.toString());
    }

    @Test
    void aBudgetPricesCallsWithTheTablesTheUserKeptAsTheLedgerDoes() throws Exception {
        // The user's price folder says this model costs nothing: the dollar budget is not exceeded, as `cost` would add
        // it up; the token budget still is.
        Path prices = Files.createDirectories(dir.resolve("prices"));
        Files.writeString(prices.resolve("overrides.json"), "{\"models\": {\"" + OPUS + "\": {\"input_mtok\": 0,"
                + " \"cache_read_mtok\": 0, \"cache_write_mtok\": 0, \"output_mtok\": 0}}}");
        RuleConfig tight = new RuleConfig(RuleConfig.DEFAULT.parameters().withSpend(
                new SpendParameters(0.5, 1024, 0.10, 0, 0, 40_000)), Map.of());
        String before = System.getProperty("tracedeck.prices.dir");
        System.setProperty("tracedeck.prices.dir", prices.toString());
        try {
            List<Finding> f = findings(clean(), tight, "budget");
            assertEquals(1, f.size(), f.toString());
            assertTrue(f.get(0).message().endsWith("over the budget of 40,000 tokens"), f.toString());
        } finally {
            if (before == null) {
                System.clearProperty("tracedeck.prices.dir");
            } else {
                System.setProperty("tracedeck.prices.dir", before);
            }
        }
        assertEquals(2, findings(clean(), tight, "budget").size(), "the bundled table again once the folder moves back");
    }

    /**
     * One recorded Messages exchange, as an SDK recording writes it: the request sent (system prompt, tools, the
     * history) and the response, with the cache usage billed.
     */
    private static String exchange(String system, String tool, int turns, long cacheWrite, long cacheRead) {
        StringBuilder messages = new StringBuilder("{\"role\": \"user\", \"content\": \"Sort the files.\"}");
        for (int t = 1; t < turns; t++) {
            messages.append(", {\"role\": \"assistant\", \"content\": \"Step ").append(t).append(" done.\"}")
                    .append(", {\"role\": \"user\", \"content\": \"Go on.\"}");
        }
        return "{\"request\": {\"method\": \"POST\", \"url\": \"https://api.anthropic.com/v1/messages\", \"body\": "
                + "{\"max_tokens\": 1024, \"model\": \"claude-opus-4-5\", \"system\": \"" + system + "\", \"tools\": "
                + "[{\"name\": \"" + tool + "\", \"description\": \"Lists a folder\", \"input_schema\": {\"type\": \"object\"}}], "
                + "\"messages\": [" + messages + "]}}, \"response\": {\"status_code\": 200, \"body\": {\"model\": "
                + "\"claude-opus-4-5\", \"id\": \"msg_" + turns + "\", \"type\": \"message\", \"role\": \"assistant\", "
                + "\"content\": [{\"type\": \"text\", \"text\": \"Step " + turns + " done.\"}], \"stop_reason\": \"end_turn\", "
                + "\"usage\": {\"input_tokens\": 5, \"cache_creation_input_tokens\": " + cacheWrite
                + ", \"cache_read_input_tokens\": " + cacheRead + ", \"output_tokens\": 20}}}}";
    }

    private List<Finding> recorded(String... exchanges) throws Exception {
        Path file = dir.resolve("recording.jsonl");
        Files.write(file, List.of(exchanges));
        Trace trace = Importers.standard().read(ImportSource.of(file), ImportListener.NONE);
        assertEquals("sdk-recording", trace.format());
        return new Validator(RuleConfig.DEFAULT).validate(trace).findings().stream()
                .filter(f -> f.ruleId().equals("cache-miss")).toList();
    }

    @Test
    void recordedRequestsWithTheSameHeadReadBackAndAreNoMiss() throws Exception {
        assertEquals(List.of(), recorded(exchange("You sort files.", "list_dir", 1, 20_000, 0),
                exchange("You sort files.", "list_dir", 2, 600, 20_000)));
    }

    @Test
    void toolsThatChangedBetweenRecordedRequestsAreAMissNamingTheFirstByteThatDiffers() throws Exception {
        List<Finding> f = recorded(exchange("You sort files.", "list_dir", 1, 20_000, 0),
                exchange("You sort files.", "list_dirs", 2, 20_600, 0));
        assertEquals(1, f.size(), f.toString());
        String m = f.get(0).message();
        // [{"name":"list_dir is the same, 18 bytes; then "," became "s".
        assertTrue(m.contains("The tools sent changed: the request at line 2 differs from the request at line 1's after"
                + " its first 18 bytes: «[{\"name\":\"list_dir\",\"description\":\"Lists a…» became «[{\"name\":\"list_dirs\","
                + "\"description\":\"Lists …»"), m);
        assertTrue(m.contains("a prompt cache holds a prefix only while it is sent byte for byte again"), m);
        assertEquals(4, f.get(0).evidence().size(), "the two calls and the two requests");
    }

    @Test
    void aSystemPromptThatChangedIsAMissNamingWhereItDiffers() throws Exception {
        List<Finding> f = recorded(exchange("You sort files by name.", "list_dir", 1, 20_000, 0),
                exchange("You sort files by date.", "list_dir", 2, 20_600, 0));
        assertEquals(1, f.size(), f.toString());
        String m = f.get(0).message();
        assertTrue(m.contains("The system prompt changed at line 2: differs from the one at line 1 after its first 18 bytes:"
                + " «You sort files by name.» became «You sort files by date.»"), m);
    }
}
