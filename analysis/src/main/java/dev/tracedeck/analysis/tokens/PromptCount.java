package dev.tracedeck.analysis.tokens;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The tokens a request costs: the total the API would report as {@code prompt_tokens}, the same split by
 * category, and whether the count is exact. It is exact only for what the published counting rules cover; for
 * the rest (tool calls replayed in the history, schemas the rule was not measured on, models without a public
 * tokenizer) it is an estimate, and {@code estimateReasons} says why.
 */
public record PromptCount(int tokens, Map<TokenCategory, Integer> byCategory, List<String> estimateReasons) {

    public PromptCount {
        EnumMap<TokenCategory, Integer> copy = new EnumMap<>(TokenCategory.class);
        copy.putAll(byCategory);
        byCategory = Collections.unmodifiableMap(copy);
        estimateReasons = List.copyOf(estimateReasons);
    }

    public boolean exact() {
        return estimateReasons.isEmpty();
    }

    public int of(TokenCategory category) {
        return byCategory.getOrDefault(category, 0);
    }
}
