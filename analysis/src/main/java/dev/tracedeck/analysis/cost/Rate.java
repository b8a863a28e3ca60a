package dev.tracedeck.analysis.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * One price of a row: dollars per {@code per} units of its kind (per million tokens for tokens), flat or in tiers.
 * A tier's price applies to every unit of the call once the call's whole input passes its start (the cliff the
 * providers bill: above 200,000 prompt tokens the whole call costs the higher rate).
 */
record Rate(BigDecimal base, List<Tier> tiers) {

    record Tier(long start, BigDecimal price) {
    }

    Rate {
        tiers = List.copyOf(tiers);
    }

    static Rate flat(BigDecimal price) {
        return new Rate(price, List.of());
    }

    /** A number, or {@code {base, tiers: [{start, price}]}}. */
    static Rate of(JsonNode node) {
        if (node.isNumber()) {
            return flat(node.decimalValue());
        }
        if (node.isObject() && node.path("base").isNumber() && node.path("tiers").isArray()) {
            List<Tier> tiers = new ArrayList<>();
            long previous = -1;
            for (JsonNode t : node.get("tiers")) {
                long start = t.path("start").asLong(-1);
                if (start < previous || !t.path("price").isNumber()) {
                    throw new IllegalArgumentException("tiers must rise, each with a start and a price: " + node);
                }
                previous = start;
                tiers.add(new Tier(start, t.get("price").decimalValue()));
            }
            return new Rate(node.get("base").decimalValue(), tiers);
        }
        throw new IllegalArgumentException("a price is a number or {base, tiers}, not " + node);
    }

    /** The price that applies to a call whose whole input was {@code input} tokens: the last tier it passes. */
    BigDecimal at(long input) {
        BigDecimal price = base;
        for (Tier t : tiers) {
            if (input > t.start()) {
                price = t.price();
            }
        }
        return price;
    }

    boolean tiered() {
        return !tiers.isEmpty();
    }
}
