package dev.tracedeck.analysis.cost;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * genai-prices' unit registry: each kind of usage (its usage key, {@code cache_read_tokens}) with its price key
 * ({@code cache_read_mtok}), how many units a price is for, and its dimensions. A kind is inside another when its
 * dimensions hold all of the other's: {@code cache_write_1h_tokens} is inside {@code cache_write_tokens}, inside
 * {@code input_tokens}. That containment is how a usage whose counts are totals is cut into the buckets priced.
 */
final class PriceUnits {

    record Unit(String usageKey, String priceKey, long per, Map<String, String> dimensions) {
        Unit {
            dimensions = Map.copyOf(dimensions);
        }

        /** True when {@code other} is a finer kind of this one (strictly). */
        boolean holds(Unit other) {
            return other != this && other.dimensions.size() > dimensions.size()
                    && other.dimensions.entrySet().containsAll(dimensions.entrySet());
        }

        String direction() {
            return dimensions.getOrDefault("direction", "");
        }
    }

    private final Map<String, Unit> byPriceKey = new LinkedHashMap<>();

    PriceUnits(JsonNode registry) {
        registry.fields().forEachRemaining(e -> {
            JsonNode u = e.getValue();
            Map<String, String> dims = new LinkedHashMap<>();
            u.path("dimensions").fields().forEachRemaining(d -> dims.put(d.getKey(), d.getValue().asText()));
            Unit unit = new Unit(e.getKey(), u.path("price_key").asText(), u.path("per").asLong(), dims);
            if (unit.priceKey().isEmpty() || unit.per() <= 0) {
                throw new IllegalArgumentException("unit " + e.getKey() + " has no price key or no per");
            }
            byPriceKey.put(unit.priceKey(), unit);
        });
    }

    Optional<Unit> forPriceKey(String priceKey) {
        return Optional.ofNullable(byPriceKey.get(priceKey));
    }
}
