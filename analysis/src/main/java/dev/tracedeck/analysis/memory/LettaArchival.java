package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.json.JsonValue;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A Letta agent's archival memory: the passages {@code archival_memory_insert} adds ({@code content}, with its
 * {@code tags}) and {@code archival_memory_search} reads. An agent file keeps no passages (its schema holds agents,
 * blocks, files, sources, tools), so what archival memory held before a call is never known: each insert shows what
 * it added.
 */
final class LettaArchival {

    static final String NAME = "archival memory";

    private LettaArchival() {
    }

    static boolean isTool(String name) {
        return name.equals("archival_memory_insert") || name.equals("archival_memory_search");
    }

    static void apply(LettaMemoryTool.Call c) {
        if (c.call().name().equals("archival_memory_search")) {
            c.record(NAME, MemoryOp.READ, Optional.empty(), "");
            return;
        }
        String content = c.arg("content").orElse("");
        String tags = c.call().arguments().flatMap(a -> a.get("tags"))
                .filter(t -> t instanceof JsonValue.JsonArray a && !a.items().isEmpty())
                .map(t -> "\ntags: " + ((JsonValue.JsonArray) t).items().stream()
                        .map(v -> v.asText().orElse("")).collect(Collectors.joining(", ")))
                .orElse("");
        c.record(NAME, MemoryOp.APPEND, Optional.empty(), content + tags);
    }
}
