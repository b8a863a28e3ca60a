package dev.tracedeck.analysis.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.analysis.tokens.ChatFormat;
import dev.tracedeck.analysis.tokens.ModelProfile;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads model profiles, which add to the built-in ones and win over them:
 * <pre>
 * {"models": [
 *   {"name": "llama-3.1-70b", "contextLimit": 131072},
 *   {"name": "gpt-4o-mini-2024-07-18", "contextLimit": 64000, "encoding": "o200k_base"}]}
 * </pre>
 * A {@code name} selects every model whose name starts with it (the longest wins). {@code encoding} is
 * {@code o200k_base} or {@code cl100k_base} for exact counts; left out, the counts are estimates. The same
 * {@code "models"} list may stand in a rule configuration file. Unknown keys are errors naming the line.
 */
public final class ModelProfilesReader {

    private static final Set<String> KEYS = Set.of("name", "contextLimit", "encoding");

    /** The built-in profiles with the file's added in front. */
    public ModelProfiles read(Path file) throws ConfigException {
        return parse(file.toString(), ConfigJson.text(file));
    }

    /** The built-in profiles with those of {@code text} (the content of the file {@code name}) added in front. */
    public ModelProfiles parse(String name, String text) throws ConfigException {
        JsonNode root = ConfigJson.tree(name, text);
        if (root == null || !root.isObject() || !root.has("models")) {
            throw new ConfigException(name, 1, "expected a JSON object with a \"models\" list", null);
        }
        Iterator<String> keys = root.fieldNames();
        while (keys.hasNext()) {
            String key = keys.next();
            if (!key.equals("models")) {
                throw new ConfigException(name, lineOf(text, "\"" + key + "\""), "unknown key \"" + key + "\" (allowed: models)", null);
            }
        }
        return ModelProfiles.defaults().with(entries(name, text, root.get("models")));
    }

    /** The entries of a {@code "models"} list, for this file or a rule configuration's. */
    static List<ModelProfiles.Entry> entries(String file, String text, JsonNode models) throws ConfigException {
        if (!models.isArray()) {
            throw new ConfigException(file, lineOf(text, "\"models\""), "\"models\" must be a list of {name, contextLimit, encoding}", null);
        }
        List<ModelProfiles.Entry> entries = new ArrayList<>();
        int from = 0;
        for (JsonNode m : models) {
            String name = m.path("name").asText("");
            int line = lineOf(text, name.isEmpty() ? "{" : "\"" + name + "\"", from);
            from = Math.max(from, offsetOfLine(text, line));
            if (!m.isObject()) {
                throw new ConfigException(file, line, "each model is an object {name, contextLimit, encoding}", null);
            }
            Iterator<String> keys = m.fieldNames();
            while (keys.hasNext()) {
                String key = keys.next();
                if (!KEYS.contains(key)) {
                    throw new ConfigException(file, line, "unknown key \"" + key + "\" in a model (allowed: contextLimit, encoding, name)", null);
                }
            }
            if (!m.path("name").isTextual() || name.isBlank()) {
                throw new ConfigException(file, line, "a model needs a \"name\" (the start of the model names it covers)", null);
            }
            if (!m.path("contextLimit").isInt() || m.get("contextLimit").asInt() <= 0) {
                throw new ConfigException(file, line, "model \"" + name + "\": \"contextLimit\" must be a positive whole number of tokens", null);
            }
            Optional<ChatFormat> format = Optional.empty();
            if (m.has("encoding") && !m.get("encoding").isNull()) {
                format = switch (m.get("encoding").asText()) {
                    case "o200k_base" -> Optional.of(ChatFormat.GPT_4O);
                    case "cl100k_base" -> Optional.of(ChatFormat.GPT_4);
                    default -> throw new ConfigException(file, line, "model \"" + name
                            + "\": \"encoding\" must be o200k_base or cl100k_base (leave it out for an estimate)", null);
                };
            }
            entries.add(new ModelProfiles.Entry(name, new ModelProfile(name, m.get("contextLimit").asInt(), format)));
        }
        return entries;
    }

    private static int lineOf(String text, String needle) {
        return lineOf(text, needle, 0);
    }

    private static int lineOf(String text, String needle, int from) {
        int at = text.indexOf(needle, from);
        return at < 0 ? 0 : (int) text.substring(0, at).chars().filter(ch -> ch == '\n').count() + 1;
    }

    private static int offsetOfLine(String text, int line) {
        int offset = 0;
        for (int l = 1; l < line && offset >= 0; l++) {
            offset = text.indexOf('\n', offset) + 1;
        }
        return Math.max(offset, 0);
    }
}
