package dev.tracedeck.analysis.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A price table keyed by model name, matched whole (ignoring case), then without its provider prefix, then with a
 * compact date spelt out: LiteLLM's {@code model_prices_and_context_window.json}, and the user's overrides.
 */
public final class NamedPrices {

    private record Entry(String provider, String model, DatedPrices prices) {
    }

    /** LiteLLM's per-token fields and the genai-prices price keys they are (per million tokens). */
    private static final Map<String, String> LITELLM_KEYS = Map.of(
            "input_cost_per_token", "input_mtok",
            "output_cost_per_token", "output_mtok",
            "cache_read_input_token_cost", "cache_read_mtok",
            "cache_creation_input_token_cost", "cache_write_mtok",
            "cache_creation_input_token_cost_above_1hr", "cache_write_1h_mtok",
            "output_cost_per_reasoning_token", "output_reasoning_mtok",
            "input_cost_per_audio_token", "input_audio_mtok",
            "output_cost_per_audio_token", "output_audio_mtok");
    private static final Pattern ABOVE = Pattern.compile("(.+)_above_(\\d+)k_tokens");
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    private final String name;
    private final Map<String, Entry> entries;

    private NamedPrices(String name, Map<String, Entry> entries) {
        this.name = name;
        this.entries = entries;
    }

    public String name() {
        return name;
    }

    int models() {
        return entries.size();
    }

    /**
     * LiteLLM's table: an object of model names, each with its {@code litellm_provider} and costs per token; a
     * {@code …_above_200k_tokens} cost is the tier above that many prompt tokens. Rows with no token price (images,
     * the {@code sample_spec}) are not prices of tokens and are left out.
     */
    static NamedPrices liteLlm(String name, JsonNode table) {
        if (!table.isObject()) {
            throw new IllegalArgumentException("a LiteLLM table is an object of model names");
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        table.fields().forEachRemaining(e -> {
            JsonNode row = e.getValue();
            if (!row.isObject() || !row.path("input_cost_per_token").isNumber() && !row.path("output_cost_per_token").isNumber()) {
                return;
            }
            Map<String, BigDecimal> base = new LinkedHashMap<>();
            Map<String, Map<Long, BigDecimal>> tiers = new LinkedHashMap<>();
            row.fields().forEachRemaining(f -> {
                if (!f.getValue().isNumber()) {
                    return;
                }
                BigDecimal perMillion = f.getValue().decimalValue().multiply(MILLION).stripTrailingZeros();
                Matcher above = ABOVE.matcher(f.getKey());
                if (LITELLM_KEYS.containsKey(f.getKey())) {
                    base.put(LITELLM_KEYS.get(f.getKey()), perMillion);
                } else if (above.matches() && LITELLM_KEYS.containsKey(above.group(1))) {
                    tiers.computeIfAbsent(LITELLM_KEYS.get(above.group(1)), k -> new java.util.TreeMap<>())
                            .put(Long.parseLong(above.group(2)) * 1000, perMillion);
                }
            });
            Map<String, Rate> rates = new LinkedHashMap<>();
            base.forEach((key, price) -> {
                List<Rate.Tier> list = new ArrayList<>();
                tiers.getOrDefault(key, Map.of()).forEach((start, p) -> list.add(new Rate.Tier(start, p)));
                rates.put(key, new Rate(price, list));
            });
            String model = e.getKey().toLowerCase(Locale.ROOT);
            entries.put(model, new Entry(row.path("litellm_provider").asText("litellm"), e.getKey(),
                    new DatedPrices(List.of(new DatedPrices.Period(rates, Optional.empty(), Optional.empty())))));
        });
        return new NamedPrices(name, entries);
    }

    /**
     * The user's overrides: {@code {"models": {"NAME": PRICES}}}, PRICES as a genai-prices row writes them (price
     * keys per million tokens, tiers, dated lists).
     */
    static NamedPrices overrides(String name, JsonNode file) {
        JsonNode models = file.path("models");
        if (!models.isObject()) {
            throw new IllegalArgumentException("an overrides file is {\"models\": {\"NAME\": {\"input_mtok\": …}}}");
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        models.fields().forEachRemaining(e -> entries.put(e.getKey().strip().toLowerCase(Locale.ROOT),
                new Entry("override", e.getKey(), DatedPrices.of(e.getValue()))));
        return new NamedPrices(name, entries);
    }

    public Optional<PriceRow> find(String model) {
        String n = model.strip().toLowerCase(Locale.ROOT);
        Optional<PriceRow> row = exact(n, "named");
        int slash = n.indexOf('/');
        if (row.isEmpty() && slash > 0) {
            row = exact(n.substring(slash + 1), "prefix " + n.substring(0, slash + 1) + " dropped");
        }
        String spelt = PriceTable.spellDates(n);
        if (row.isEmpty() && !spelt.equals(n)) {
            row = exact(spelt, "date spelt " + spelt);
        }
        return row;
    }

    private Optional<PriceRow> exact(String n, String via) {
        Entry e = entries.get(n);
        return e == null ? Optional.empty() : Optional.of(new PriceRow(name, e.provider(), e.model(), e.prices(), via));
    }
}
