package dev.tracedeck.importers.smolagents;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Locale;

/** What kind of smolagents memory step a dict is, and the values it holds in smolagents' own shapes. */
final class SmolagentsSteps {

    enum Kind {
        SYSTEM_PROMPT("system_prompt"), TASK("task"), PLANNING("planning"), ACTION("action"), FINAL_ANSWER("final_answer");

        final String id;

        Kind(String id) {
            this.id = id;
        }
    }

    private SmolagentsSteps() {
    }

    static boolean isStep(JsonNode node) {
        return kind(node) != null;
    }

    /**
     * By the fields each step class has: {@code ActionStep} its {@code step_number}, {@code PlanningStep} its
     * {@code plan}, {@code TaskStep} its {@code task}, {@code SystemPromptStep} its {@code system_prompt},
     * {@code FinalAnswerStep} only {@code output}; null for anything else.
     */
    static Kind kind(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        // Before v1.19 the number was "step" and the timing top-level (start_time, end_time, duration).
        boolean numbered = node.has("step_number") || node.path("step").isIntegralNumber();
        if (numbered && (node.has("observations") || node.has("model_output") || node.has("tool_calls")
                || node.has("timing") || node.has("start_time"))) {
            return Kind.ACTION;
        }
        if (node.has("plan") && (node.has("model_output_message") || node.has("timing"))) {
            return Kind.PLANNING;
        }
        if (node.path("task").isTextual()) {
            return Kind.TASK;
        }
        if (node.path("system_prompt").isTextual()) {
            return Kind.SYSTEM_PROMPT;
        }
        if (node.size() == 1 && node.has("output")) {
            return Kind.FINAL_ANSWER;
        }
        return null;
    }

    /**
     * A message role as smolagents writes it: {@code "assistant"}, or the enum's {@code str()} in Python 3.11+
     * ({@code "MessageRole.TOOL_CALL"} → {@code tool-call}).
     */
    static String role(JsonNode role) {
        String text = role.asText("");
        if (text.startsWith("MessageRole.")) {
            return text.substring("MessageRole.".length()).toLowerCase(Locale.ROOT).replace('_', '-');
        }
        return text;
    }

    /**
     * Text of a content value: a string as it is; a list of parts as their texts joined by newlines, with
     * {@code [image]} for an image part (smolagents keeps PIL images, which a dump can't hold); the
     * {@code str()} of anything else.
     */
    static String text(JsonNode content) {
        if (content == null || content.isNull() || content.isMissingNode()) {
            return "";
        }
        if (content.isTextual()) {
            return content.textValue();
        }
        if (content.isArray()) {
            StringBuilder s = new StringBuilder();
            for (JsonNode part : content) {
                String piece = part.isObject() && part.path("type").asText("").equals("image") ? "[image]"
                        : part.isObject() && part.has("text") ? part.path("text").asText("") : text(part);
                s.append(s.isEmpty() ? "" : "\n").append(piece);
            }
            return s.toString();
        }
        return content.toString();
    }

    /** The step's number: {@code step_number}, or {@code step} before v1.19; empty when neither. */
    static String number(JsonNode step) {
        return step.has("step_number") ? step.path("step_number").asText() : step.path("step").isIntegralNumber()
                ? step.path("step").asText() : "";
    }

    /** When the step started: {@code timing.start_time} (or the top-level {@code start_time} before v1.19) (seconds since the epoch, a float) as an ISO instant; "" if none. */
    static String startTime(JsonNode step) {
        JsonNode start = step.path("timing").has("start_time") ? step.path("timing").path("start_time") : step.path("start_time");
        if (!start.isNumber()) {
            return "";
        }
        BigDecimal seconds = start.decimalValue();
        long whole = seconds.longValue();
        int nanos = seconds.subtract(BigDecimal.valueOf(whole)).movePointRight(9).intValue();
        try {
            return Instant.ofEpochSecond(whole, Math.max(0, nanos)).toString();
        } catch (java.time.DateTimeException e) {
            return start.asText();
        }
    }
}
