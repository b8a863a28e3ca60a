package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;

/**
 * One tool as the server lists it: its name, what it does, the JSON schema of its arguments (an object whose
 * {@code properties} are given here; {@code required} names the ones it needs) and what a call does.
 */
record Tool(String name, String description, String properties, String required, Function<Args, JsonNode> call) {

    /** The input schema, as the protocol lists it. */
    String schema() {
        return "{\"type\": \"object\", \"properties\": {" + properties + "}, \"required\": [" + required
                + "], \"additionalProperties\": false}";
    }

    /** The schema property of a trace file's path, which most tools take. */
    static final String PATH = "\"path\": {\"type\": \"string\", \"description\": \"A trace file (.log .jsonl .json, "
            + "optionally .gz; a Claude Code project folder), absolute or relative to the server's working directory.\"}";
}
