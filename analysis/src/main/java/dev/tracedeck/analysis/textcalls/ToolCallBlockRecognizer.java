package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.List;

/**
 * The format a prompt for models without native tool calling asks for: {@code TOOL_CALL_START}, a JSON object
 * {@code {"function": …, "params": …}} on the following lines, {@code TOOL_CALL_END}. A block the model never
 * ended (it was told to stop after the call, and sometimes stops too soon) is still a call.
 */
final class ToolCallBlockRecognizer implements TextCallRecognizer {

    private static final String OPEN = "TOOL_CALL_START";

    /** Every call is in a block opened by TOOL_CALL_START: its '_' is rarer in prose than its letters. */
    private static final TextAnchors ANCHORS = TextAnchors.of(OPEN.charAt(OPEN.indexOf('_')));

    @Override
    public TextAnchors anchors() {
        return ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.TOOL_CALL_BLOCK;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<TextToolCall> calls = new ArrayList<>();
        for (Block block : Block.find(text, OPEN, "TOOL_CALL_END")) {
            for (CandidateCall d : block.calls(format(), text)) {
                if (block.closed()) {
                    d.base(0.75, "between TOOL_CALL_START and TOOL_CALL_END");
                } else {
                    d.base(0.65, "after TOOL_CALL_START, never ended").unclosed(0.10);
                }
                calls.add(Scoring.finish(d, context));
            }
        }
        return calls;
    }
}
