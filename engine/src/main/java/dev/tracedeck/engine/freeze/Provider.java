package dev.tracedeck.engine.freeze;

import java.util.Locale;
import java.util.Optional;

/**
 * The provider APIs a frozen request is written for: each one's body shape, endpoint, and how its key is sent. The
 * base URLs follow each SDK's own convention ({@code OPENAI_BASE_URL} ends in {@code /v1}, {@code ANTHROPIC_BASE_URL}
 * does not), so a base URL that works with the SDK works here.
 */
public enum Provider {

    CHAT("chat", "OpenAI Chat Completions", "https://api.openai.com/v1", "/chat/completions", "OPENAI_API_KEY"),
    RESPONSES("responses", "OpenAI Responses", "https://api.openai.com/v1", "/responses", "OPENAI_API_KEY"),
    ANTHROPIC("anthropic", "Anthropic Messages", "https://api.anthropic.com", "/v1/messages", "ANTHROPIC_API_KEY");

    /** The Messages API version the reconstructed bodies are written for, sent as {@code anthropic-version}. */
    public static final String ANTHROPIC_VERSION = "2023-06-01";

    private final String id;
    private final String title;
    private final String defaultBaseUrl;
    private final String path;
    private final String keyVariable;

    Provider(String id, String title, String defaultBaseUrl, String path, String keyVariable) {
        this.id = id;
        this.title = title;
        this.defaultBaseUrl = defaultBaseUrl;
        this.path = path;
        this.keyVariable = keyVariable;
    }

    /** As {@code --as} names it: {@code chat}, {@code responses}, {@code anthropic}. */
    public String id() {
        return id;
    }

    /** As people name it: "OpenAI Chat Completions". */
    public String title() {
        return title;
    }

    public String defaultBaseUrl() {
        return defaultBaseUrl;
    }

    /** The endpoint's path after the base URL. */
    public String path() {
        return path;
    }

    /** The environment variable the key is read from, never written out. */
    public String keyVariable() {
        return keyVariable;
    }

    /** The endpoint under {@code baseUrl} (its trailing slashes dropped), or under the provider's own when blank. */
    public String url(String baseUrl) {
        String base = baseUrl == null || baseUrl.isBlank() ? defaultBaseUrl : baseUrl.strip();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return base + path;
    }

    public static Optional<Provider> byId(String id) {
        String wanted = id.strip().toLowerCase(Locale.ROOT);
        for (Provider p : values()) {
            if (p.id.equals(wanted)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
