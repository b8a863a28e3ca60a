package dev.tracedeck.engine.freeze;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How a request is frozen.
 *
 * @param as        the API to write it for; empty for the one the trace names
 * @param baseUrl   where to send it, "" for the provider's own
 * @param model     the model to ask for when the trace names none (or to ask for another)
 * @param maxTokens Anthropic's required {@code max_tokens} when the trace recorded none
 */
public record FreezeOptions(Optional<Provider> as, String baseUrl, Optional<String> model, OptionalInt maxTokens) {

    /** When the trace recorded no {@code max_tokens}, which Anthropic requires. */
    public static final int DEFAULT_MAX_TOKENS = 4096;

    public static final FreezeOptions DEFAULT = new FreezeOptions(Optional.empty(), "", Optional.empty(), OptionalInt.empty());

    public FreezeOptions {
        Objects.requireNonNull(as);
        Objects.requireNonNull(baseUrl);
        Objects.requireNonNull(model);
        Objects.requireNonNull(maxTokens);
    }

    public FreezeOptions as(Provider provider) {
        return new FreezeOptions(Optional.of(provider), baseUrl, model, maxTokens);
    }
}
