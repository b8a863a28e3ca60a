package dev.tracedeck.analysis.tokens;

/** The public byte-pair encodings OpenAI's chat models use, by tiktoken's names. */
public enum TokenEncoding {
    /** GPT-4o, GPT-4.1, o1/o3/o4 class. */
    O200K_BASE("o200k_base"),
    /** GPT-4 and GPT-3.5-turbo class. */
    CL100K_BASE("cl100k_base");

    private final String id;

    TokenEncoding(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
