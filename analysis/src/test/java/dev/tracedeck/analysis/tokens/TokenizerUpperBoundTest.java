package dev.tracedeck.analysis.tokens;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bound the context rules use to skip tokenizing is never below the real count, whatever the script. */
class TokenizerUpperBoundTest {

    private static final List<String> TEXTS = List.of(
            "", "a", "Hello, world!", "    indented\n\n\n   code();", "1234567890 3.14159 2026-11-26",
            "<|endoftext|> spelled as text", "東京の天気はどうですか？明日は晴れでしょう。", "Ünïcödé façade naïve café",
            "emoji 🎉🚀👩‍👩‍👧 and flags 🇵🇹",
            "Привет, как дела?", "مرحبا بالعالم", "\t\t\r\n \u00a0 \u2028", "{\"query\": \"hotel\", \"limit\": 8}");

    @Test
    void theBoundIsNeverBelowTheCountInEitherEncoding() {
        for (TokenEncoding encoding : TokenEncoding.values()) {
            Tokenizer exact = Tokenizer.of(encoding);
            Tokenizer bound = Tokenizer.upperBound(encoding);
            Tokenizer rough = Tokenizer.lengthBound(encoding);
            for (String text : TEXTS) {
                assertTrue(bound.count(text) >= exact.count(text), encoding + ": " + text);
                assertTrue(rough.count(text) >= bound.count(text), encoding + ": " + text);
            }
            Random random = new Random(7);
            for (int i = 0; i < 2_000; i++) {
                String text = randomText(random);
                assertTrue(bound.count(text) >= exact.count(text), () -> encoding + ": " + text.codePoints().boxed().toList());
                assertTrue(rough.count(text) >= bound.count(text), () -> encoding + ": " + text.codePoints().boxed().toList());
            }
        }
    }

    @Test
    void theBoundIsTheUtf8LengthOfWellFormedText() {
        for (String text : List.of("plain", "東京", "café", "Привет")) {
            assertEquals(text.getBytes(StandardCharsets.UTF_8).length, Tokenizer.upperBound(TokenEncoding.O200K_BASE).count(text));
        }
    }

    /** Code points from the common ranges of several scripts and the emoji plane (jtokkit refuses lone surrogates). */
    private static String randomText(Random random) {
        int[][] ranges = {{0x20, 0x7e}, {0x9, 0xd}, {0xa0, 0x24f}, {0x400, 0x4ff}, {0x3040, 0x30ff}, {0x4e00, 0x9fff},
                {0xac00, 0xd7a3}, {0x1f300, 0x1faff}};
        StringBuilder sb = new StringBuilder();
        int length = 1 + random.nextInt(60);
        for (int i = 0; i < length; i++) {
            int[] range = ranges[random.nextInt(ranges.length)];
            sb.appendCodePoint(range[0] + random.nextInt(range[1] - range[0] + 1));
        }
        return sb.toString();
    }
}
