package dev.tracedeck.analysis.cost;

/**
 * The row of a price table a model name resolved to: which table, which provider's row, and why.
 *
 * @param table    the table's name and version ({@code genai-prices 0.1.8})
 * @param provider the provider whose row it is ({@code anthropic}, {@code aws}, a LiteLLM provider …)
 * @param model    the row's id in that table ({@code claude-sonnet-4-0})
 * @param prices   its prices
 * @param via      how the name was resolved to it ({@code matched}, {@code provider prefix anthropic/} …)
 */
public record PriceRow(String table, String provider, String model, DatedPrices prices, String via) {

    /** One line for a reader: {@code anthropic/claude-sonnet-4-0 (genai-prices 0.1.8)}. */
    public String label() {
        return provider + "/" + model + " (" + table + ")";
    }
}
