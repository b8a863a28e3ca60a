package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name in the tag: Llama 3.1's custom-tool format {@code <function=spotify_trending_songs>{"n": "5"}</function>},
 * and Qwen3-Coder's {@code <function=NAME><parameter=P>VALUE</parameter>…</function>}, whose values are raw text
 * (kept as strings: without the tool's schema there is no telling "5" from 5).
 */
final class FunctionTagRecognizer implements TextCallRecognizer {

    private static final Pattern OPEN = Pattern.compile("<function=([A-Za-z_][A-Za-z0-9_.\\-]*)>");
    private static final Pattern PARAMETER = Pattern.compile("<parameter=([^<>\\s]{1,200}+)>\\n?(.*?)\\n?(</parameter>|(?=<parameter=)|$)",
            Pattern.DOTALL);
    private static final String CLOSE = "</function>";
    /** Every call is opened by {@link #OPEN}'s {@code <function=}. */
    private static final TextAnchors ANCHORS = TextAnchors.of('<');

    @Override
    public TextAnchors anchors() {
        return ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.FUNCTION_TAG;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<TextToolCall> calls = new ArrayList<>();
        Matcher m = OPEN.matcher(text);
        int from = 0;
        int close = -2; // as in Block.find: -2 not searched yet, -1 nowhere after the last search
        while (CountedScan.find(m, from, text.length())) {
            int bodyStart = m.end();
            if (close == -2 || close >= 0 && close < bodyStart) {
                close = CountedScan.indexOf(text, CLOSE, bodyStart);
            }
            int next = CountedScan.find(m, bodyStart, text.length()) ? m.start() : -1;
            boolean closed = close >= 0 && (next < 0 || close < next);
            int bodyEnd = closed ? close : (next < 0 ? text.length() : next);
            int end = closed ? close + CLOSE.length() : bodyEnd;
            int open = text.lastIndexOf("<function=", bodyStart - 1);
            CandidateCall d = new CandidateCall(format(), open, end, text.substring(open + "<function=".length(), bodyStart - 1));
            arguments(d, text, bodyStart, bodyEnd);
            d.base(closed ? 0.75 : 0.65, closed ? "inside <function=…></function>" : "after <function=…>, never closed");
            d.unclosed(closed ? 0 : 0.10);
            calls.add(Scoring.finish(d, context));
            from = end;
            if (from >= text.length()) {
                break;
            }
        }
        return calls;
    }

    private static void arguments(CandidateCall d, String text, int bodyStart, int bodyEnd) {
        String body = text.substring(bodyStart, bodyEnd);
        CountedScan.add(body.length());
        int json = TextScanning.skipSpace(text, bodyStart, bodyEnd);
        if (json < bodyEnd && text.charAt(json) == '{') {
            JsonRead read = LenientJson.read(text, json, bodyEnd);
            d.arguments(read, text.substring(json, read.extent(text)));
            return;
        }
        Matcher p = PARAMETER.matcher(body);
        Map<String, JsonValue> params = new LinkedHashMap<>();
        while (p.find()) {
            params.put(p.group(1), new JsonValue.JsonString(p.group(2)));
            if (p.group(3).isEmpty() && p.end() == body.length()) {
                d.lost("parameter `" + p.group(1) + "` never closed; its value may be cut");
            }
        }
        if (!params.isEmpty() || body.isBlank()) {
            d.arguments = java.util.Optional.of(new JsonValue.JsonObject(params));
            d.rawArguments = body.strip();
            d.status = d.unrecovered.isEmpty() ? ArgumentsStatus.COMPLETE : ArgumentsStatus.PARTIAL;
        } else {
            d.rawArguments = body.strip();
            d.lost("arguments are neither JSON nor <parameter=…> tags");
        }
    }
}
