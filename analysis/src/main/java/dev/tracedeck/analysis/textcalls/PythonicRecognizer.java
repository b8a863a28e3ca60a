package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.text.PythonText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Llama 3.2 / 4's Python-style calls (vLLM's {@code pythonic} parser): {@code [get_weather(city='Paris'), other()]},
 * keyword arguments only, values in Python literal syntax (None, True, nested dicts and lists, escaped quotes).
 * Llama 4 may wrap the list in {@code <|python_start|>…<|python_end|>}, LFM2 in
 * {@code <|tool_call_start|>…<|tool_call_end|>}. A positional argument means code, not a call
 * ({@code [len(x) for x in xs]}), and the list is not taken.
 */
final class PythonicRecognizer implements TextCallRecognizer {

    /** Every call is in a list, opened by '['. */
    private static final TextAnchors ANCHORS = TextAnchors.of('[');
    private static final String[] WRAPPERS = {"<|python_start|>", "<|python_end|>", "<|tool_call_start|>",
            "<|tool_call_end|>", "<|eot_id|>", "<|eom|>", "<|eot|>"};

    @Override
    public TextAnchors anchors() {
        return ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.PYTHONIC;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<ListFound> lists = new ArrayList<>();
        int i = CountedScan.indexOf(text, '[', 0);
        while (i >= 0) {
            ListFound list = readList(text, i);
            if (list != null) {
                lists.add(list);
                i = CountedScan.indexOf(text, '[', Math.max(i + 1, list.end));
            } else {
                i = CountedScan.indexOf(text, '[', i + 1);
            }
        }
        List<int[]> spans = lists.stream().map(l -> new int[] {l.start, l.end}).toList();
        boolean onlyCalls = !lists.isEmpty() && TextScanning.onlyFiller(text, spans, "", WRAPPERS);
        List<TextToolCall> calls = new ArrayList<>();
        for (ListFound list : lists) {
            boolean wrapped = wrapped(text, list.start);
            for (CandidateCall d : list.calls) {
                d.base(0.50, "a Python-style list of calls [name(key=value)]");
                if (wrapped) {
                    d.reason(0.25, "after a tool-call token");
                }
                if (onlyCalls) {
                    d.reason(0.25, "the message is nothing but calls");
                }
                if (!list.closed) {
                    d.reason(-0.05, "the list is never closed").unclosed(0.05);
                }
                calls.add(Scoring.finish(d, context));
            }
        }
        return calls;
    }

    private record ListFound(int start, int end, boolean closed, List<CandidateCall> calls) {
    }

    private static boolean wrapped(String text, int start) {
        return TextScanning.precededBy(text, start, "<|python_start|>") || TextScanning.precededBy(text, start, "<|tool_call_start|>");
    }

    /** The list of calls opening at {@code open}, or null when it is not one. */
    private ListFound readList(String text, int open) {
        List<CandidateCall> calls = new ArrayList<>();
        int pos = TextScanning.skipSpace(text, open + 1, text.length());
        List<String> skipped = new ArrayList<>();
        while (true) {
            CandidateCall call = readCall(text, pos);
            int after;
            if (call != null) {
                call.unrecovered.addAll(skipped);
                calls.add(call);
                after = call.end;
                if (!call.unrecovered.isEmpty() && after >= text.length()) {
                    return new ListFound(open, text.length(), false, calls);
                }
            } else {
                // One unreadable element (bytes, a broken quote) must not take its well-formed siblings with it.
                int nameEnd = TextScanning.identifierEnd(text, pos, text.length());
                if (nameEnd == pos || nameEnd >= text.length() || text.charAt(nameEnd) != '(') {
                    return null;
                }
                after = TextScanning.balancedEnd(text, nameEnd,
                        (int) Math.min(text.length(), (long) nameEnd + TextScanning.UNREADABLE_LOOKAHEAD));
                skipped.add("skipped `" + PythonText.abbreviate(text.substring(pos, after), 40)
                        + "` in the same list: not a call in Python literals");
            }
            pos = TextScanning.skipSpace(text, after, text.length());
            if (pos >= text.length()) {
                return calls.isEmpty() ? null : new ListFound(open, text.length(), false, calls);
            }
            if (text.charAt(pos) == ']') {
                return calls.isEmpty() ? null : new ListFound(open, pos + 1, true, calls);
            }
            if (text.charAt(pos) != ',') {
                return null;
            }
            pos = TextScanning.skipSpace(text, pos + 1, text.length());
        }
    }

    /** One {@code name(key=value, …)} at {@code pos}, or null when the text there is not a call. */
    private CandidateCall readCall(String text, int pos) {
        int nameEnd = TextScanning.identifierEnd(text, pos, text.length());
        if (nameEnd == pos || nameEnd >= text.length() || text.charAt(nameEnd) != '(') {
            return null;
        }
        String name = text.substring(pos, nameEnd);
        Map<String, JsonValue> args = new LinkedHashMap<>();
        List<String> lost = new ArrayList<>();
        int argsStart = nameEnd + 1;
        int at = TextScanning.skipSpace(text, argsStart, text.length());
        while (true) {
            if (at >= text.length()) {
                lost.add("cut off inside the arguments of `" + name + "`");
                return draft(text, pos, text.length(), name, argsStart, text.length(), args, lost);
            }
            if (text.charAt(at) == ')') {
                return draft(text, pos, at + 1, name, argsStart, at, args, lost);
            }
            int keyEnd = TextScanning.identifierEnd(text, at, text.length());
            int eq = TextScanning.skipSpace(text, keyEnd, text.length());
            if (keyEnd == at || eq >= text.length() || text.charAt(eq) != '=' || text.startsWith("==", eq)) {
                return null; // positional argument or an expression: code, not a call
            }
            String key = text.substring(at, keyEnd);
            JsonRead value = LenientJson.read(text, eq + 1, text.length());
            if (value.value().isEmpty() || !value.losses().isEmpty()) {
                if (!value.cutOff()) {
                    return null; // an unreadable value, not a cut one: this was never Python literals
                }
                lost.addAll(value.losses());
                lost.add("lost the value of `" + key + "`");
                return draft(text, pos, value.end(), name, argsStart, value.end(), args, lost);
            }
            args.put(key, value.value().get());
            at = TextScanning.skipSpace(text, value.end(), text.length());
            if (at < text.length() && text.charAt(at) == ',') {
                at = TextScanning.skipSpace(text, at + 1, text.length());
            } else if (at < text.length() && text.charAt(at) != ')') {
                return null; // something after a value that is neither "," nor ")": not Python literals
            }
        }
    }

    private CandidateCall draft(String text, int start, int end, String name, int argsStart, int argsEnd,
                        Map<String, JsonValue> args, List<String> lost) {
        CandidateCall d = new CandidateCall(format(), start, end, name);
        d.arguments = Optional.of(new JsonValue.JsonObject(args));
        d.rawArguments = text.substring(argsStart, Math.max(argsStart, argsEnd));
        d.status = lost.isEmpty() ? ArgumentsStatus.COMPLETE : ArgumentsStatus.PARTIAL;
        d.unrecovered.addAll(lost);
        return d;
    }

}
