package dev.tracedeck.analysis.tokens;

/**
 * How a model family frames a chat request in tokens, as OpenAI's cookbook ("How to count tokens with tiktoken")
 * measured against the API's reported {@code prompt_tokens}: every message costs {@code perMessage} tokens of
 * framing around its values, a {@code name} one more, the reply is primed with {@code replyPriming} tokens; a
 * tool schema costs {@code functionStart} per function, {@code propertiesStart} when it has properties,
 * {@code perProperty} per property, {@code enumStart} (negative) and {@code perEnumItem} for enums, and
 * {@code functionsEnd} once.
 */
public record ChatFormat(TokenEncoding encoding, int perMessage, int perName, int replyPriming, int functionStart,
                         int propertiesStart, int perProperty, int enumStart, int perEnumItem, int functionsEnd) {

    /** GPT-4o and GPT-4o-mini (o200k_base): 124 and 101 tokens for the cookbook's two reference requests. */
    public static final ChatFormat GPT_4O = new ChatFormat(TokenEncoding.O200K_BASE, 3, 1, 3, 7, 3, 3, -3, 3, 12);
    /** GPT-4 and GPT-3.5-turbo (cl100k_base): 129 and 105 tokens for the same requests. */
    public static final ChatFormat GPT_4 = new ChatFormat(TokenEncoding.CL100K_BASE, 3, 1, 3, 10, 3, 3, -3, 3, 12);
}
