package dev.tracedeck.analysis.align;

import dev.tracedeck.model.json.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The verdict of an Inspect sample from its own record: its {@code error} fails it; else its {@code scores}, one
 * {@code Score} per scorer, whose {@code value} is read as Inspect's {@code value_to_float} reads it — {@code C}
 * (correct), {@code I} (incorrect), {@code P} (partial), {@code N} (no answer), {@code yes}/{@code no},
 * {@code true}/{@code false}, a number or a number's text. Full marks (1) on every scorer pass; a value of 0 or
 * {@code P} on any fails; any other value (0.73, a dict of values) is a score, not a verdict, and says nothing.
 */
final class InspectScores {

    private InspectScores() {
    }

    static Outcome of(JsonValue sample) {
        Optional<JsonValue> error = sample.get("error").filter(e -> !(e instanceof JsonValue.JsonNull));
        if (error.isPresent()) {
            String message = error.get().get("message").flatMap(JsonValue::asText)
                    .or(() -> error.get().asText()).orElse("the sample failed");
            return Outcome.fail("error: " + message);
        }
        Optional<JsonValue> scores = sample.get("scores");
        if (scores.isEmpty() || !(scores.get() instanceof JsonValue.JsonObject all) || all.members().isEmpty()) {
            return Outcome.UNKNOWN;
        }
        List<String> said = new ArrayList<>();
        boolean failed = false;
        boolean unknown = false;
        for (Map.Entry<String, JsonValue> score : all.members().entrySet()) {
            Optional<JsonValue> value = score.getValue().get("value");
            Optional<BigDecimal> mark = value.flatMap(InspectScores::mark);
            said.add(score.getKey() + " " + value.map(v -> v.asText().orElse(v.toCompactString())).orElse("?"));
            if (mark.isEmpty() || mark.get().compareTo(BigDecimal.ONE) != 0 && mark.get().signum() != 0
                    && !isPartial(value.get())) {
                unknown = true;
            } else if (mark.get().compareTo(BigDecimal.ONE) != 0) {
                failed = true;
            }
        }
        String label = String.join(", ", said);
        return failed ? Outcome.fail(label) : unknown ? Outcome.unknown(label) : Outcome.pass(label);
    }

    private static boolean isPartial(JsonValue value) {
        return value instanceof JsonValue.JsonString s && s.value().equalsIgnoreCase("P");
    }

    /** What {@code value_to_float} makes of a value; empty for what it can't read (a list, a dict). */
    static Optional<BigDecimal> mark(JsonValue value) {
        if (value instanceof JsonValue.JsonNumber n) {
            return Optional.of(n.value());
        }
        if (value instanceof JsonValue.JsonBoolean b) {
            return Optional.of(b.value() ? BigDecimal.ONE : BigDecimal.ZERO);
        }
        if (!(value instanceof JsonValue.JsonString s)) {
            return Optional.empty();
        }
        String text = s.value().trim().toLowerCase(Locale.ROOT);
        switch (text) {
            case "c", "yes", "true":
                return Optional.of(BigDecimal.ONE);
            case "i", "n", "no", "false":
                return Optional.of(BigDecimal.ZERO);
            case "p":
                return Optional.of(new BigDecimal("0.5"));
            default:
                try {
                    return Optional.of(new BigDecimal(text));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
        }
    }
}
