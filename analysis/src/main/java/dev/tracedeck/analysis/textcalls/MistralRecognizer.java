package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.List;

/**
 * Mistral's {@code [TOOL_CALLS]} token, printed as text. Before tokenizer v11 a JSON list follows
 * ({@code [TOOL_CALLS] [{"name": …, "arguments": …}, …]}, keys in any order); from v11 (Mistral Small 3.2) the
 * token is repeated per call and followed by the name and the arguments ({@code [TOOL_CALLS]add{"a": 1}}), in
 * some versions with {@code [CALL_ID]…} and {@code [ARGS]} between them.
 */
final class MistralRecognizer implements TextCallRecognizer {

    private static final String TOKEN = "[TOOL_CALLS]";
    /** Every call follows {@link #TOKEN}. */
    private static final TextAnchors ANCHORS = TextAnchors.of(TOKEN.charAt(0));

    @Override
    public TextAnchors anchors() {
        return ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.MISTRAL;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<TextToolCall> calls = new ArrayList<>();
        int at = CountedScan.indexOf(text, TOKEN, 0);
        while (at >= 0) {
            int next = CountedScan.indexOf(text, TOKEN, at + TOKEN.length());
            int limit = next < 0 ? text.length() : next;
            for (CandidateCall d : afterToken(text, at, limit)) {
                calls.add(Scoring.finish(d.base(0.80, "after Mistral's [TOOL_CALLS] token"), context));
            }
            at = next;
        }
        return calls;
    }

    private List<CandidateCall> afterToken(String text, int token, int limit) {
        int pos = TextScanning.skipSpace(text, token + TOKEN.length(), limit);
        List<CandidateCall> drafts = new ArrayList<>();
        if (pos >= limit) {
            return drafts;
        }
        char c = text.charAt(pos);
        if (c == '[' || c == '{') {
            JsonRead read = LenientJson.read(text, pos, limit);
            if (read.value().isPresent()) {
                for (Elements.Element e : Elements.of(read, text)) {
                    CallShape.of(e.value(), read, text).ifPresent(shape ->
                            drafts.add(CandidateCall.of(format(), e.start(), e.end(), shape)));
                }
            }
            return drafts;
        }
        int nameEnd = TextScanning.identifierEnd(text, pos, limit);
        if (nameEnd == pos) {
            return drafts;
        }
        String name = text.substring(pos, nameEnd);
        int args = skipMarkers(text, nameEnd, limit);
        if (args < limit && text.charAt(args) == '{') {
            JsonRead read = LenientJson.read(text, args, limit);
            int end = read.extent(text);
            drafts.add(new CandidateCall(format(), token, end, name).arguments(read, text.substring(args, end)));
        } else if (args >= limit) {
            // [TOOL_CALLS]name and nothing more: the model stopped before the arguments
            drafts.add(new CandidateCall(format(), token, nameEnd, name).lost("no arguments follow the name"));
        }
        return drafts;
    }

    /** Skips {@code [CALL_ID]id} and {@code [ARGS]}, which some tokenizer versions put between name and arguments. */
    private static int skipMarkers(String text, int pos, int limit) {
        pos = TextScanning.skipSpace(text, pos, limit);
        if (text.startsWith("[CALL_ID]", pos)) {
            pos = TextScanning.identifierEnd(text, pos + "[CALL_ID]".length(), limit);
        }
        if (text.startsWith("[ARGS]", pos)) {
            pos += "[ARGS]".length();
        }
        return TextScanning.skipSpace(text, pos, limit);
    }
}
