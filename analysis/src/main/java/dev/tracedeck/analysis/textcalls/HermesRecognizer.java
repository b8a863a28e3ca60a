package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.List;

/**
 * Hermes 2 Pro and Qwen 2.5+ (vLLM's {@code hermes} parser): {@code <tool_call>{"name": …, "arguments": …}</tool_call>},
 * repeated. Text before the first block is content. The last block may be unclosed — the model stopped at its
 * end-of-turn token, or was cut off — and is still a call.
 */
final class HermesRecognizer implements TextCallRecognizer {

    private static final String OPEN = "<tool_call>";
    /** Every call is in a block opened by {@link #OPEN}. */
    private static final TextAnchors ANCHORS = TextAnchors.of(OPEN.charAt(0));

    @Override
    public TextAnchors anchors() {
        return ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.HERMES;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<TextToolCall> calls = new ArrayList<>();
        for (Block block : Block.find(text, OPEN, "</tool_call>")) {
            for (CandidateCall d : block.calls(format(), text)) {
                if (block.closed()) {
                    d.base(0.75, "between <tool_call> tags");
                } else {
                    d.base(0.65, "after <tool_call>, never closed").unclosed(0.10);
                }
                calls.add(Scoring.finish(d, context));
            }
        }
        return calls;
    }
}
