package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Weighs the evidence all formats share and turns a {@link CandidateCall} into a {@link TextToolCall}. The weights are
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
    /** How far back {@link #leadIn} looks. */
    private static final int LEAD_IN = 200;
    private static final Pattern PLACEHOLDER_VALUE = Pattern.compile("<[^<>]{1,40}>|\\.\\.\\.|…|value\\d*|string");

    private Scoring() {
    }

    static TextToolCall finish(CandidateCall d, ParseContext context) {
        List<Confidence.Reason> reasons = new ArrayList<>(d.reasons);
        arguments(d, reasons);
        name(d, context.knownTools(), reasons);
        surroundings(d, context, reasons);
        cut(d, context, reasons);
        return new TextToolCall(d.format, d.name, d.arguments, d.rawArguments, d.status,
                context.span(d.start, d.end), Confidence.of(reasons), List.copyOf(d.unrecovered));
    }

    private static void arguments(CandidateCall d, List<Confidence.Reason> reasons) {
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
    private static void cut(CandidateCall d, ParseContext context, List<Confidence.Reason> reasons) {
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

    private static void name(CandidateCall d, Set<String> known, List<Confidence.Reason> reasons) {
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

    private static void surroundings(CandidateCall d, ParseContext context, List<Confidence.Reason> reasons) {
        String text = context.text();
        if (inInlineCode(text, d.start, d.end)) {
            reasons.add(new Confidence.Reason(-0.35, "quoted in inline code"));
        }
        if (d.format != TextCallFormat.FENCED) {
            enclosingFence(context.fences(), d)
                    .filter(f -> !f.forTools() && d.end <= f.block().end())
                    .ifPresent(f -> reasons.add(new Confidence.Reason(-0.30, "shown inside a ```" + f.language()
                            + " code block")));
        }
        Matcher cue = DISCUSSION.matcher(leadIn(text, d.start).toLowerCase(Locale.ROOT));
        if (cue.find()) {
            reasons.add(new Confidence.Reason(-0.30, "the words before it talk about a call (\"" + cue.group() + "\")"));
        }
    }

    /**
     * The text leading to {@code start}: the rest of its line, or the line before when it starts a line; never more
     * than the {@value #LEAD_IN} characters before it, where the words that present a call as an example stand.
     */
    static String leadIn(String text, int start) {
        int floor = Math.max(0, start - LEAD_IN);
        int lineStart = lineStart(text, start, floor);
        String before = text.substring(lineStart, start);
        if (before.isBlank()) {
            int lineEnd = lineStart - 1;
            while (lineEnd > floor) {
                int prevStart = lineStart(text, lineEnd, floor);
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

    /** The start of the line holding the character before {@code pos}, or {@code floor} when it starts before. */
    private static int lineStart(String text, int pos, int floor) {
        int i = pos;
        while (i > floor && text.charAt(i - 1) != '\n') {
            i--;
        }
        CountedScan.add(pos - i + 1);
        return i;
    }

    /**
     * The last fence opening before the call: fences never overlap, so it is the only one that can hold the call.
     * Found by halving, since a message may hold many fences and many calls.
     */
    private static java.util.Optional<FencedRecognizer.Fence> enclosingFence(List<FencedRecognizer.Fence> fences, CandidateCall d) {
        int low = 0;
        int high = fences.size() - 1;
        int found = -1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (fences.get(mid).block().start() < d.start) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found < 0 ? java.util.Optional.empty() : java.util.Optional.of(fences.get(found));
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
