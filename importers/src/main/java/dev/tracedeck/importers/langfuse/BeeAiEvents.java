package dev.tracedeck.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The observations BeeAI's OpenInference instrumentation writes (scope {@value #SCOPE}): a span for each event the
 * framework's emitters sent during the run, named for the emitter's path, the event and a count
 * ({@code backend.openai.chat.start-14}; the attributes {@code target} and {@code name} say the same). One model call
 * is several such events, which Langfuse keeps as generations: {@code start}, whose input is the request's messages,
 * then {@code success} (the answer as streamed, a {@code llm.output_messages} entry per chunk, as many as the span's
 * attribute limit leaves) and {@code finish}. Only the {@code start} is the call. The answer the agent kept is the
 * output of the agent's own {@code success} event ({@code agent.react.success}: {@code {role: "assistant", content:
 * […]}}, its input the agent's memory), after the calls.
 */
final class BeeAiEvents {

    static final String SCOPE = "openinference.instrumentation.beeai";
    /** {@code backend.openai.chat.start-14}: the emitter's path, the event, the count. */
    private static final Pattern EVENT_SPAN = Pattern.compile("(.+)\\.([A-Za-z_]+)-\\d+");

    private BeeAiEvents() {
    }

    /** A generation that is an event of a call other than its start: no call of its own. */
    static boolean isLaterEventOfACall(JsonNode observation) {
        String event = event(observation);
        return !event.isEmpty() && !event.equals("start");
    }

    /** The agent's own {@code success} event, whose output is the run's answer. */
    static boolean isAgentsAnswer(JsonNode observation) {
        return event(observation).equals("success") && emitter(observation).startsWith("agent.")
                && observation.path("output").path("role").asText("").equals("assistant");
    }

    /**
     * The event the observation stands for ({@code start}, {@code success} …), from its name, {@code <path>-<count>}:
     * the attributes that say it ({@code target}, {@code name}) are the oldest, which the span's attribute limit (OpenTelemetry
     * Python's drops the oldest first) evicts from a {@code success} that streamed a long answer. "" for no BeeAI event.
     */
    private static String event(JsonNode observation) {
        if (!ToolRuns.scope(observation).equals(SCOPE)) {
            return "";
        }
        Matcher m = EVENT_SPAN.matcher(observation.path("name").asText(""));
        return m.matches() ? m.group(2) : "";
    }

    /** The path of the event's emitter ({@code agent.react}) for a BeeAI event, else "". */
    private static String emitter(JsonNode observation) {
        Matcher m = EVENT_SPAN.matcher(observation.path("name").asText(""));
        return m.matches() && ToolRuns.scope(observation).equals(SCOPE) ? m.group(1) : "";
    }
}
