package dev.tracedeck.importers.langfuse;

import dev.tracedeck.importers.spans.SpanFacts;
import dev.tracedeck.importers.spans.SpanFileEntry;
import dev.tracedeck.importers.spans.SpanRole;
import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Generations inside a generation. Two instrumentations may record one model call each at its level: a framework's
 * span around the client library's (Agno's {@code OpenAIChat.invoke} around the OpenAI client's
 * {@code chat gpt-4o-mini}), or an SDK's whole call around each of its steps (the Vercel AI SDK's
 * {@code ai.generateText} around its {@code ai.generateText.doGenerate} calls). Read at both levels, every message
 * would be there twice, in two renderings. One level is read: the inner generations, which are the calls the model
 * answered, unless one of them records its input only as flattened text ({@code "developer: …\nuser: …"}) where
 * the outer one records messages; the other level is then an agent's summary of the same calls (its messages count
 * only where no generation records any, its usage is not counted again).
 */
final class NestedGenerations {

    /** Deeper than any real trace; guards against parent links that loop. */
    private static final int MAX_DEPTH = 256;

    private NestedGenerations() {
    }

    /** Replaces in {@code held} the generations of the level not read by the same spans read as agents. */
    static void readOneLevel(List<SpanFileEntry> held) {
        Map<String, SpanFileEntry.Span> all = new HashMap<>();
        Map<String, SpanFileEntry.Span> byKey = new HashMap<>();
        for (SpanFileEntry h : held) {
            if (h instanceof SpanFileEntry.Span s && !s.spanId().isEmpty()) {
                all.put(key(s.traceId(), s.spanId()), s);
                if (isGeneration(s)) {
                    byKey.put(key(s.traceId(), s.spanId()), s);
                }
            }
        }
        Map<String, List<SpanFileEntry.Span>> inner = new LinkedHashMap<>();
        for (SpanFileEntry.Span s : byKey.values()) {
            outer(s, byKey, all).ifPresent(o -> inner.computeIfAbsent(key(o.traceId(), o.spanId()), k -> new ArrayList<>()).add(s));
        }
        Map<String, SpanFileEntry.Span> agents = new HashMap<>();
        inner.forEach((outerKey, calls) -> {
            SpanFileEntry.Span outer = byKey.get(outerKey);
            boolean readOuter = !flattened(outer) && calls.stream().anyMatch(NestedGenerations::flattened);
            for (SpanFileEntry.Span s : readOuter ? calls : List.of(outer)) {
                agents.put(key(s.traceId(), s.spanId()), asAgent(s));
            }
        });
        if (agents.isEmpty()) {
            return;
        }
        for (int i = 0; i < held.size(); i++) {
            if (held.get(i) instanceof SpanFileEntry.Span s && isGeneration(s)) {
                SpanFileEntry.Span agent = agents.get(key(s.traceId(), s.spanId()));
                if (agent != null && agent.order() == s.order()) {
                    held.set(i, agent);
                }
            }
        }
    }

    private static boolean isGeneration(SpanFileEntry.Span s) {
        return s.facts().role().orElse(null) == SpanRole.MODEL && !s.spanId().isEmpty();
    }

    /** The nearest generation above {@code s}, if any. */
    private static Optional<SpanFileEntry.Span> outer(SpanFileEntry.Span s, Map<String, SpanFileEntry.Span> generations,
                                                      Map<String, SpanFileEntry.Span> all) {
        SpanFileEntry.Span at = s;
        for (int depth = 0; depth < MAX_DEPTH && !at.parentSpanId().isEmpty(); depth++) {
            String parent = key(at.traceId(), at.parentSpanId());
            SpanFileEntry.Span generation = generations.get(parent);
            if (generation != null) {
                return Optional.of(generation);
            }
            at = all.get(parent);
            if (at == null) {
                break;
            }
        }
        return Optional.empty();
    }

    /** A generation whose input is text that is no JSON: a conversation flattened into lines. */
    private static boolean flattened(SpanFileEntry.Span s) {
        return s.attributes().get("input").orElse(null) instanceof JsonValue.JsonString text
                && !text.value().strip().startsWith("{") && !text.value().strip().startsWith("[");
    }

    private static SpanFileEntry.Span asAgent(SpanFileEntry.Span s) {
        SpanFacts facts = new SpanFacts(Optional.of(SpanRole.AGENT), s.facts().messages(), Optional.empty(),
                Optional.empty());
        return new SpanFileEntry.Span(s.order(), s.traceId(), s.spanId(), s.parentSpanId(), s.name(), s.kind(), s.start(),
                s.end(), s.status(), s.statusMessage(), s.attributes(), s.events(), s.links(), s.origin(), s.source(),
                s.text(), s.keyedAttributes(), facts, s.timeProblem());
    }

    private static String key(String trace, String span) {
        return trace + "/" + span;
    }
}
