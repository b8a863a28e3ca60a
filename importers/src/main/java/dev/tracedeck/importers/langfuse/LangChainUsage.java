package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.model.recorded.TokenUsage;
import java.util.Optional;

/**
 * The usage a LangChain chat model's answer carries, where Langfuse recorded none for its generation: the output is the
 * {@code AIMessage} (or {@code AIMessageChunk}) as a dict, or serialized ({@code {lc, type, id, kwargs}}), whose
 * {@code usage_metadata} holds {@code input_tokens} (the whole prompt, cached tokens included),
 * {@code output_tokens} and {@code input_token_details} ({@code cache_read}, {@code cache_creation}).
 */
final class LangChainUsage {

    private LangChainUsage() {
    }

    static Optional<TokenUsage> of(JsonNode output) {
        JsonNode message = output.path("kwargs").isObject() ? output.get("kwargs") : output;
        JsonNode usage = message.path("usage_metadata");
        JsonNode input = usage.path("input_tokens");
        if (!input.isIntegralNumber() || input.asLong() < 0) {
            return Optional.empty();
        }
        JsonNode details = usage.path("input_token_details");
        return Optional.of(new TokenUsage(input.asLong(), count(details, "cache_read"), count(details, "cache_creation"),
                count(usage, "output_tokens")));
    }

    private static long count(JsonNode node, String key) {
        JsonNode v = node.path(key);
        return v.isIntegralNumber() && v.asLong() > 0 ? v.asLong() : 0;
    }
}
