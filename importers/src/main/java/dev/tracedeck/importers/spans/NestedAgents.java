package dev.tracedeck.importers.spans;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The agents a tool call started inside another agent's run: a span that invokes an agent (OpenInference's
 * {@code AGENT} kind, the GenAI conventions' {@code invoke_agent}, OpenLLMetry's {@code agent}) below a tool's span
 * ({@code TOOL}, {@code execute_tool}). Phoenix's PXI {@code call_subagent}, an agent used as a tool by the Microsoft
 * Agent Framework, a Pydantic AI agent run inside a tool function: the nested agent sends its model a conversation
 * of its own (its own system prompt and task), so it is a thread of its own, named after its parent's thread and
 * linked to the call that started it, even where its spans keep the parent's session id. An agent span right inside
 * another agent's, with no tool between (a wrapper of the same run, Google ADK's transfer to a sub-agent that reads
 * the session's shared history), stays in its parent's thread, and so do chains and workflows.
 */
final class NestedAgents {

    /** Deeper than any real trace; guards against parent links that loop. */
    private static final int MAX_DEPTH = 256;

    /** A nested agent's span, and the tool span it runs under (the one nearest above it). */
    record Nested(SpanFileEntry.Span agent, SpanFileEntry.Span tool) {

        /** The id of the call that started it, as its tool span records it; "" when it records none. */
        String callId() {
            for (String key : new String[] {"tool_call.id", "tool.id", "gen_ai.tool.call.id"}) {
                String id = tool.attribute(key);
                if (!id.isBlank()) {
                    return id;
                }
            }
            return "";
        }
    }

    private final Map<String, SpanFileEntry.Span> byKey;
    private final Map<String, Optional<Nested>> known = new HashMap<>();

    /** @param byKey the file's spans by {@link SpanFileEntry.Span#key()} */
    NestedAgents(Map<String, SpanFileEntry.Span> byKey) {
        this.byKey = byKey;
    }

    /** True when the span invokes an agent: not a chain, a workflow or a task. */
    static boolean invokesAgent(SpanFileEntry.Span span) {
        return span.kind().equalsIgnoreCase("AGENT")
                || span.attribute("openinference.span.kind").equalsIgnoreCase("AGENT")
                || span.attribute("gen_ai.operation.name").toLowerCase(Locale.ROOT).equals("invoke_agent")
                || span.attribute("traceloop.span.kind").toLowerCase(Locale.ROOT).equals("agent");
    }

    /**
     * The nested agent the span runs in (the span itself when it is one): the innermost agent above it that a tool
     * started; empty in a top-level run.
     */
    Optional<Nested> of(SpanFileEntry.Span span) {
        return of(span, 0);
    }

    private Optional<Nested> of(SpanFileEntry.Span span, int depth) {
        Optional<Nested> memo = known.get(span.key());
        if (memo != null) {
            return memo;
        }
        Optional<Nested> found = Optional.empty();
        SpanFileEntry.Span tool = invokesAgent(span) ? toolAbove(span) : null;
        if (tool != null) {
            found = Optional.of(new Nested(span, tool));
        } else {
            SpanFileEntry.Span parent = parent(span);
            if (parent != null && depth < MAX_DEPTH) {
                found = of(parent, depth + 1);
            }
        }
        known.put(span.key(), found);
        return found;
    }

    /** The span's parent in the file, or null. */
    SpanFileEntry.Span parent(SpanFileEntry.Span span) {
        return span.parentSpanId().isEmpty() ? null : byKey.get(span.parentKey());
    }

    /** The nearest tool span above an agent's, when one comes before any other agent's. */
    private SpanFileEntry.Span toolAbove(SpanFileEntry.Span agent) {
        SpanFileEntry.Span at = parent(agent);
        for (int depth = 0; at != null && depth < MAX_DEPTH; depth++) {
            if (SpanRole.of(at) == SpanRole.TOOL) {
                return at;
            }
            if (invokesAgent(at)) {
                return null;
            }
            at = parent(at);
        }
        return null;
    }
}
