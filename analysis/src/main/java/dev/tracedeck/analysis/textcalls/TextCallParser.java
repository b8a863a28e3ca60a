package dev.tracedeck.analysis.textcalls;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Finds the tool calls an assistant message writes as text. Runs every recogniser, then settles the text
 * two of them claim: the bare JSON inside a {@code <tool_call>} block is found by the Hermes recogniser and by
 * the Llama 3 one, and only the more specific reading is kept (then the more confident, then the longer).
 * Calls come back in the order they stand in the text. Pure and thread-safe.
 *
 * <p>Everything found is returned, however unsure; callers choose their threshold on
 * {@link TextToolCall#confidence()} (the {@code text-tool-call} rule uses 0.7).
 */
public final class TextCallParser {

    private static final Comparator<TextToolCall> PREFERRED = Comparator
            .comparingInt((TextToolCall c) -> c.format().specificity()).reversed()
            .thenComparing(Comparator.comparingDouble((TextToolCall c) -> c.confidence().value()).reversed())
            .thenComparing(Comparator.comparingInt((TextToolCall c) -> c.span().length()).reversed())
            .thenComparingInt(c -> c.span().start());

    private final List<TextCallRecognizer> recognizers;
    /** Every recogniser's anchors: a text holding none of them is not looked at further. */
    private final TextAnchors anchors;

    public TextCallParser(List<TextCallRecognizer> recognizers) {
        this.recognizers = List.copyOf(recognizers);
        this.anchors = this.recognizers.stream().map(TextCallRecognizer::anchors)
                .reduce(TextAnchors.NONE, TextAnchors::union);
    }

    /** Every format this package knows. */
    public static TextCallParser standard() {
        return new TextCallParser(List.of(new ToolCallBlockRecognizer(), new HermesRecognizer(),
                new MistralRecognizer(), new XmlTagRecognizer(), new FunctionTagRecognizer(), new FencedRecognizer(),
                new PythonicRecognizer(), new Llama3JsonRecognizer(), new FunctionJsonRecognizer()));
    }

    public List<TextCallRecognizer> recognizers() {
        return recognizers;
    }

    /** The calls in {@code text}, judged without knowing the trace's tools. */
    public List<TextToolCall> parse(String text) {
        return parse(text, Set.of());
    }

    /**
     * The calls in {@code text}. Names in {@code knownTools} raise a call's confidence and names missing from
     * it lower it; an empty set means "the trace does not say" and changes nothing.
     */
    public List<TextToolCall> parse(String text, Set<String> knownTools) {
        return parse(text, knownTools, false);
    }

    /**
     * The calls in {@code shownText}, the start of a longer message that a log cut (a preview, with its "..."
     * removed). A call that runs into the cut is not held against the model: an unclosed wrapper or arguments
     * that stop mid-value are what the log dropped, so they lower confidence no more than a whole call's
     * would; what could not be read is still listed in {@link TextToolCall#unrecovered()}.
     */
    public List<TextToolCall> parseCut(String shownText, Set<String> knownTools) {
        return parse(shownText, knownTools, true);
    }

    /**
     * Asks only the recognisers one of whose anchors the text holds: most assistant messages are prose holding
     * none, and one pass over them replaces a search per recogniser and marker.
     */
    private List<TextToolCall> parse(String text, Set<String> knownTools, boolean cutByLog) {
        TextAnchors held = anchors.in(text);
        if (held.isEmpty()) {
            return List.of();
        }
        ParseContext context = new ParseContext(text, knownTools, cutByLog);
        List<TextToolCall> candidates = new ArrayList<>();
        for (TextCallRecognizer recognizer : recognizers) {
            if (held.intersects(recognizer.anchors())) {
                candidates.addAll(recognizer.recognize(context));
            }
        }
        candidates.sort(PREFERRED);
        List<TextToolCall> kept = new ArrayList<>();
        // The kept spans never overlap, so by start they are also in order of end: a candidate can only overlap
        // the kept span starting last at or before it, or the first one starting after it.
        TreeMap<Integer, TextSpan> taken = new TreeMap<>();
        for (TextToolCall candidate : candidates) {
            TextSpan span = candidate.span();
            var before = taken.floorEntry(span.start());
            var after = taken.higherEntry(span.start());
            if ((before == null || !before.getValue().overlaps(span)) && (after == null || !after.getValue().overlaps(span))) {
                kept.add(candidate);
                if (span.length() > 0) {
                    taken.put(span.start(), span);
                }
            }
        }
        kept.sort(Comparator.comparingInt(c -> c.span().start()));
        return List.copyOf(kept);
    }
}
