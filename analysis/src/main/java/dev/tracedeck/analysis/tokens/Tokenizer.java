package dev.tracedeck.analysis.tokens;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * Counts the tokens of text in one encoding, as tiktoken's {@code encode_ordinary} does: text that spells a special
 * token ("<|endoftext|>") counts as the ordinary text it is, which is how the API treats message content.
 * Thread-safe; each encoding's vocabulary is loaded once, on first use (a few hundred milliseconds).
 *
 * <p>Counting costs time linear in the text and memory bounded by a chunk, whatever the text: the encoder's cost grows
 * with the length of a piece its pre-tokenizer makes, and a run of one character (a blank page, a base64 blob of
 * zeros) is one piece, so a long text is counted a chunk at a time, cut where a word begins after a single space (a
 * place where the pre-tokenizer cuts too, so the count stays exact). A chunk with no such place is cut where it ends,
 * and a text longer than {@link #EXACT_LIMIT} characters is counted from evenly spaced samples of it: either way the
 * count is an estimate, and {@link #measure} says so.
 */
public final class Tokenizer {

    /** Texts up to this many characters are counted in one piece. */
    static final int CHUNK = 16 * 1024;
    /** Texts longer than this many characters are counted from samples. */
    static final int EXACT_LIMIT = 1 << 20;
    /** How many chunks a sampled count reads. */
    static final int SAMPLES = 16;

    /** A count, and whether it is the encoding's own (else estimated: see the class's comment). */
    public record Counted(int tokens, boolean exact) {
    }

    private static final EncodingRegistry REGISTRY = Encodings.newLazyEncodingRegistry();
    private static final Map<TokenEncoding, Tokenizer> CACHE = new EnumMap<>(TokenEncoding.class);

    private final TokenEncoding encoding;
    private final ToIntFunction<String> counter;
    private final boolean exact;

    private Tokenizer(TokenEncoding encoding, ToIntFunction<String> counter, boolean exact) {
        this.encoding = encoding;
        this.counter = counter;
        this.exact = exact;
    }

    public static synchronized Tokenizer of(TokenEncoding encoding) {
        return CACHE.computeIfAbsent(encoding, e -> {
            Encoding bpe = REGISTRY.getEncoding(type(e));
            return new Tokenizer(e, bpe::countTokensOrdinary, true);
        });
    }

    /** A tokenizer counting with {@code counter}, as the encoding's own does: for tests of how texts are cut. */
    static Tokenizer counting(TokenEncoding encoding, ToIntFunction<String> counter) {
        return new Tokenizer(encoding, counter, true);
    }

    /**
     * Counts no token but a number no smaller than {@link #of}'s count of the same text, at the cost of reading its
     * characters once and without loading a vocabulary: every token of a byte-pair encoding stands for at least one
     * byte of the text's UTF-8, so the byte length bounds the count. A check that only asks whether a history
     * could reach a limit needs no more where the bound stays under it.
     */
    public static Tokenizer upperBound(TokenEncoding encoding) {
        return new Tokenizer(encoding, Tokenizer::utf8Bound, false);
    }

    /**
     * A looser bound than {@link #upperBound} that costs nothing per character: three times the text's length in
     * UTF-16 units, which no text's UTF-8 exceeds (a unit is at most 3 bytes; a surrogate pair is 4 bytes for 2 units).
     */
    public static Tokenizer lengthBound(TokenEncoding encoding) {
        return new Tokenizer(encoding, text -> (int) Math.min(Integer.MAX_VALUE, 3L * text.length()), false);
    }

    /** The UTF-8 length of {@code text}, or more: a surrogate pair (4 bytes) counts 6, a lone surrogate 3 (1 byte). */
    static int utf8Bound(String text) {
        int bytes = 0;
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        }
        return bytes;
    }

    private static EncodingType type(TokenEncoding encoding) {
        return switch (encoding) {
            case O200K_BASE -> EncodingType.O200K_BASE;
            case CL100K_BASE -> EncodingType.CL100K_BASE;
        };
    }

    public TokenEncoding encoding() {
        return encoding;
    }

    /** Whether {@link #count} is the encoding's count, not a bound of it. */
    public boolean isExact() {
        return exact;
    }

    public int count(String text) {
        return measure(text).tokens();
    }

    /** The count of {@code text}, said to be estimated where it was (a text cut where no word begins, or sampled). */
    public Counted measure(String text) {
        if (text.isEmpty()) {
            return new Counted(0, true);
        }
        if (!exact || text.length() <= CHUNK) {
            return new Counted(counter.applyAsInt(text), true);
        }
        return text.length() <= EXACT_LIMIT ? chunked(text) : sampled(text);
    }

    private Counted chunked(String text) {
        long tokens = 0;
        boolean cutInWord = false;
        int n = text.length();
        for (int start = 0; start < n; ) {
            int end = Math.min(n, start + CHUNK);
            if (end < n) {
                int cut = wordStart(text, start + CHUNK / 2, end);
                if (cut < 0) {
                    cutInWord = true;
                    cut = Character.isLowSurrogate(text.charAt(end)) ? end - 1 : end;
                }
                end = cut;
            }
            tokens += counter.applyAsInt(text.substring(start, end));
            start = end;
        }
        return new Counted((int) Math.min(Integer.MAX_VALUE, tokens), !cutInWord);
    }

    /**
     * The last place in {@code (from, to]} where a single space follows a character that is not a space and precedes
     * a letter or a digit: the pre-tokenizers of every encoding counted here start a piece there ({@code " word"}).
     */
    static int wordStart(String text, int from, int to) {
        for (int i = Math.min(to, text.length() - 2); i > from; i--) {
            if (text.charAt(i) == ' ' && !Character.isWhitespace(text.charAt(i - 1))
                    && Character.isLetterOrDigit(text.charAt(i + 1))) {
                return i;
            }
        }
        return -1;
    }

    private Counted sampled(String text) {
        int n = text.length();
        long tokens = 0;
        long chars = 0;
        for (int s = 0; s < SAMPLES; s++) {
            int start = (int) ((long) (n - CHUNK) * s / (SAMPLES - 1));
            if (start > 0 && Character.isLowSurrogate(text.charAt(start))) {
                start--;
            }
            String sample = text.substring(start, Math.min(n, start + CHUNK));
            tokens += counter.applyAsInt(sample);
            chars += sample.length();
        }
        return new Counted((int) Math.min(Integer.MAX_VALUE, Math.round((double) tokens * n / chars)), false);
    }
}
