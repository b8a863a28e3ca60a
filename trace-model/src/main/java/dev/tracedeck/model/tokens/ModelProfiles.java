package dev.tracedeck.model.tokens;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Model profiles matched by name prefix, most specific first. The defaults: GPT-4o class 128k (o200k_base),
 * GPT-4.1 about 1M, GPT-4 by model (8k, 32k, 128k for turbo; cl100k_base), GPT-3.5-turbo 16k, Claude-class 200k,
 * and seed 003's AWS Bedrock Claude at 100k; Claude has no public tokenizer, so its counts are estimates. A
 * profile file (read outside the domain) adds or overrides entries.
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
        return new ModelProfiles(List.of(
                entry("gpt-4o", 128_000, o200k),
                entry("chatgpt-4o", 128_000, o200k),
                entry("gpt-4.1", 1_047_576, o200k),
                entry("o1", 200_000, o200k),
                entry("o3", 200_000, o200k),
                entry("o4", 200_000, o200k),
                entry("gpt-4-turbo", 128_000, cl100k),
                entry("gpt-4-1106", 128_000, cl100k),
                entry("gpt-4-0125", 128_000, cl100k),
                entry("gpt-4-32k", 32_768, cl100k),
                entry("gpt-4", 8_192, cl100k),
                entry("gpt-3.5-turbo", 16_385, cl100k),
                entry("claude", 200_000, Optional.empty()),
                entry("anthropic.claude", 100_000, Optional.empty()),
                entry("bedrock/", 100_000, Optional.empty()),
                entry("us.anthropic.claude", 100_000, Optional.empty())));
    }

    private static Entry entry(String prefix, int limit, Optional<ChatFormat> format) {
        return new Entry(prefix, new ModelProfile(prefix, limit, format));
    }

    /** The profile whose prefix is the longest that starts {@code model} (case-insensitive), if any. */
    public Optional<ModelProfile> forModel(String model) {
        String name = model.toLowerCase(Locale.ROOT);
        return entries.stream().filter(e -> name.startsWith(e.prefix().toLowerCase(Locale.ROOT)))
                .findFirst().map(e -> new ModelProfile(model, e.profile().contextLimit(), e.profile().format()));
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
