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
 */
public final class Tokenizer {

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
        return text.isEmpty() ? 0 : counter.applyAsInt(text);
    }
}
