package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ledger against the miscounts cost tools are known for, each in a file of our own in the shape its format
 * writes. Every figure is worked out by hand from the bundled genai-prices rows (per million tokens): Claude Sonnet
 * 4.5 input $3, cache read $0.30, 5-minute write $3.75, 1-hour write $6, output $15 (twice that above 200,000 prompt
 * tokens, output $22.50); GPT-4o $2.50 / $1.25 / $10; o4-mini $1.10 / $0.275 / $4.40; GPT-5 $1.25 / $0.125 / $10.
 */
class CostCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path DIR = Path.of("src/test/resources/dev/tracedeck/cli/cost");

    @TempDir
    Path prices;

    @BeforeEach
    void ownPriceFolder() {
        System.setProperty(PricesCommand.DIR_PROPERTY, prices.toString());
    }

    @AfterEach
    void noPriceFolder() {
        System.clearProperty(PricesCommand.DIR_PROPERTY);
    }

    private JsonNode cost(String... args) throws Exception {
        String[] all = new String[args.length + 3];
        all[0] = "cost";
        all[1] = "--json";
        all[2] = "--no-workspace";
        System.arraycopy(args, 0, all, 3, args.length);
        CliRun run = CliRun.of(all);
        assertEquals(ExitCodes.OK, run.code(), run.err());
        return JSON.readTree(run.out());
    }

    private static String file(String name) {
        return DIR.resolve(name).toString();
    }

    private static JsonNode calls(JsonNode report, int file) {
        return report.get("files").get(file).get("groups");
    }

    @Test
    void oneHourCacheWritesPayTheHourRateNotTheFiveMinuteOne() throws Exception {
        JsonNode call = calls(cost("--by", "call", file("claude-code-cache-ttl.jsonl")), 0).get(0).get("call");
        // 10 × 3 + 100,000 × 0.30 + 10,000 × 3.75 + 40,000 × 6 + 500 × 15: at the 5-minute rate it would be 225,030.
        assertEquals(315_030, call.get("microdollars").asLong());
        JsonNode hour = null;
        for (JsonNode line : call.get("lines")) {
            if (line.get("priceKey").asText().equals("cache_write_1h_mtok")) {
                hour = line;
            }
        }
        assertEquals(40_000, hour.get("units").asLong());
        assertEquals("6", hour.get("rate").asText());
        assertEquals("recorded", call.get("origin").asText());
        assertEquals("anthropic", call.get("recorded").get("convention").asText());
    }

    @Test
    void aStreamedMessageOverSeveralLinesIsBilledOnceAndATierAppliesToTheWholeCall() throws Exception {
        JsonNode file = cost(file("claude-code-cache-ttl.jsonl")).get("files").get(0);
        // 315,030 + 46,515 (5 × 3 + 150,000 × 0.30 + 100 × 15) + 160,500 above 200,000 prompt tokens
        // (1,000 × 6 + 250,000 × 0.60 + 200 × 22.50); its three lines counted three times would be 1,038,105.
        assertEquals(522_045, file.get("total").get("microdollars").asLong());
        assertEquals(3, file.get("total").get("calls").asInt());
        assertEquals("$0.522045", file.get("total").get("text").asText());
    }

    @Test
    void aResponseRecordedInTwoFilesIsCountedOnce() throws Exception {
        JsonNode report = cost(file("claude-code-cache-ttl.jsonl"), file("claude-code-resumed-copy.jsonl"));
        assertEquals(522_045, report.get("total").get("microdollars").asLong());
        JsonNode copy = report.get("files").get(1).get("total");
        assertEquals(0, copy.get("calls").asInt());
        assertEquals(2, copy.get("duplicateRecords").asInt());
    }

    @Test
    void aCompactionStepIsBilledAndAnAdvisorIsACallOfItsOwnModel() throws Exception {
        JsonNode report = cost("--by", "call", file("anthropic-compaction-and-advisor.json"));
        JsonNode file = report.get("files").get(0);
        JsonNode own = calls(report, 0).get(0).get("call");
        // The top-level usage leaves the compaction out: (100,000 + 10,000) × 3 + (2,000 + 500) × 15.
        assertEquals("claude-sonnet-4-5", own.get("model").asText());
        assertEquals(367_500, own.get("microdollars").asLong());
        JsonNode advisor = calls(report, 0).get(1).get("call");
        // Claude Opus 4.1: 3,000 × 15 + 400 × 75.
        assertEquals("claude-opus-4-1", advisor.get("model").asText());
        assertEquals(75_000, advisor.get("microdollars").asLong());
        assertEquals(2, file.get("total").get("calls").asInt());
        assertEquals(442_500, file.get("total").get("microdollars").asLong());
    }

    @Test
    void reasoningTokensArePricedInsideTheOutput() throws Exception {
        JsonNode call = calls(cost("--by", "call", file("openai-reasoning.json")), 0).get(0).get("call");
        // 500 × 1.10 + 1,500 × 0.275 + 3,000 × 4.40 = 14,162.5, rounded half-even; without the 2,500 reasoning
        // tokens it would be 3,162.5.
        assertEquals(14_162, call.get("microdollars").asLong());
        assertEquals(2_500, call.get("recorded").get("reasoning").asLong());
        assertEquals(3_000, call.get("recorded").get("output").asLong());
    }

    @Test
    void anUnknownModelIsUnpricedNeverFree() throws Exception {
        JsonNode report = cost(file("openai-unknown-model.json"), file("openai-cached-inside.json"));
        JsonNode unknown = report.get("files").get(0).get("total");
        assertTrue(unknown.get("atLeast").asBoolean());
        assertEquals(1, unknown.get("unpricedCalls").asInt());
        assertEquals("≥ $0.000000 + 1 unpriced call", unknown.get("text").asText());
        assertEquals("UNPRICED", report.get("files").get(0).get("groups").get(0).get("priceRows").get(0).asText());
        assertEquals("≥ $0.016000 + 1 unpriced call", report.get("total").get("text").asText());
    }

    @Test
    void cachedTokensAreInsideOpenAisInputAndApartFromAnthropics() throws Exception {
        // Both bills read 2,000 uncached and 8,000 cached prompt tokens, each provider writing them its own way.
        JsonNode report = cost("--by", "call", file("openai-cached-inside.json"), file("anthropic-cache-apart.json"));
        JsonNode openAi = calls(report, 0).get(0);
        JsonNode anthropic = calls(report, 1).get(0);
        for (JsonNode g : new JsonNode[] {openAi, anthropic}) {
            assertEquals(2_000, g.get("total").get("tokens").get("input").asLong());
            assertEquals(8_000, g.get("total").get("tokens").get("cacheRead").asLong());
        }
        assertEquals(16_000, openAi.get("call").get("microdollars").asLong(), "2,000 × 2.50 + 8,000 × 1.25 + 100 × 10");
        assertEquals(9_900, anthropic.get("call").get("microdollars").asLong(), "2,000 × 3 + 8,000 × 0.30 + 100 × 15");
    }

    @Test
    void codexRepeatingAToken_countIsOneCall() throws Exception {
        JsonNode file = cost(file("codex-repeated-token-count.jsonl")).get("files").get(0);
        // 8,000 × 1.25 + 4,000 × 0.125 + 600 × 10, then 2,000 × 1.25 + 11,000 × 0.125 + 300 × 10.
        assertEquals(2, file.get("total").get("calls").asInt());
        assertEquals(16_500 + 6_875, file.get("total").get("microdollars").asLong());
        assertEquals(500, file.get("total").get("tokens").get("reasoning").asLong());
    }

    @Test
    void overridesPriceWhatNoTableDoesAndAStoredTableIsUsedAndNamed() throws Exception {
        Path overrides = prices.resolve("mine.json");
        Files.writeString(overrides, "{\"models\": {\"acme-reasoner-7\": {\"input_mtok\": 1, \"output_mtok\": 2}}}");
        JsonNode total = cost("--price-overrides", overrides.toString(), file("openai-unknown-model.json")).get("total");
        assertFalse(total.get("atLeast").asBoolean());
        assertEquals(4_000 + 600, total.get("microdollars").asLong());

        Path table = prices.resolve("litellm-in.json");
        Files.writeString(table, "{\"acme-reasoner-7\": {\"litellm_provider\": \"acme\", \"input_cost_per_token\": 5e-06,"
                + " \"output_cost_per_token\": 1e-05}}");
        CliRun update = CliRun.of("prices", "update", "--from", table.toString());
        assertEquals(ExitCodes.OK, update.code(), update.err());
        JsonNode report = cost(file("openai-unknown-model.json"));
        assertEquals(4_000 * 5 + 300 * 10, report.get("total").get("microdollars").asLong());
        assertEquals("litellm", report.get("prices").get(1).get("role").asText());
        assertEquals(ExitCodes.OK, CliRun.of("prices", "reset").code());
        assertTrue(cost(file("openai-unknown-model.json")).get("total").get("atLeast").asBoolean());
    }

    @Test
    void aTableThatIsNotOneIsRefusedInOneLine() throws Exception {
        Path bad = prices.resolve("bad.json");
        Files.writeString(bad, "[{\"id\": \"x\", \"models\": [{\"id\": \"m\", \"match\": {\"sounds_like\": \"m\"}, \"prices\": {}}]}]");
        CliRun run = CliRun.of("prices", "update", "--from", bad.toString());
        assertEquals(ExitCodes.USAGE, run.code());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("sounds_like"), run.err());
    }

    @Test
    void textSaysWhereEachFigureComesFrom() {
        CliRun run = CliRun.of("cost", "--no-workspace", file("openai-unknown-model.json"), file("claude-code-cache-ttl.jsonl"));
        assertEquals(ExitCodes.OK, run.code(), run.err());
        assertTrue(run.out().contains("total ≥ $0.000000 + 1 unpriced call  (1 call: 1 recorded, 0 estimated)"), run.out());
        assertTrue(run.out().contains("anthropic/claude-sonnet-4-5 (genai-prices "), run.out());
        assertTrue(run.out().contains("prices: genai-prices 0.1.8 (2026-09-23) — bundled: npm @pydantic/genai-prices@0.1.8, MIT"), run.out());
    }

    @Test
    void validatesTextReportEndsWithWhatTheCallsCost() {
        CliRun run = CliRun.of("validate", "--no-workspace", file("claude-code-cache-ttl.jsonl"));
        assertTrue(run.out().contains("cost of " + file("claude-code-cache-ttl.jsonl") + ": $0.522045 (3 calls: 3 recorded,"
                + " 0 estimated), priced with genai-prices 0.1.8 (2026-09-23)"), run.out());
        CliRun json = CliRun.of("validate", "--no-workspace", "--format", "json", file("claude-code-cache-ttl.jsonl"));
        assertFalse(json.out().contains("cost of"), "the JSON report has its cost as an object, not the text's line");
    }

    @Test
    void validatesJsonReportHasEachFilesCostAsAnObject() throws Exception {
        CliRun run = CliRun.of("validate", "--no-workspace", "--format", "json", file("claude-code-cache-ttl.jsonl"),
                file("openai-unknown-model.json"));
        JsonNode files = JSON.readTree(run.out()).get("files");
        JsonNode priced = files.get(0).get("cost");
        assertEquals(522045, priced.get("microdollars").asLong());
        assertEquals("0.522045", priced.get("dollars").asText());
        assertEquals("$0.522045", priced.get("text").asText());
        assertFalse(priced.get("atLeast").asBoolean());
        assertEquals(3, priced.get("calls").asInt());
        assertEquals(0, priced.get("unpricedCalls").asInt());
        assertEquals(3, priced.get("recordedCalls").asInt());
        assertEquals(0, priced.get("estimatedCalls").asInt());
        JsonNode unpriced = files.get(1).get("cost");
        assertEquals(0, unpriced.get("microdollars").asLong());
        assertTrue(unpriced.get("atLeast").asBoolean(), "an unpriced call makes the total a lower bound, never $0");
        assertEquals(1, unpriced.get("unpricedCalls").asInt());
        assertEquals("≥ $0.000000 + 1 unpriced call", unpriced.get("text").asText());
    }

    @Test
    void aFileWithoutModelCallsHasNoCostInTheJsonReport() throws Exception {
        JsonNode file = JSON.readTree(CliRun.of("validate", "--no-workspace", "--format", "json",
                CliRun.BEFORE.toString()).out()).get("files").get(0);
        assertFalse(file.has("cost"), file.toString());
    }

    @Test
    void aFileThatCantBeReadExitsTwo() {
        assertEquals(ExitCodes.USAGE, CliRun.of("cost", "--no-workspace", file("no-such-file.jsonl")).code());
    }
}
