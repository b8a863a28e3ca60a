package dev.tracedeck.importers.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.recorded.RecordedOutcome.Verdict;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * What an Inspect sample says of its own run: each scorer's score, the error that ended it, the limit that stopped it.
 * A score is read as Inspect reads it ({@code value_to_float}): {@code C} correct, {@code I} incorrect, {@code P}
 * partial, {@code N} no answer, booleans and yes/no as such. Any other value (a number, a label, a mapping of
 * values) is noted as it is: Inspect itself leaves to the scorer which numbers pass.
 */
final class InspectOutcomes {

    /** The longest value shown; the sample's record has the rest. */
    private static final int MAX = 80;

    private InspectOutcomes() {
    }

    /** Records the sample's scores, error and limit on its record {@code at}. */
    static void record(ChatTraceWriter out, Event at, JsonNode sample) {
        JsonNode error = sample.path("error");
        if (error.isObject() || error.isTextual() && !error.asText().isBlank()) {
            String message = error.isObject() ? error.path("message").asText("") : error.asText();
            out.outcome(at, Verdict.ERROR, "Inspect", firstLine(message.isBlank() ? "the sample failed" : message));
        }
        JsonNode limit = sample.path("limit");
        if (limit.isObject()) {
            String type = limit.path("type").asText("");
            JsonNode amount = limit.path("limit");
            out.outcome(at, Verdict.STOPPED, "Inspect", (type.isEmpty() ? "a" : type) + " limit"
                    + (amount.isNumber() ? " of " + String.format(Locale.ROOT, "%,d", amount.asLong()) : "") + " reached");
        }
        JsonNode scores = sample.path("scores");
        if (scores.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = scores.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> scorer = it.next();
                JsonNode value = scorer.getValue().isObject() ? scorer.getValue().path("value") : scorer.getValue();
                if (!value.isMissingNode() && !value.isNull()) {
                    out.outcome(at, verdict(value), scorer.getKey(), words(value));
                }
            }
        }
    }

    static Verdict verdict(JsonNode value) {
        if (value.isBoolean()) {
            return value.asBoolean() ? Verdict.PASSED : Verdict.FAILED;
        }
        if (!value.isTextual()) {
            return Verdict.NOTED;
        }
        return switch (value.asText().strip().toLowerCase(Locale.ROOT)) {
            case "c", "yes", "true" -> Verdict.PASSED;
            case "i", "n", "no", "false" -> Verdict.FAILED;
            case "p" -> Verdict.PARTIAL;
            default -> Verdict.NOTED;
        };
    }

    static String words(JsonNode value) {
        if (value.isTextual()) {
            String text = value.asText().strip();
            return switch (text) {
                case "C" -> "C (correct)";
                case "I" -> "I (incorrect)";
                case "P" -> "P (partial)";
                case "N" -> "N (no answer)";
                default -> cut(firstLine(text));
            };
        }
        return cut(value.toString());
    }

    private static String firstLine(String text) {
        String stripped = text.strip();
        int end = stripped.indexOf('\n');
        return cut(end < 0 ? stripped : stripped.substring(0, end).strip() + " …");
    }

    private static String cut(String text) {
        return text.length() <= MAX ? text : text.substring(0, MAX - 1) + "…";
    }
}
