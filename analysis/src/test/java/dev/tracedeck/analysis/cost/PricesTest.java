package dev.tracedeck.analysis.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.model.recorded.BilledUsage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PricesTest {

    private static final Prices BUNDLED = Prices.bundled();

    private static String row(String model) {
        return BUNDLED.find(model).map(r -> r.provider() + "/" + r.model()).orElse("UNPRICED");
    }

    @Test
    void prefixesAndDatedNamesResolveToTheirRow() {
        assertEquals("anthropic/claude-sonnet-4-0", row("claude-sonnet-4-20250514"));
        assertEquals("anthropic/claude-sonnet-4-0", row("anthropic/claude-sonnet-4-20250514"));
        assertEquals("anthropic/claude-sonnet-4-0", row("claude-sonnet-4@20250514"));
        assertEquals("openai/gpt-4o", row("gpt-4o-2024-08-06"));
        assertEquals("openai/gpt-4o", row("openai/gpt-4o"));
        assertEquals("google/gemini-2.5-flash", row("vertex_ai/gemini-2.5-flash"));
        assertTrue(row("bedrock/us.anthropic.claude-sonnet-4-20250514-v1:0").startsWith("aws/"));
        assertEquals("UNPRICED", row("acme-reasoner-7"));
        assertEquals("UNPRICED", row(""));
    }

    @Test
    void aCompactDateIsAlsoTriedSpeltOut() {
        assertEquals("claude-x-2025-05-14-v1", PriceTable.spellDates("claude-x-20250514-v1"));
        assertEquals("claude-x-20251399", PriceTable.spellDates("claude-x-20251399"), "no month 13");
    }

    @Test
    void eachBucketPaysItsOwnRateTheFinerOnesTakenOut() {
        PriceRow sonnet = BUNDLED.find("claude-sonnet-4-5").orElseThrow();
        // 100 uncached, 1,000 read, 300 written for 5 minutes and 200 for an hour; 50 out.
        BilledUsage bill = BilledUsage.anthropic("msg", 100, 500, 200, 1_000, 50);
        CallPricing.Priced priced = BUNDLED.price(bill, sonnet, Optional.empty());
        assertEquals(100 * 3 + 1_000 * 0.3 + 300 * 3.75 + 200 * 6 + 50 * 15, priced.microdollars(), 0.5);
    }

    @Test
    void aTierAppliesToTheWholeCallOnceItsWholeInputPassesTheStart() {
        PriceRow sonnet = BUNDLED.find("claude-sonnet-4-5").orElseThrow();
        BilledUsage below = BilledUsage.anthropic("a", 0, 0, 0, 200_000, 0);
        BilledUsage above = BilledUsage.anthropic("b", 1, 0, 0, 200_000, 0);
        assertEquals(60_000, BUNDLED.price(below, sonnet, Optional.empty()).microdollars());
        assertEquals(120_006, BUNDLED.price(above, sonnet, Optional.empty()).microdollars());
    }

    @Test
    void datedPricesApplyByTheCallsTime() {
        PriceRow o3 = BUNDLED.find("o3").orElseThrow();
        BilledUsage bill = BilledUsage.openAi("r", 1_000, 0, 1_000, 0, 0, 0);
        assertEquals(50_000, BUNDLED.price(bill, o3, Optional.of(Instant.parse("2025-05-01T00:00:00Z"))).microdollars());
        assertEquals(10_000, BUNDLED.price(bill, o3, Optional.of(Instant.parse("2025-07-01T00:00:00Z"))).microdollars());
    }

    @Test
    void reasoningInsideOpenAisOutputIsPricedAsOutput() {
        PriceRow mini = BUNDLED.find("o4-mini").orElseThrow();
        BilledUsage bill = BilledUsage.openAi("r", 0, 0, 1_000, 900, 0, 0);
        assertEquals(4_400, BUNDLED.price(bill, mini, Optional.empty()).microdollars());
    }

    @Test
    void liteLlmRowsBecomePerMillionRatesWithTheirTiers() throws Exception {
        NamedPrices lite = NamedPrices.liteLlm("LiteLLM", new ObjectMapper().readTree("{\"sample_spec\": {\"mode\": \"chat\"},"
                + "\"acme/big-1\": {\"litellm_provider\": \"acme\", \"input_cost_per_token\": 2e-06,"
                + " \"input_cost_per_token_above_200k_tokens\": 4e-06, \"output_cost_per_token\": 1e-05}}"));
        PriceRow row = lite.find("big-1").isPresent() ? lite.find("big-1").get() : lite.find("acme/big-1").orElseThrow();
        Rate input = row.prices().at(Optional.empty(), Instant.now()).rates().get("input_mtok");
        assertEquals(0, new BigDecimal("2").compareTo(input.at(10)));
        assertEquals(0, new BigDecimal("4").compareTo(input.at(200_001)));
        assertEquals(1, lite.models());
    }

    @Test
    void microdollarsRoundHalfEvenOncePerBucket() {
        assertEquals(2, CallPricing.microdollars(5, new BigDecimal("0.5"), 1_000_000));
        assertEquals(4, CallPricing.microdollars(7, new BigDecimal("0.5"), 1_000_000));
        assertEquals(10_000, CallPricing.microdollars(1, BigDecimal.TEN, 1_000));
    }

    @Test
    void anUnpricedTotalReadsAtLeast() {
        CostTotal t = new CostTotal(1_234_567, 3, 2, 0, 0, CostTotal.Buckets.ZERO);
        assertEquals("≥ $1.234567 + 2 unpriced calls", t.text());
        assertEquals("$0.000001", CostTotal.dollars(1));
    }
}
