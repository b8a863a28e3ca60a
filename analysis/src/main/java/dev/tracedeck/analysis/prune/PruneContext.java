package dev.tracedeck.analysis.prune;

import dev.tracedeck.analysis.tokens.PromptTokens;
import dev.tracedeck.model.json.JsonValue;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a strategy may measure with: the model's token counter, its context window, and the tool schemas sent
 * with every request of the history (they take room in the window that no strategy can free).
 */
public record PruneContext(PromptTokens tokens, int contextLimit, Optional<JsonValue> tools) {

    public PruneContext {
        Objects.requireNonNull(tokens);
        Objects.requireNonNull(tools);
        if (contextLimit <= 0) {
            throw new IllegalArgumentException("context limit " + contextLimit);
        }
    }

    public PruneContext(PromptTokens tokens, int contextLimit) {
        this(tokens, contextLimit, Optional.empty());
    }

    int count(History history) {
        return tokens.count(history.prompt(), tools).tokens();
    }

    /** What every request costs whatever its messages: the reply priming and the tool schemas. */
    int fixedTokens() {
        return tokens.count(List.of(), tools).tokens();
    }
}
