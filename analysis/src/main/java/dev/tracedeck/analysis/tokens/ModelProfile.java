package dev.tracedeck.analysis.tokens;

import java.util.Objects;
import java.util.Optional;

/**
 * What Tracedeck knows of a model: its context window and how to count its tokens.
 *
 * @param name         the profile's name, e.g. {@code gpt-4o}
 * @param contextLimit the context window in tokens
 * @param format       the chat framing and encoding when the model's tokenizer is public; empty for models
 *                     without one (Claude), whose counts are estimates made with {@link #ESTIMATE_FORMAT}
 */
public record ModelProfile(String name, int contextLimit, Optional<ChatFormat> format) {

    /** What counts stand in for a model without a public tokenizer. */
    public static final ChatFormat ESTIMATE_FORMAT = ChatFormat.GPT_4O;

    public ModelProfile {
        Objects.requireNonNull(name);
        if (contextLimit <= 0) {
            throw new IllegalArgumentException("context limit " + contextLimit);
        }
        Objects.requireNonNull(format);
    }

    public boolean exactTokenizer() {
        return format.isPresent();
    }

    public ModelProfile withContextLimit(int tokens) {
        return new ModelProfile(name, tokens, format);
    }
}
