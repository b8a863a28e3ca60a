package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.List;

/**
 * Llama 3.x JSON tool calls (vLLM's {@code llama3_json}): a bare {@code {"name": …, "parameters": …}} (or
 * {@code "arguments"}), several separated by {@code ;}, possibly after {@code <|python_tag|>}. Without markers,
 * only the shape and the message around it tell a call from JSON the model shows: a message that is nothing
 * but calls is a call; one object in the middle of prose is less sure.
 */
final class Llama3JsonRecognizer implements TextCallRecognizer {

    static final String[] LLAMA_TOKENS = {"<|python_tag|>", "<|eot_id|>", "<|eom_id|>"};

    @Override
    public TextAnchors anchors() {
        return BareJson.ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.LLAMA3_JSON;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<BareJson.Found> found = context.bareJson().stream()
                .filter(f -> f.shape().nameKey().equals("name") && f.shape().hasArgumentsKey()).toList();
        List<int[]> spans = found.stream().map(f -> new int[] {f.start(), f.end()}).toList();
        boolean onlyCalls = !found.isEmpty() && TextScanning.onlyFiller(text, spans, ";,", LLAMA_TOKENS);
        List<TextToolCall> calls = new ArrayList<>();
        for (BareJson.Found f : found) {
            CandidateCall d = CandidateCall.of(format(), f.start(), f.end(), f.shape())
                    .base(0.50, "bare JSON with \"name\" and \"" + f.shape().argsKey().orElseThrow() + "\"");
            if (TextScanning.precededBy(text, f.start(), "<|python_tag|>")) {
                d.reason(0.25, "after Llama's <|python_tag|>");
            }
            if (onlyCalls) {
                d.reason(0.25, "the message is nothing but calls");
            }
            calls.add(Scoring.finish(d, context));
        }
        return calls;
    }
}
