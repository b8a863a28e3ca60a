package dev.tracedeck.analysis.textcalls;

import java.util.List;

/**
 * Finds the calls one format writes. Recognisers are stateless and look at the whole message; they may
 * return calls that other formats also claim (the bare JSON inside a {@code <tool_call>} block), since
 * {@link TextCallParser} settles overlaps.
 */
public interface TextCallRecognizer {

    TextCallFormat format();

    /**
     * Characters at least one of which stands in every text this recogniser finds a call in (its marker's, its
     * bracket's): the parser does not ask it about a text holding none of them. A wrong anchor would lose calls
     * without a sound, so each one is checked against the recogniser's own findings (TextAnchorsOfRecognizersTest).
     */
    TextAnchors anchors();

    List<TextToolCall> recognize(ParseContext context);
}
