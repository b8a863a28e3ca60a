package dev.tracedeck.model.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Weighs the evidence all formats share and turns a {@link Draft} into a {@link TextToolCall}. The weights are
 * chosen so that 0.7, the default threshold of the {@code text-tool-call} rule, separates: a wrapped call with
 * readable arguments (≈0.85) passes; bare JSON in the middle of prose (≈0.6) passes only when the trace knows
 * the tool; anything the surrounding words present as an example, or that sits in inline code, does not.
 */
final class Scoring {

    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]{0,63}");
    /** Words that, just before a call, present it as something talked about rather than done. */
    private static final Pattern DISCUSSION = Pattern.compile(
            "\\b(for example|for instance|e\\.g\\.|(an|this|the|my) example|example:|such as"
                    + "|(the|this|that|a) format|format:|syntax|template|looks? like|(would|could|might) look"
                    + "|instead of)(?![\\w-])");
    private static final Set<String> PLACEHOLDER_NAMES = Set.of("function_name", "tool_name", "func_name",
            "function-name", "your_function", "example_function", "name", "function", "tool");
    private static final Pattern PLACEHOLDER_VALUE = Pattern.compile("<[^<>]{1,40}>|\\.\\.\\.|…|value\\d*|string");

    private Scoring() {
    }

    static TextToolCall finish(Draft d, ParseContext context) {
        List<Confidence.Reason> reasons = new ArrayList<>(d.reasons);
        arguments(d, reasons);
        name(d, context.knownTools(), reasons);
        surroundings(d, context.text(), reasons);
        cut(d, context, reasons);
        return new TextToolCall(d.format, d.name, d.arguments, d.rawArguments, d.status,
                TextSpan.of(context.text(), d.start, d.end), Confidence.of(reasons), List.copyOf(d.unrecovered));
    }

    private static void arguments(Draft d, List<Confidence.Reason> reasons) {
        switch (d.status) {
            case COMPLETE -> reasons.add(new Confidence.Reason(0.10, "arguments read as written"));
            case REPAIRED -> reasons.add(new Confidence.Reason(0.05, "arguments read after repairs: "
                    + String.join("; ", d.repairs)));
            case PARTIAL -> reasons.add(new Confidence.Reason(-0.15, "arguments only partly readable"));
            case UNPARSED -> reasons.add(new Confidence.Reason(-0.25, "arguments unreadable"));
        }
        if (d.arguments.map(Scoring::looksLikeSchema).orElse(false)) {
            reasons.add(new Confidence.Reason(-0.50, "arguments look like a JSON schema: a tool definition, not a call"));
        }
        if (d.arguments.map(Scoring::looksLikePlaceholders).orElse(false)) {
            reasons.add(new Confidence.Reason(-0.30, "arguments look like placeholders"));
        }
    }

    /**
     * Gives back what a call lost only because the log cut the message inside it: the penalty for an unclosed
     * wrapper and the one for arguments that could not be read whole.
     */
    private static void cut(Draft d, ParseContext context, List<Confidence.Reason> reasons) {
        if (!context.reachesCut(d.end)) {
            return;
        }
        double back = d.unclosedPenalty + switch (d.status) {
            case PARTIAL -> 0.15;
            case UNPARSED -> 0.25;
            default -> 0;
        };
        if (back > 0) {
            reasons.add(new Confidence.Reason(back, "the log's preview ends inside it: its end was cut by the log, "
                    + "not left out by the model"));
        }
    }

    private static void name(Draft d, Set<String> known, List<Confidence.Reason> reasons) {
        if (!TOOL_NAME.matcher(d.name).matches()) {
            reasons.add(new Confidence.Reason(-0.30, "`" + d.name + "` does not look like a tool name"));
        } else if (PLACEHOLDER_NAMES.contains(d.name.toLowerCase(Locale.ROOT))) {
            reasons.add(new Confidence.Reason(-0.30, "`" + d.name + "` looks like a placeholder"));
        }
        if (known.isEmpty()) {
            return;
        }
        if (known.contains(d.name)) {
            reasons.add(new Confidence.Reason(0.15, "`" + d.name + "` is a tool of this trace"));
        } else {
            reasons.add(new Confidence.Reason(-0.30, "no tool named `" + d.name + "` in this trace"));
        }
    }

    private static void surroundings(Draft d, String text, List<Confidence.Reason> reasons) {
        if (inInlineCode(text, d.start, d.end)) {
            reasons.add(new Confidence.Reason(-0.35, "quoted in inline code"));
        }
        if (d.format != TextCallFormat.FENCED) {
            FencedRecognizer.fences(text).stream()
                    .filter(f -> !f.forTools() && f.block().start() < d.start && d.end <= f.block().end())
                    .findFirst()
                    .ifPresent(f -> reasons.add(new Confidence.Reason(-0.30, "shown inside a ```" + f.language()
                            + " code block")));
        }
        Matcher cue = DISCUSSION.matcher(leadIn(text, d.start).toLowerCase(Locale.ROOT));
        if (cue.find()) {
            reasons.add(new Confidence.Reason(-0.30, "the words before it talk about a call (\"" + cue.group() + "\")"));
        }
    }

    /** The text leading to {@code start}: the rest of its line, or the line before when it starts a line. */
    static String leadIn(String text, int start) {
        int lineStart = text.lastIndexOf('\n', start - 1) + 1;
        String before = text.substring(lineStart, start);
        if (before.isBlank()) {
            int lineEnd = lineStart - 1;
            while (lineEnd > 0) {
                int prevStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
                String line = text.substring(prevStart, lineEnd);
                if (!line.isBlank()) {
                    before = line;
                    break;
                }
                lineEnd = prevStart - 1;
            }
        }
        // Only the last sentence counts: "Paris is sunny. Let me check Rome:" says nothing about examples.
        int sentence = Math.max(before.lastIndexOf(". "), Math.max(before.lastIndexOf("! "), before.lastIndexOf("? ")));
        return sentence < 0 ? before : before.substring(sentence + 2);
    }

    private static boolean inInlineCode(String text, int start, int end) {
        boolean opened = start > 0 && text.charAt(start - 1) == '`' && (start < 2 || text.charAt(start - 2) != '`');
        boolean closed = end < text.length() && text.charAt(end) == '`'
                && (end + 1 >= text.length() || text.charAt(end + 1) != '`');
        return opened && closed;
    }

    private static boolean looksLikeSchema(JsonValue args) {
        return args.get("properties").isPresent()
                && args.get("type").flatMap(JsonValue::asText).map("object"::equals).orElse(false);
    }

    private static boolean looksLikePlaceholders(JsonValue args) {
        if (!(args instanceof JsonValue.JsonObject object) || object.members().isEmpty()) {
            return false;
        }
        return object.members().values().stream().allMatch(v -> v instanceof JsonValue.JsonString s
                && PLACEHOLDER_VALUE.matcher(s.value().strip()).matches());
    }
}
