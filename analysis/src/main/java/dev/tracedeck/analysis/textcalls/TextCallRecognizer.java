package dev.tracedeck.analysis.textcalls;

import java.util.List;

/**
 * Finds the calls one format writes. Recognisers are stateless and look at the whole message; they may
 * return calls that other formats also claim (the bare JSON inside a {@code <tool_call>} block), since
 * {@link TextCallParser} settles overlaps.
 */
public interface TextCallRecognizer {

    TextCallFormat format();

    List<TextToolCall> recognize(ParseContext context);
}
