package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.List;

/**
 * Bare JSON naming the tool under another key than {@code name}: the TOOL_CALL_START prompt's {@code {"function": …, "params": …}},
 * OpenAI's {@code {"type": "function", "function": {"name": …, "arguments": "…"}}} pasted into text, or
 * {@code {"tool": …, "args": …}}. Like {@link Llama3JsonRecognizer}, surer when the message holds nothing else.
 */
final class FunctionJsonRecognizer implements TextCallRecognizer {

    @Override
    public TextAnchors anchors() {
        return BareJson.ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.FUNCTION_JSON;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<BareJson.Found> found = context.bareJson().stream()
                .filter(f -> !f.shape().nameKey().equals("name")
                        && (f.shape().hasArgumentsKey() || f.shape().nameKey().equals("function.name")))
                .toList();
        List<int[]> spans = found.stream().map(f -> new int[] {f.start(), f.end()}).toList();
        boolean onlyCalls = !found.isEmpty() && TextScanning.onlyFiller(text, spans, ";,");
        List<TextToolCall> calls = new ArrayList<>();
        for (BareJson.Found f : found) {
            CandidateCall d = CandidateCall.of(format(), f.start(), f.end(), f.shape())
                    .base(0.50, "bare JSON naming the tool in \"" + f.shape().nameKey() + "\"");
            if (onlyCalls) {
                d.reason(0.25, "the message is nothing but calls");
            }
            calls.add(Scoring.finish(d, context));
        }
        return calls;
    }
}
