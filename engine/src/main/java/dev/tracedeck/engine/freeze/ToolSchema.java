package dev.tracedeck.engine.freeze;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tool the request offered, read from whichever shape the trace recorded it in (Chat Completions'
 * {@code {"type":"function","function":{…}}}, the legacy {@code functions}, Responses' and OpenTelemetry's flat
 * {@code {"type":"function","name",…}}, Anthropic's {@code {"name","input_schema"}}), to be written in another's.
 * A provider's own built-in tool (Anthropic's {@code web_search_20250305}, Responses' {@code web_search}) is kept as
 * recorded, for that provider only.
 *
 * @param name        the function's name; "" for a built-in tool
 * @param description its description, "" when none
 * @param parameters  its JSON Schema, when recorded
 * @param strict      OpenAI's {@code strict}, when recorded
 * @param builtin     a built-in tool as recorded, with the provider it belongs to
 */
record ToolSchema(String name, String description, Optional<JsonNode> parameters, Optional<Boolean> strict,
                  Optional<JsonNode> builtin, Optional<Provider> builtinOf) {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The tools of a recorded {@code tools} (or {@code functions}) list; what is neither shape is left out. */
    static List<ToolSchema> read(JsonNode tools, List<String> notes) {
        List<ToolSchema> read = new ArrayList<>();
        for (JsonNode tool : tools) {
            Optional<ToolSchema> t = one(tool);
            if (t.isPresent()) {
                read.add(t.get());
            } else {
                notes.add("a recorded tool of no shape Tracedeck knows was left out: " + abbreviate(tool.toString()));
            }
        }
        return read;
    }

    private static Optional<ToolSchema> one(JsonNode tool) {
        if (!tool.isObject()) {
            return Optional.empty();
        }
        String type = tool.path("type").asText("");
        JsonNode function = tool.path("function");
        if (function.isObject() && function.path("name").isTextual()) {
            return Optional.of(function(function, function.path("parameters")));
        }
        if (tool.path("name").isTextual() && tool.has("input_schema")) {
            if (!type.isEmpty() && !type.equals("custom")) {
                return Optional.of(builtin(tool, Provider.ANTHROPIC));
            }
            return Optional.of(function(tool, tool.path("input_schema")));
        }
        if (tool.path("name").isTextual() && (type.isEmpty() || type.equals("function"))) {
            return Optional.of(function(tool, tool.path("parameters")));
        }
        if (!type.isEmpty() && tool.path("name").isTextual() && type.matches(".*_\\d{8}")) {
            // Anthropic's versioned server and client tools: {"type": "web_search_20250305", "name": "web_search"}.
            return Optional.of(builtin(tool, Provider.ANTHROPIC));
        }
        if (!type.isEmpty() && !type.equals("function")) {
            return Optional.of(builtin(tool, Provider.RESPONSES));
        }
        return Optional.empty();
    }

    private static ToolSchema function(JsonNode holder, JsonNode parameters) {
        JsonNode strict = holder.path("strict");
        return new ToolSchema(holder.path("name").asText(), holder.path("description").asText(""),
                parameters.isObject() ? Optional.of(parameters) : Optional.empty(),
                strict.isBoolean() ? Optional.of(strict.booleanValue()) : Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static ToolSchema builtin(JsonNode tool, Provider of) {
        return new ToolSchema(tool.path("name").asText(""), "", Optional.empty(), Optional.empty(), Optional.of(tool),
                Optional.of(of));
    }

    /** As {@code provider} takes it; empty for another provider's built-in tool. */
    Optional<JsonNode> as(Provider provider) {
        if (builtin.isPresent()) {
            return builtinOf.get() == provider ? builtin : Optional.empty();
        }
        ObjectNode out = NODES.objectNode();
        switch (provider) {
            case CHAT -> {
                out.put("type", "function");
                ObjectNode f = out.putObject("function");
                f.put("name", name);
                if (!description.isEmpty()) {
                    f.put("description", description);
                }
                parameters.ifPresent(p -> f.set("parameters", p));
                strict.ifPresent(s -> f.put("strict", s));
            }
            case RESPONSES -> {
                out.put("type", "function");
                out.put("name", name);
                if (!description.isEmpty()) {
                    out.put("description", description);
                }
                out.set("parameters", parameters.orElseGet(ToolSchema::anyObject));
                // Chat Completions' default, which is what a tool recorded without it was sent with.
                out.put("strict", strict.orElse(false));
            }
            case ANTHROPIC -> {
                out.put("name", name);
                if (!description.isEmpty()) {
                    out.put("description", description);
                }
                JsonNode schema = parameters.orElseGet(ToolSchema::anyObject);
                out.set("input_schema", schema.path("type").asText("").equals("object") ? schema : withObjectType(schema));
            }
            default -> throw new IllegalStateException();
        }
        return Optional.of(out);
    }

    /** Anthropic's input_schema must be an object's schema; one recorded without its type says so. */
    private static JsonNode withObjectType(JsonNode schema) {
        ObjectNode copy = NODES.objectNode().put("type", "object");
        schema.fields().forEachRemaining(e -> {
            if (!e.getKey().equals("type")) {
                copy.set(e.getKey(), e.getValue());
            }
        });
        return copy;
    }

    private static ObjectNode anyObject() {
        ObjectNode o = NODES.objectNode().put("type", "object");
        o.putObject("properties");
        return o;
    }

    static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 119) + "…";
    }
}
