package dev.tracedeck.analysis.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A configuration file's text and its JSON, read as every configuration reader reads them: failures name file and line. */
final class ConfigJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(JsonParser.Feature.INCLUDE_SOURCE_IN_LOCATION);

    private ConfigJson() {
    }

    /** The file's text; unreadable, a {@link ConfigException} naming it. */
    static String text(Path file) throws ConfigException {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw ConfigException.unreadable(file.toString(), e);
        }
    }

    /** The JSON of {@code text} (the content of the file {@code name}); not JSON, the line where it stops being. */
    static JsonNode tree(String name, String text) throws ConfigException {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ConfigException(name, at == null ? 0 : at.getLineNr(), "not valid JSON: " + e.getOriginalMessage(), e);
        }
    }
}
