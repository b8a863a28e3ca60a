package dev.tracedeck.analysis.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A price table in genai-prices' shape (its v2 feed: a list of providers, each with its models and their prices),
 * and how a model name a trace records finds its row there — as genai-prices' own packages find it, with the
 * provider prefixes LiteLLM and gateways write ({@code anthropic/…}, {@code bedrock/…}) taken as the provider.
 */
public final class PriceTable {

    record Model(String id, MatchRule match, DatedPrices prices) {
    }

    record Provider(String id, Optional<MatchRule> providerMatch, Optional<MatchRule> modelMatch,
                    List<String> fallbacks, List<Model> models) {
    }

    /** A dated name's date, {@code -20250514}, which genai-prices also tries written as {@code -2025-05-14}. */
    private static final Pattern COMPACT_DATE = Pattern.compile("-(20\\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])(?=-|:|$)");

    private final String name;
    private final List<Provider> providers;

    PriceTable(String name, List<Provider> providers) {
        this.name = name;
        this.providers = List.copyOf(providers);
    }

    /** A genai-prices feed: its providers array. */
    static PriceTable genaiPrices(String name, JsonNode feed) {
        if (!feed.isArray()) {
            throw new IllegalArgumentException("a genai-prices table is a list of providers");
        }
        List<Provider> providers = new ArrayList<>();
        for (JsonNode p : feed) {
            List<Model> models = new ArrayList<>();
            for (JsonNode m : p.path("models")) {
                models.add(new Model(m.path("id").asText(), MatchRule.of(m.get("match")), DatedPrices.of(m.get("prices"))));
            }
            List<String> fallbacks = new ArrayList<>();
            p.path("fallback_model_providers").forEach(f -> fallbacks.add(f.asText()));
            providers.add(new Provider(p.path("id").asText(), rule(p.get("provider_match")), rule(p.get("model_match")),
                    fallbacks, models));
        }
        return new PriceTable(name, providers);
    }

    private static Optional<MatchRule> rule(JsonNode node) {
        return node == null || node.isNull() ? Optional.empty() : Optional.of(MatchRule.of(node));
    }

    public String name() {
        return name;
    }

    int models() {
        return providers.stream().mapToInt(p -> p.models().size()).sum();
    }

    /**
     * The row of {@code model}: with a provider prefix the table knows ({@code openai/gpt-4o}, {@code bedrock/…}),
     * in that provider's models; else in the models of the first provider whose names match; each time as written,
     * then with a compact date spelt out.
     */
    public Optional<PriceRow> find(String model) {
        String n = model.strip().toLowerCase(Locale.ROOT);
        if (n.isEmpty()) {
            return Optional.empty();
        }
        int slash = n.indexOf('/');
        if (slash > 0 && slash < n.length() - 1) {
            String prefix = n.substring(0, slash);
            String rest = n.substring(slash + 1);
            Optional<Provider> named = byId(prefix);
            if (named.isPresent()) {
                Optional<PriceRow> row = inProvider(named.get(), rest, "provider prefix " + prefix + "/");
                if (row.isPresent()) {
                    return row;
                }
            }
            Optional<PriceRow> whole = byModelName(n);
            return whole.isPresent() ? whole : find(rest).map(r -> new PriceRow(r.table(), r.provider(), r.model(),
                    r.prices(), "prefix " + prefix + "/ dropped; " + r.via()));
        }
        return byModelName(n);
    }

    private Optional<PriceRow> byModelName(String n) {
        for (Provider p : providers) {
            if (p.modelMatch().isPresent() && p.modelMatch().get().matches(n)) {
                return inProvider(p, n, "named like " + p.id() + "'s models");
            }
        }
        return Optional.empty();
    }

    private Optional<PriceRow> inProvider(Provider provider, String n, String via) {
        Optional<PriceRow> row = withFallbacks(provider, n, via, true);
        if (row.isEmpty()) {
            String spelt = spellDates(n);
            if (!spelt.equals(n)) {
                row = withFallbacks(provider, spelt, via + ", date spelt " + spelt, true);
            }
        }
        return row;
    }

    private Optional<PriceRow> withFallbacks(Provider provider, String n, String via, boolean fallBack) {
        for (Model m : provider.models()) {
            if (m.match().matches(n)) {
                return Optional.of(new PriceRow(name, provider.id(), m.id(), m.prices(), via));
            }
        }
        if (fallBack) {
            for (String id : provider.fallbacks()) {
                Optional<Provider> other = providers.stream().filter(p -> p.id().equals(id)).findFirst();
                Optional<PriceRow> row = other.flatMap(p -> withFallbacks(p, n, via + ", " + provider.id()
                        + " falls back to " + id, false));
                if (row.isPresent()) {
                    return row;
                }
            }
        }
        return Optional.empty();
    }

    /** The provider of that id, else the first whose provider names match it ({@code bedrock} is AWS's). */
    private Optional<Provider> byId(String id) {
        for (Provider p : providers) {
            if (p.id().equals(id)) {
                return Optional.of(p);
            }
        }
        return providers.stream().filter(p -> p.providerMatch().isPresent() && p.providerMatch().get().matches(id))
                .findFirst();
    }

    static String spellDates(String n) {
        Matcher m = COMPACT_DATE.matcher(n);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, "-" + m.group(1) + "-" + m.group(2) + "-" + m.group(3));
        }
        m.appendTail(out);
        return out.toString();
    }
}
