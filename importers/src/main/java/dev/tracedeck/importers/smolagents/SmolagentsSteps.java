package dev.tracedeck.importers.smolagents;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.importers.json.JsonFields;
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
        // A task or a system prompt that is no string is such a step that broke, which problem says.
        if (node.path("task").isTextual() || node.has("task") && node.has("task_images")) {
            return Kind.TASK;
        }
        if (node.path("system_prompt").isTextual() || node.has("system_prompt") && node.size() <= 2) {
            return Kind.SYSTEM_PROMPT;
        }
        if (node.size() == 1 && node.has("output")) {
            return Kind.FINAL_ANSWER;
        }
        return null;
    }

    /**
     * Why a step of {@code kind} can't be read: a member it is read by is not of smolagents' type (its task, plan,
     * system prompt and observations strings, its model output a string or a list of parts, its tool calls objects
     * with a string id and a function naming its tool, the messages of its model input messages); null when it can.
     */
    static String problem(JsonNode step, Kind kind) {
        try {
            switch (kind) {
                case TASK -> {
                    JsonFields.text(step, "task");
                    JsonFields.list(step, "task_images");
                }
                case SYSTEM_PROMPT -> JsonFields.text(step, "system_prompt");
                case PLANNING -> JsonFields.text(step, "plan");
                case ACTION -> {
                    JsonNode output = step.get("model_output");
                    if (!JsonFields.isAbsent(output) && !output.isTextual() && !output.isArray()) {
                        throw JsonFields.wrongType("model_output", output, "a string or a list of parts");
                    }
                    JsonFields.text(step, "observations");
                    JsonFields.text(step, "code_action");
                    JsonNode calls = JsonFields.list(step, "tool_calls");
                    for (int i = 0; i < calls.size(); i++) {
                        String at = "tool_calls[" + i + "]";
                        JsonNode call = JsonFields.isObject(calls.get(i), at);
                        JsonFields.text(call, "id", at + ".id");
                        JsonFields.text(call, "type", at + ".type");
                        JsonNode function = JsonFields.isObject(call.get("function"), at + ".function");
                        // Its arguments are any JSON: smolagents keeps what the model gave (a dict, code, a number).
                        JsonFields.text(function, "name", at + ".function.name");
                    }
                    JsonNode inputs = JsonFields.list(step, "model_input_messages");
                    for (int i = 0; i < inputs.size(); i++) {
                        messageProblem(inputs.get(i), "model_input_messages[" + i + "]");
                    }
                }
                default -> {
                }
            }
            return null;
        } catch (MalformedRecordException e) {
            return "a smolagents " + kind.id + " step whose " + e.getMessage();
        }
    }

    /**
     * Says why a chat message of smolagents ({@code {role, content, tool_calls}}) can't be read: its role not a string,
     * its content neither a string nor a list of parts (objects with a string type and text).
     */
    static void messageProblem(JsonNode m, String where) throws MalformedRecordException {
        JsonFields.isObject(m, where);
        JsonFields.text(m, "role", where + ".role");
        JsonNode content = m.get("content");
        if (JsonFields.isAbsent(content) || content.isTextual()) {
            return;
        }
        if (!content.isArray()) {
            throw JsonFields.wrongType(where + ".content", content, "a string or a list of parts");
        }
        for (int i = 0; i < content.size(); i++) {
            String at = where + ".content[" + i + "]";
            JsonNode part = JsonFields.isObject(content.get(i), at);
            JsonFields.text(part, "type", at + ".type");
            JsonFields.text(part, "text", at + ".text");
        }
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
