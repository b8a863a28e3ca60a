package dev.tracedeck.cli.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tool call's arguments, typed, each missing or mistyped one said as a {@link ToolFailure} naming it. The SDK checks
 * the arguments against the tool's schema first; this is what a client that skips that still gets.
 */
final class Args {

    private final String tool;
    private final Map<String, Object> values;

    Args(String tool, Map<String, Object> values) {
        this.tool = tool;
        this.values = values == null ? Map.of() : values;
    }

    String string(String name) {
        return optionalString(name).orElseThrow(() -> new ToolFailure(tool + ": the argument " + name + " is required"));
    }

    Optional<String> optionalString(String name) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String s)) {
            throw new ToolFailure(tool + ": " + name + " must be a string");
        }
        return Optional.of(s);
    }

    Optional<Boolean> optionalBoolean(String name) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof Boolean b)) {
            throw new ToolFailure(tool + ": " + name + " must be true or false");
        }
        return Optional.of(b);
    }

    /** An integer from {@code min} to {@code max}, or {@code otherwise} when not given. */
    int integer(String name, int otherwise, int min, int max) {
        return optionalInteger(name, min, max).orElse(otherwise);
    }

    Optional<Integer> optionalInteger(String name, int min, int max) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new ToolFailure(tool + ": " + name + " must be a whole number");
        }
        long v = n.longValue();
        if (v < min || v > max) {
            throw new ToolFailure(tool + ": " + name + " must be from " + min + " to " + max + " (it was " + v + ")");
        }
        return Optional.of((int) v);
    }

    List<String> strings(String name) {
        Object value = values.get(name);
        if (value == null) {
            throw new ToolFailure(tool + ": the argument " + name + " is required");
        }
        if (!(value instanceof List<?> list) || list.isEmpty()) {
            throw new ToolFailure(tool + ": " + name + " must be a list of at least one string");
        }
        List<String> strings = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof String s)) {
                throw new ToolFailure(tool + ": " + name + " must hold strings only");
            }
            strings.add(s);
        }
        return strings;
    }
}
