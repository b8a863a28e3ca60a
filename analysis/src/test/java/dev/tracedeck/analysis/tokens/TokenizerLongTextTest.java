package dev.tracedeck.analysis.tokens;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A long text is counted a bounded chunk at a time: exactly, when it is cut where words begin; as an estimate that
 * says so when it has no such place (a run of one character) or is longer than the exact limit, which is sampled.
 */
class TokenizerLongTextTest {

    private static final Encoding O200K = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

    @Test
    void proseCutWhereWordsBeginCountsExactlyAsTheWholeDoes() {
        String prose = prose(new Random(3), 200_000);
        Tokenizer.Counted counted = Tokenizer.of(TokenEncoding.O200K_BASE).measure(prose);
        assertTrue(counted.exact());
        assertEquals(O200K.countTokensOrdinary(prose), counted.tokens());
        // Words after double spaces, punctuation and line breaks too.
        String mixed = prose.replace(" the ", "  the ").replace(" of ", ",\nof ");
        assertEquals(O200K.countTokensOrdinary(mixed), Tokenizer.of(TokenEncoding.O200K_BASE).measure(mixed).tokens());
    }

    @Test
    void aRunOfOneCharacterIsCountedInBoundedChunksAndSaidToBeEstimated() {
        String run = "A".repeat(3 * Tokenizer.CHUNK + 17);
        Tokenizer.Counted counted = Tokenizer.of(TokenEncoding.O200K_BASE).measure(run);
        assertFalse(counted.exact());
        int whole = O200K.countTokensOrdinary(run);
        assertTrue(Math.abs(counted.tokens() - whole) <= 4, counted.tokens() + " against " + whole);
    }

    @Test
    void anyTextCostsTheEncoderBoundedPiecesAndBoundedWork() {
        AtomicLong longest = new AtomicLong();
        AtomicLong total = new AtomicLong();
        Tokenizer measured = Tokenizer.counting(TokenEncoding.O200K_BASE, text -> {
            longest.accumulateAndGet(text.length(), Math::max);
            total.addAndGet(text.length());
            return text.length() / 4;
        });
        // A hundred million spaces, as a whitespace bomb expands to.
        String blank = " ".repeat(100_000_000);
        Tokenizer.Counted counted = measured.measure(blank);
        assertFalse(counted.exact());
        assertTrue(longest.get() <= Tokenizer.CHUNK, "a piece of " + longest.get());
        assertTrue(total.get() <= (long) Tokenizer.SAMPLES * Tokenizer.CHUNK, "read " + total.get());
        assertEquals(25_000_000, counted.tokens(), 1_000);
        longest.set(0);
        total.set(0);
        String base64 = "A".repeat(Tokenizer.EXACT_LIMIT);
        assertFalse(measured.measure(base64).exact());
        assertTrue(longest.get() <= Tokenizer.CHUNK);
        assertEquals(base64.length(), total.get());
    }

    @Test
    void aPromptWithAnEstimatedTextSaysSo() {
        PromptTokens tokens = new PromptTokens(ChatFormat.GPT_4O);
        PromptCount count = tokens.count(java.util.List.of(PromptMessage.text("user", "0".repeat(2 * Tokenizer.CHUNK))),
                java.util.Optional.empty());
        assertFalse(count.exact());
        assertTrue(count.estimateReasons().contains(PromptTokens.LONG_TEXTS), count.estimateReasons().toString());
    }

    private static String prose(Random random, int length) {
        String[] words = {"the", "agent", "memory", "tool", "call", "result", "of", "a", "Langfuse", "2026", "ünïcödé", "東京"};
        StringBuilder b = new StringBuilder();
        while (b.length() < length) {
            b.append(words[random.nextInt(words.length)]).append(random.nextInt(9) == 0 ? ". " : " ");
        }
        return b.toString();
    }
}
