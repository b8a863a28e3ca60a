package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Markdown fence holding a call: {@code ```tool_call}, {@code ```tool_code}, or a plain
 * {@code ```json} block. A fence named for tools is a call by intent; a {@code json} fence is only one when its
 * object has the shape of a call (a name and arguments), since models put every kind of JSON in fences — the
 * tool's result, a config, an example.
 */
final class FencedRecognizer implements TextCallRecognizer {

    private static final Pattern OPEN = Pattern.compile("(?m)^[ \\t]*+(```|~~~)[ \\t]*+([A-Za-z0-9_\\-]*+)[^\\n]*+\\n");
    private static final Pattern BACKTICKS_CLOSE = Pattern.compile("(?m)^[ \\t]*+```[ \\t]*+$");
    private static final Pattern TILDES_CLOSE = Pattern.compile("(?m)^[ \\t]*+~~~[ \\t]*+$");
    private static final Set<String> TOOL_FENCES = Set.of("tool_call", "tool_calls", "tool_code", "tool",
            "function_call", "functioncall", "tool-call");
    private static final Set<String> JSON_FENCES = Set.of("json", "jsonc", "json5", "");
    /** Every call is in a fence, opened by {@link #OPEN}'s ``` or ~~~. */
    private static final TextAnchors ANCHORS = TextAnchors.of('`', '~');

    @Override
    public TextAnchors anchors() {
        return ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.FENCED;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<Fence> fences = context.fences();
        List<TextToolCall> calls = new ArrayList<>();
        List<int[]> spans = fences.stream().map(f -> new int[] {f.block.start(), f.block.end()}).toList();
        boolean alone = fences.size() == 1 && TextScanning.onlyFiller(text, spans, "");
        for (Fence fence : fences) {
            boolean toolFence = TOOL_FENCES.contains(fence.language);
            if (!toolFence && !JSON_FENCES.contains(fence.language)) {
                continue;
            }
            for (CandidateCall d : fence.block.calls(format(), text)) {
                if (!toolFence && !d.hasArgumentsMember) {
                    continue; // a json fence with a name but no arguments member: data, not a call
                }
                if (toolFence) {
                    d.base(0.75, "in a ```" + fence.language + " fence");
                } else {
                    d.base(0.50, "in a ```" + (fence.language.isEmpty() ? "" : fence.language) + " fence, shaped like a call");
                }
                if (!fence.block.closed()) {
                    d.reason(-0.05, "the fence is never closed").unclosed(0.05);
                }
                if (alone) {
                    d.reason(0.15, "the message is nothing but this fence");
                }
                calls.add(Scoring.finish(d, context));
            }
        }
        return calls;
    }

    record Fence(String language, Block block) {

        boolean forTools() {
            return TOOL_FENCES.contains(language) || JSON_FENCES.contains(language);
        }
    }

    static List<Fence> fences(String text) {
        List<Fence> fences = new ArrayList<>();
        // Most messages hold no fence: two searches for the markers cost far less than the pattern tried at every
        // character (a multiline ^ is not searched for, it is tried at each position).
        if (CountedScan.indexOf(text, "```", 0) < 0 && CountedScan.indexOf(text, "~~~", 0) < 0) {
            return fences;
        }
        Matcher m = OPEN.matcher(text);
        int from = 0;
        while (from < text.length() && CountedScan.find(m, from, text.length())) {
            String marker = m.group(1);
            Matcher close = (marker.equals("```") ? BACKTICKS_CLOSE : TILDES_CLOSE).matcher(text);
            boolean closed = CountedScan.find(close, m.end(), text.length());
            int bodyEnd = closed ? close.start() : text.length();
            int end = closed ? close.end() : text.length();
            int start = text.indexOf(marker, m.start());
            fences.add(new Fence(m.group(2).toLowerCase(Locale.ROOT), new Block(start, m.end(), bodyEnd, end, closed)));
            from = end;
        }
        return fences;
    }
}
