package dev.tracedeck.analysis.run;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Locale;

/**
 * A thread's name in words, from what its spans say of it: the agent that ran it ({@code gen_ai.agent.name}, else the
 * name of its first agent span) and the service that sent it (the resource's {@code service.name}). A thread of spans
 * is keyed by its trace id, which tells a person nothing; {@code joke_agent · checkout} does. A thread without spans,
 * or whose spans name neither, has no title and is shown by its id alone.
 *
 * <p>Fed one event at a time ({@link #see}), as a file is read or followed; it stops looking at events once both
 * names are found, so a thread costs at most one look at each of its events.
 */
public final class ThreadTitle {

    /** Longer names are cut: the title shares a row with the thread's id and counts. */
    static final int MAX_PART = 40;
    private static final String AGENT_PREFIX = "invoke_agent ";

    private String agent = "";
    /** From {@code gen_ai.agent.name}: said by the instrumentation, so it wins over a span's name. */
    private boolean agentNamed;
    private String service = "";

    /** The title of {@code thread}, or "" when its spans name no agent and no service. */
    public static String of(TraceThread thread) {
        ThreadTitle title = new ThreadTitle();
        for (Event event : thread.events()) {
            if (title.complete()) {
                break;
            }
            title.see(event);
        }
        return title.text();
    }

    /** Takes what {@code event} says of the thread's agent and service; true when the title changed. */
    public boolean see(Event event) {
        if (complete() || event.kind() != EventKind.SPAN || !(event.payload() instanceof Payload.JsonRecord record)) {
            return false;
        }
        String before = text();
        JsonValue span = record.json();
        if (service.isEmpty()) {
            service = cut(span.get("resource").flatMap(r -> r.get("service.name")).flatMap(JsonValue::asText).orElse(""));
        }
        if (!agentNamed) {
            String named = span.get("attributes").flatMap(a -> a.get("gen_ai.agent.name")).flatMap(JsonValue::asText)
                    .orElse("").strip();
            if (!named.isEmpty()) {
                agent = cut(named);
                agentNamed = true;
            } else if (agent.isEmpty() && RunTreeBuilder.spanKind(span) == RunNodeKind.AGENT) {
                agent = cut(agentOfSpanName(span.get("name").flatMap(JsonValue::asText).orElse("")));
            }
        }
        return !text().equals(before);
    }

    /** Whether both names are known: no later event can change the title. */
    public boolean complete() {
        return agentNamed && !service.isEmpty();
    }

    /** {@code agent · service}, either alone when the other is unknown or the same, or "". */
    public String text() {
        if (agent.isEmpty() || service.isEmpty() || agent.equalsIgnoreCase(service)) {
            return agent.isEmpty() ? service : agent;
        }
        return agent + " · " + service;
    }

    /** {@code invoke_agent joke_agent} names the agent {@code joke_agent}; any other agent span is named as it is. */
    private static String agentOfSpanName(String name) {
        String stripped = name.strip();
        return stripped.toLowerCase(Locale.ROOT).startsWith(AGENT_PREFIX) ? stripped.substring(AGENT_PREFIX.length()).strip()
                : stripped;
    }

    private static String cut(String name) {
        String oneLine = name.strip().replaceAll("\\s+", " ");
        return oneLine.codePointCount(0, oneLine.length()) <= MAX_PART ? oneLine
                : oneLine.substring(0, oneLine.offsetByCodePoints(0, MAX_PART - 1)) + "…";
    }
}
