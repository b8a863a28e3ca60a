package dev.tracedeck.analysis.textcalls;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An XML-like element naming the tool in an attribute, as models prompted for text calls write it: {@code <tool_call name="…" params="…"/>}.
 * The arguments are an attribute (JSON, with {@code &quot;} or single quotes inside) or the element's body.
 * Models often put raw double quotes inside a double-quoted attribute ({@code params="{"city": "Paris"}"}); an
 * attribute that opens with a bracket is therefore read as JSON first, up to its closing bracket.
 */
final class XmlTagRecognizer implements TextCallRecognizer {

    private static final Pattern OPEN = Pattern.compile("<(tool_call|function_call|tool_use)(?=\\s)");
    /** Every call is an element, opened by {@link #OPEN}'s '<'. */
    private static final TextAnchors ANCHORS = TextAnchors.of('<');
    private static final List<String> NAME_ATTRS = List.of("name", "function", "tool");
    private static final List<String> ARGS_ATTRS = List.of("params", "arguments", "args", "parameters", "input");

    /** An attribute's value, where its text stands ({@code [start, end)}), and where the next attribute may start. */
    private record Attr(String value, int start, int end, int next) {
    }

    @Override
    public TextAnchors anchors() {
        return ANCHORS;
    }

    @Override
    public TextCallFormat format() {
        return TextCallFormat.XML_TAG;
    }

    @Override
    public List<TextToolCall> recognize(ParseContext context) {
        String text = context.text();
        List<TextToolCall> calls = new ArrayList<>();
        // The pattern is tried at every character; a text without a '<' is passed in one search instead.
        if (CountedScan.indexOf(text, '<', 0) < 0) {
            return calls;
        }
        Matcher m = OPEN.matcher(text);
        Matcher ahead = OPEN.matcher(text);
        int from = 0;
        int nextOpen = -1;
        while (from < text.length() && CountedScan.find(m, from, text.length())) {
            from = m.end();
            if (nextOpen < from) {
                nextOpen = CountedScan.find(ahead, from, text.length()) ? ahead.start() : text.length();
            }
            Element element = element(text, m.end(), m.group(1), nextOpen);
            if (element == null) {
                continue;
            }
            from = element.end;
            Optional<String> name = NAME_ATTRS.stream().filter(element.attrs::containsKey).findFirst()
                    .map(k -> element.attrs.get(k).value().strip());
            if (name.isEmpty() || name.get().isEmpty()) {
                continue;
            }
            CandidateCall d = new CandidateCall(format(), m.start(), element.end, name.get());
            arguments(d, text, element);
            d.base(element.tagClosed ? 0.75 : 0.60, element.tagClosed
                    ? "an XML-like <" + m.group(1) + "> element naming the tool"
                    : "an XML-like <" + m.group(1) + "> element the text cuts off");
            d.unclosed(element.tagClosed ? 0 : 0.15);
            calls.add(Scoring.finish(d, context));
        }
        return calls;
    }

    private static final class Element {
        final Map<String, Attr> attrs = new LinkedHashMap<>();
        boolean tagClosed;
        int bodyStart = -1;
        int bodyEnd = -1;
        int end;
    }

    /** The element whose tag name ends at {@code pos}; JSON in its attributes is read no further than {@code jsonLimit}. */
    private static Element element(String text, int pos, String tag, int jsonLimit) {
        Element e = new Element();
        while (true) {
            pos = TextScanning.skipSpace(text, pos, text.length());
            if (pos >= text.length()) {
                e.end = text.length();
                return e;
            }
            if (text.startsWith("/>", pos)) {
                e.tagClosed = true;
                e.end = pos + 2;
                return e;
            }
            if (text.charAt(pos) == '>') {
                e.tagClosed = true;
                String close = "</" + tag + ">";
                int closing = CountedScan.indexOf(text, close, pos + 1);
                e.bodyStart = pos + 1;
                e.bodyEnd = closing < 0 ? text.length() : closing;
                e.end = closing < 0 ? text.length() : closing + close.length();
                return e;
            }
            int nameEnd = TextScanning.identifierEnd(text, pos, text.length());
            if (nameEnd == pos) {
                return e.attrs.isEmpty() ? null : cutAt(e, pos);
            }
            String attr = text.substring(pos, nameEnd);
            pos = TextScanning.skipSpace(text, nameEnd, text.length());
            if (pos >= text.length() || text.charAt(pos) != '=') {
                return e.attrs.isEmpty() ? null : cutAt(e, pos);
            }
            pos = TextScanning.skipSpace(text, pos + 1, text.length());
            Attr value = value(text, pos, jsonLimit);
            if (value == null) {
                return cutAt(e, text.length());
            }
            e.attrs.put(attr, value);
            pos = value.next();
        }
    }

    private static Element cutAt(Element e, int pos) {
        e.end = pos;
        return e;
    }

    private static Attr value(String text, int pos, int jsonLimit) {
        if (pos >= text.length()) {
            return null;
        }
        char q = text.charAt(pos);
        if (q != '"' && q != '\'') {
            int end = pos;
            while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && text.charAt(end) != '>'
                    && !text.startsWith("/>", end)) {
                end++;
            }
            CountedScan.add(end - pos + 1);
            return new Attr(text.substring(pos, end), pos, end, end);
        }
        int start = pos + 1;
        if (start < text.length() && (text.charAt(start) == '{' || text.charAt(start) == '[')) {
            // A call's JSON ends before the next element opens: reading on would read the same text once per element.
            JsonRead read = LenientJson.read(text, start, Math.max(start, jsonLimit));
            if (read.complete() && read.end() < text.length() && text.charAt(read.end()) == q) {
                return new Attr(text.substring(start, read.end()), start, read.end(), read.end() + 1);
            }
        }
        int close = CountedScan.indexOf(text, String.valueOf(q), start);
        if (close < 0) {
            // The text ends inside the value: keep what there is, the arguments reader will say what is missing.
            return new Attr(unescape(text.substring(start)), start, text.length(), text.length());
        }
        return new Attr(unescape(text.substring(start, close)), start, close, close + 1);
    }

    private static void arguments(CandidateCall d, String text, Element e) {
        Optional<String> key = ARGS_ATTRS.stream().filter(e.attrs::containsKey).findFirst();
        if (key.isPresent()) {
            Attr attr = e.attrs.get(key.get());
            JsonRead read = LenientJson.read(attr.value());
            d.arguments(read, text.substring(attr.start(), attr.end()));
            return;
        }
        if (e.bodyStart >= 0) {
            int json = TextScanning.skipSpace(text, e.bodyStart, e.bodyEnd);
            if (json < e.bodyEnd) {
                JsonRead read = LenientJson.read(text, json, e.bodyEnd);
                d.arguments(read, text.substring(json, Math.max(json, e.bodyEnd)).strip());
                return;
            }
        }
        if (e.tagClosed) {
            d.arguments = Optional.of(new JsonValue.JsonObject(Map.of()));
            d.status = ArgumentsStatus.COMPLETE;
        } else {
            d.lost("the element is cut off before its arguments");
        }
    }

    private static String unescape(String s) {
        return s.replace("&quot;", "\"").replace("&apos;", "'").replace("&#39;", "'").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&");
    }
}
