package dev.tracedeck.importers.atif;

import dev.tracedeck.model.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A tool call an agent message writes as text in the function-tag format OpenHands gives models without native tool
 * calling (its {@code fn_call_converter}; Qwen3-Coder's format too):
 * {@code <function=NAME>} then {@code <parameter=KEY>VALUE</parameter>} per argument, then {@code </function>}.
 * OpenHands parses such a message into the one call it asks the model for ("ONE AND ONLY ONE FUNCTION CALL PER
 * MESSAGE"), each value stripped of surrounding white space, and runs it; Harbor, writing such a run's trajectory
 * from the model's raw completions, keeps the text as the step's message and the call's output as the step's
 * observation naming no call.
 *
 * @param name      the function's name
 * @param arguments the parameters as a JSON object of strings, in the order written
 * @param before    the message's text before the call (the model's words around its call), stripped
 */
record FunctionTagCall(String name, JsonValue.JsonObject arguments, String before) {

    private static final String OPEN = "<function=";
    private static final String CLOSE = "</function>";
    private static final String PARAMETER = "<parameter=";
    private static final String PARAMETER_CLOSE = "</parameter>";

    /**
     * The one call {@code text} writes in the function-tag format; empty when it writes none, more than one, one
     * never closed, or text after the call's end (then it is not simply the call the harness ran).
     */
    static Optional<FunctionTagCall> in(String text) {
        int open = text.indexOf(OPEN);
        if (open < 0) {
            return Optional.empty();
        }
        int nameEnd = text.indexOf('>', open);
        int close = text.indexOf(CLOSE, open);
        if (nameEnd < 0 || close < 0 || nameEnd > close || text.indexOf(OPEN, open + 1) >= 0
                || !text.substring(close + CLOSE.length()).isBlank()) {
            return Optional.empty();
        }
        String name = text.substring(open + OPEN.length(), nameEnd).strip();
        if (name.isEmpty() || !name.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.')) {
            return Optional.empty();
        }
        Map<String, JsonValue> arguments = new LinkedHashMap<>();
        String body = text.substring(nameEnd + 1, close);
        for (int at = body.indexOf(PARAMETER); at >= 0; at = body.indexOf(PARAMETER, at)) {
            int keyEnd = body.indexOf('>', at);
            int end = keyEnd < 0 ? -1 : body.indexOf(PARAMETER_CLOSE, keyEnd);
            if (end < 0) {
                return Optional.empty();
            }
            arguments.put(body.substring(at + PARAMETER.length(), keyEnd).strip(),
                    new JsonValue.JsonString(body.substring(keyEnd + 1, end).strip()));
            at = end + PARAMETER_CLOSE.length();
        }
        return Optional.of(new FunctionTagCall(name, new JsonValue.JsonObject(arguments), text.substring(0, open).strip()));
    }
}
