package dev.tracedeck.analysis.textcalls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The parser asks a recogniser about a text only when the text holds one of the recogniser's anchors, so an anchor
 * that a call can be written without would lose that call silently. Property: on the texts of
 * {@code textcalls/cases.txt}, on splices of them and of the fuzzer's dictionary of markers, and on random text,
 * whole and as cut by a log, whatever a recogniser finds is in a text holding one of its anchors, and the parser
 * returns what asking every recogniser returns.
 */
class TextAnchorsOfRecognizersTest {

    private static final Set<String> KNOWN = Set.of("get_weather", "core_memory_append", "search", "f");
    private static final int RANDOM_TEXTS = 6_000;
    private static List<String> texts;
    private static int fromCases;

    @BeforeAll
    static void texts() throws IOException {
        List<String> cases = TextCallCasesTest.cases().stream().map(TextCallCasesTest.Case::text).toList();
        texts = new ArrayList<>(cases);
        fromCases = cases.size();
        Random random = new Random(20_251_126);
        List<String> markers = dictionary();
        for (int i = 0; i < RANDOM_TEXTS; i++) {
            texts.add(randomText(random, cases, markers));
        }
    }

    @Test
    void everyCallARecognizerFindsIsInATextHoldingOneOfItsAnchors() {
        for (TextCallRecognizer recognizer : TextCallParser.standard().recognizers()) {
            Optional<String> missed = missedCall(recognizer);
            assertTrue(missed.isEmpty(), () -> recognizer.format().id() + " found a call in a text holding none of its anchors \""
                    + recognizer.anchors() + "\":\n" + missed.get());
        }
    }

    @Test
    void theRandomTextsHoldCallsOfEveryFormatAndTextsWithoutAnAnchor() {
        Map<TextCallFormat, Integer> found = new EnumMap<>(TextCallFormat.class);
        int withoutAnchor = 0;
        for (String text : texts.subList(fromCases, texts.size())) {
            TextCallParser.standard().recognizers().forEach(r -> {
                if (!r.recognize(new ParseContext(text, KNOWN)).isEmpty()) {
                    found.merge(r.format(), 1, Integer::sum);
                }
            });
            if (TextCallParser.standard().recognizers().stream().allMatch(r -> r.anchors().in(text).isEmpty())) {
                withoutAnchor++;
            }
        }
        for (TextCallFormat format : TextCallFormat.values()) {
            assertTrue(found.getOrDefault(format, 0) >= 20, format.id() + " found in only " + found.get(format) + " texts");
        }
        assertTrue(withoutAnchor >= 200, "only " + withoutAnchor + " texts without an anchor");
    }

    @Test
    void aRecognizerGivenAnAnchorItsCallsLackIsCaught() {
        TextCallRecognizer hermes = new HermesRecognizer();
        TextCallRecognizer misanchored = new TextCallRecognizer() {
            @Override
            public TextCallFormat format() {
                return hermes.format();
            }

            @Override
            public TextAnchors anchors() {
                return TextAnchors.of('#');
            }

            @Override
            public List<TextToolCall> recognize(ParseContext context) {
                return hermes.recognize(context);
            }
        };
        assertTrue(missedCall(misanchored).isPresent());
    }

    @Test
    void theParserReturnsWhatAskingEveryRecognizerReturns() {
        TextCallParser parser = TextCallParser.standard();
        TextCallParser askingAll = new TextCallParser(parser.recognizers().stream().map(TextAnchorsOfRecognizersTest::askedAlways).toList());
        for (String text : texts) {
            // The reference skips only a text with no ASCII character at all, which holds no marker of any format.
            assertEquals(askingAll.parse(text, KNOWN), parser.parse(text, KNOWN), () -> "whole:\n" + text);
            assertEquals(askingAll.parseCut(text, KNOWN), parser.parseCut(text, KNOWN), () -> "cut:\n" + text);
        }
    }

