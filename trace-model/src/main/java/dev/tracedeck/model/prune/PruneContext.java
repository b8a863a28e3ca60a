package dev.tracedeck.model.prune;

import dev.tracedeck.model.tokens.PromptTokens;
import java.util.Objects;

/** What a strategy may measure with: the model's token counter and its context window. */
public record PruneContext(PromptTokens tokens, int contextLimit) {

    public PruneContext {
        Objects.requireNonNull(tokens);
        if (contextLimit <= 0) {
            throw new IllegalArgumentException("context limit " + contextLimit);
        }
    }

    int count(History history) {
        return tokens.count(history.prompt(), java.util.Optional.empty()).tokens();
    }
}
