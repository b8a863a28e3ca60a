package dev.tracedeck.analysis.tokens;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Model profiles matched by name prefix, most specific first, for the model families agents run on: OpenAI's
 * (GPT-5, GPT-4.1, GPT-4o, the o-series, GPT-4, GPT-3.5, gpt-oss: o200k_base or cl100k_base, exact), Anthropic's
 * Claude (200k; 100k for Claude 2.0, Instant and Claude on AWS Bedrock), Google's Gemini (1M; 2M for
 * 1.5 Pro), Meta's Llama, Mistral, DeepSeek, Qwen and xAI's Grok. Only OpenAI publishes its models' tokenizers in a
 * form Tracedeck counts with; every other family is counted with o200k_base, an estimate that says so. A name
 * with a provider's prefix ({@code openai/gpt-oss-20b}, {@code google/gemini-2.5-pro}) is matched by what follows
 * the last slash when the whole name matches nothing. A profile file (read outside the domain) adds or overrides
 * entries.
 */
public final class ModelProfiles {

    /** A name prefix and the profile it selects. */
    public record Entry(String prefix, ModelProfile profile) {
    }

    private final List<Entry> entries;

    public ModelProfiles(List<Entry> entries) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort((a, b) -> Integer.compare(b.prefix().length(), a.prefix().length()));
        this.entries = List.copyOf(sorted);
    }

    public static ModelProfiles defaults() {
        Optional<ChatFormat> o200k = Optional.of(ChatFormat.GPT_4O);
        Optional<ChatFormat> cl100k = Optional.of(ChatFormat.GPT_4);
        Optional<ChatFormat> estimate = Optional.empty();
        return new ModelProfiles(List.of(
                entry("gpt-5", 400_000, o200k),
                entry("gpt-4o", 128_000, o200k),
                entry("chatgpt-4o", 128_000, o200k),
                entry("gpt-4.1", 1_047_576, o200k),
                entry("gpt-4.5", 128_000, o200k),
                entry("gpt-oss", 131_072, o200k),
                entry("o1", 200_000, o200k),
                entry("o1-mini", 128_000, o200k),
                entry("o3", 200_000, o200k),
                entry("o4", 200_000, o200k),
                entry("codex-mini", 200_000, o200k),
                entry("gpt-4-turbo", 128_000, cl100k),
                entry("gpt-4-1106", 128_000, cl100k),
                entry("gpt-4-0125", 128_000, cl100k),
                entry("gpt-4-32k", 32_768, cl100k),
                entry("gpt-4", 8_192, cl100k),
                entry("gpt-3.5-turbo", 16_385, cl100k),
                entry("claude", 200_000, estimate),
                entry("claude-2.0", 100_000, estimate),
                entry("claude-instant", 100_000, estimate),
                entry("anthropic.claude", 100_000, estimate),
                entry("bedrock/", 100_000, estimate),
                entry("us.anthropic.claude", 100_000, estimate),
                entry("gemini", 1_048_576, estimate),
                entry("gemini-1.5-pro", 2_097_152, estimate),
                entry("gemini-1.0", 32_760, estimate),
                entry("gemini-pro", 32_760, estimate),
                entry("llama-3.1", 131_072, estimate),
                entry("llama-3.2", 131_072, estimate),
                entry("llama-3.3", 131_072, estimate),
                entry("llama-4", 1_048_576, estimate),
                entry("llama3.1", 131_072, estimate),
                entry("llama3.2", 131_072, estimate),
                entry("llama3.3", 131_072, estimate),
                entry("mistral-large", 131_072, estimate),
                entry("mistral-medium", 131_072, estimate),
                entry("mistral-small", 131_072, estimate),
                entry("codestral", 262_144, estimate),
                entry("deepseek", 131_072, estimate),
                entry("qwen", 131_072, estimate),
                entry("grok-3", 131_072, estimate),
                entry("grok-4", 262_144, estimate)));
    }

    private static Entry entry(String prefix, int limit, Optional<ChatFormat> format) {
        return new Entry(prefix, new ModelProfile(prefix, limit, format));
    }

    /** The profile whose prefix is the longest that starts {@code model} (case-insensitive), if any. */
    public Optional<ModelProfile> forModel(String model) {
        String name = model.strip().toLowerCase(Locale.ROOT);
        Optional<Entry> found = longestPrefix(name);
        int slash = name.lastIndexOf('/');
        if (found.isEmpty() && slash >= 0) {
            found = longestPrefix(name.substring(slash + 1));
        }
        return found.map(e -> new ModelProfile(model, e.profile().contextLimit(), e.profile().format()));
    }

    private Optional<Entry> longestPrefix(String name) {
        return entries.stream().filter(e -> name.startsWith(e.prefix().toLowerCase(Locale.ROOT))).findFirst();
    }

    /** These profiles with {@code more} added in front (a profile file's entries win over the defaults). */
    public ModelProfiles with(List<Entry> more) {
        List<Entry> all = new ArrayList<>(more);
        all.addAll(entries);
        return new ModelProfiles(all);
    }

    public List<Entry> entries() {
        return entries;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModelProfiles other && other.entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }
}
