package dev.tracedeck.model.recorded;

import java.util.Objects;

/**
 * The tokens a provider billed for one response, every count the usage record holds, in one convention: each count
 * a total of its kind, its finer kinds inside it. {@code input} is every prompt token (cached, written to the cache,
 * audio), {@code output} every answer token (reasoning and audio included). Providers write their usage otherwise —
 * Anthropic's {@code input_tokens} leaves out the cache reads and writes, OpenAI's counts its cached tokens inside —
 * so the factories take each as written.
 *
 * <p>This is the bill, not the context: where the API sampled the model several times inside one response (server
 * tools), the counts are the sum the provider charged, not what any one sampling read ({@link TokenUsage} is that).
 *
 * @param id           the provider's id of the response or message ({@code msg_…}, {@code chatcmpl-…},
 *                     {@code resp_…}), "" when none was recorded: two records of one id are one response billed once
 * @param input        every input token
 * @param cacheRead    of those, read from the prompt cache
 * @param cacheWrite   of those, written to the prompt cache, whatever its lifetime
 * @param cacheWrite1h of the writes, those written for an hour (Anthropic's {@code ephemeral_1h_input_tokens}); the
 *                     rest were written for the default five minutes
 * @param output       every output token
 * @param reasoning    of those, the model's reasoning (OpenAI's {@code reasoning_tokens}), 0 when not recorded apart
 * @param inputAudio   of the input, audio tokens
 * @param outputAudio  of the output, audio tokens
 * @param convention   how the record counted them, for the reader: {@code anthropic} (cache apart from input),
 *                     {@code openai} (cache inside input, reasoning inside output), {@code total} (a prompt total
 *                     with its cached share, as the trace model holds it)
 */
public record BilledUsage(String id, long input, long cacheRead, long cacheWrite, long cacheWrite1h, long output,
                          long reasoning, long inputAudio, long outputAudio, String convention) {

    public BilledUsage {
        Objects.requireNonNull(id);
        Objects.requireNonNull(convention);
        if (input < 0 || cacheRead < 0 || cacheWrite < 0 || cacheWrite1h < 0 || output < 0 || reasoning < 0
                || inputAudio < 0 || outputAudio < 0) {
            throw new IllegalArgumentException("negative token count");
        }
        // A finer kind never holds more than its whole: a record that says otherwise is read as its whole.
        cacheRead = Math.min(cacheRead, input);
        cacheWrite = Math.min(cacheWrite, input - cacheRead);
        cacheWrite1h = Math.min(cacheWrite1h, cacheWrite);
        inputAudio = Math.min(inputAudio, input);
        reasoning = Math.min(reasoning, output);
        outputAudio = Math.min(outputAudio, output - reasoning);
    }

    /**
     * Anthropic's usage: {@code input_tokens} is the uncached rest, beside {@code cache_creation_input_tokens} (of
     * which {@code cache_creation.ephemeral_1h_input_tokens} for an hour) and {@code cache_read_input_tokens};
     * {@code output_tokens} holds the thinking.
     */
    public static BilledUsage anthropic(String id, long input, long cacheWrite, long cacheWrite1h, long cacheRead,
                                        long output) {
        return new BilledUsage(id, input + cacheWrite + cacheRead, cacheRead, cacheWrite, cacheWrite1h, output, 0, 0, 0,
                "anthropic");
    }

    /**
     * OpenAI's usage (Chat Completions, Responses, Codex): the input holds its cached tokens and its audio, the
     * output its reasoning and its audio.
     */
    public static BilledUsage openAi(String id, long input, long cached, long output, long reasoning, long inputAudio,
                                     long outputAudio) {
        return new BilledUsage(id, input, cached, 0, 0, output, reasoning, inputAudio, outputAudio, "openai");
    }

    /** The bill a {@link TokenUsage} shows, where the trace recorded no more than it. */
    public static BilledUsage of(TokenUsage usage) {
        return new BilledUsage("", usage.prompt(), usage.cacheRead(), usage.cacheWrite(), 0, usage.output(), 0, 0, 0,
                "total");
    }

    /** Input neither read from nor written to the cache. */
    public long uncachedInput() {
        return input - cacheRead - cacheWrite;
    }

    /** Cache writes for the default five minutes. */
    public long cacheWrite5m() {
        return cacheWrite - cacheWrite1h;
    }
}