    /** A text, whole or cut, in which {@code recognizer} finds a call although the text holds none of its anchors. */
    private static Optional<String> missedCall(TextCallRecognizer recognizer) {
        for (String text : texts) {
            if (!recognizer.anchors().in(text).isEmpty()) {
                continue;
            }
            for (boolean cut : new boolean[] {false, true}) {
                if (!recognizer.recognize(new ParseContext(text, KNOWN, cut)).isEmpty()) {
                    return Optional.of(text);
                }
            }
        }
        return Optional.empty();
    }

    private static TextCallRecognizer askedAlways(TextCallRecognizer recognizer) {
        char[] ascii = new char[128];
        for (char c = 0; c < 128; c++) {
            ascii[c] = c;
        }
        TextAnchors every = TextAnchors.of(ascii);
        return new TextCallRecognizer() {
            @Override
            public TextCallFormat format() {
                return recognizer.format();
            }

            @Override
            public TextAnchors anchors() {
                return every;
            }

            @Override
            public List<TextToolCall> recognize(ParseContext context) {
                return recognizer.recognize(context);
            }
        };
    }

    /**
     * Pieces of real cases (whose anchors a splice may cut off while keeping the rest of a call), markers from the
     * fuzzer's dictionary, JSON-like and Python-like fragments, prose and characters beyond ASCII, joined at random.
     */
    private static String randomText(Random random, List<String> cases, List<String> markers) {
        String[] fragments = {"{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}", "get_weather(city='Paris')",
                "{\"function\": \"search\", \"params\": {\"q\": 1}}", "\"name\": \"f\"", "\"arguments\": {}", "(a=1)", "f(",
                "name=\"f\"", " params=\"{&quot;a&quot;: 1}\"", "/>", "json\n", "tool_code\n", "~~~json\n", "~~~tool_call\n",
                "\n~~~\n", "\n", " ", ";", ", ", "}", "]",
                ")", "\"", "'", "The weather in Paris is mild today.", "¼ | ; \u013c 😀 é"};
        StringBuilder text = new StringBuilder();
        for (int pieces = 1 + random.nextInt(8); pieces > 0; pieces--) {
            int kind = random.nextInt(10);
            if (kind < 3) {
                String c = cases.get(random.nextInt(cases.size()));
                int from = random.nextInt(c.length() + 1);
                int to = from + random.nextInt(c.length() - from + 1);
                text.append(c, random.nextBoolean() ? 0 : from, to);
            } else if (kind < 5) {
                text.append(markers.get(random.nextInt(markers.size())));
            } else if (kind < 9) {
                text.append(fragments[random.nextInt(fragments.length)]);
            } else {
                for (int i = random.nextInt(6); i > 0; i--) {
                    text.append((char) (random.nextBoolean() ? 32 + random.nextInt(95) : 128 + random.nextInt(400)));
                }
            }
        }
        return text.toString();
    }

    /** The libFuzzer dictionary's entries: quoted, with {@code \\}, {@code \"} and {@code \xNN} escapes. */
    private static List<String> dictionary() throws IOException {
        String dict;
        try (InputStream in = TextAnchorsOfRecognizersTest.class.getResourceAsStream("/dev/tracedeck/analysis/fuzz/textcalls.dict")) {
            dict = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> entries = new ArrayList<>();
        for (String line : dict.split("\n")) {
            if (!line.startsWith("\"")) {
                continue;
            }
            String quoted = line.substring(1, line.lastIndexOf('"'));
            StringBuilder entry = new StringBuilder();
            for (int i = 0; i < quoted.length(); i++) {
                char c = quoted.charAt(i);
                if (c == '\\' && i + 1 < quoted.length() && quoted.charAt(i + 1) == 'x') {
                    entry.append((char) Integer.parseInt(quoted.substring(i + 2, i + 4), 16));
                    i += 3;
                } else if (c == '\\' && i + 1 < quoted.length()) {
                    entry.append(quoted.charAt(++i));
                } else {
                    entry.append(c);
                }
            }
            entries.add(entry.toString());
        }
        assertTrue(entries.size() >= 30, "the dictionary has only " + entries.size() + " entries");
        return entries;
    }
}
