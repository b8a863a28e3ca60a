package dev.tracedeck.model.tokens;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.EnumMap;
import java.util.Map;

/**
 * Counts the tokens of text in one encoding, as tiktoken's {@code encode_ordinary} does: text that spells a special
 * token ("<|endoftext|>") counts as the ordinary text it is, which is how the API treats message content.
 * Thread-safe; each encoding's vocabulary is loaded once, on first use (a few hundred milliseconds).
 */
public final class Tokenizer {

    private static final EncodingRegistry REGISTRY = Encodings.newLazyEncodingRegistry();
    private static final Map<TokenEncoding, Tokenizer> CACHE = new EnumMap<>(TokenEncoding.class);

    private final TokenEncoding encoding;
    private final Encoding bpe;

    private Tokenizer(TokenEncoding encoding, Encoding bpe) {
        this.encoding = encoding;
        this.bpe = bpe;
    }

    public static synchronized Tokenizer of(TokenEncoding encoding) {
        return CACHE.computeIfAbsent(encoding, e -> new Tokenizer(e, REGISTRY.getEncoding(type(e))));
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

    public int count(String text) {
        return text.isEmpty() ? 0 : bpe.countTokensOrdinary(text);
    }
}
