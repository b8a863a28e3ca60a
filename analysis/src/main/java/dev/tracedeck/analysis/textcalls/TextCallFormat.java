package dev.tracedeck.analysis.textcalls;

/**
 * The ways models write tool calls as text. The id is part of the command-line and JSON contract. When two
 * formats claim the same text, the more specific one wins: an explicit wrapper ({@code <tool_call>},
 * {@code [TOOL_CALLS]}, a fence) says more than the bare JSON inside it.
 */
public enum TextCallFormat {
    /** The prompt that asks models without native tool calling for {@code TOOL_CALL_START {"function": …, "params": …} TOOL_CALL_END}. */
    TOOL_CALL_BLOCK("tool-call-block", 3),
    /** Hermes 2 Pro / Qwen 2.5+: {@code <tool_call>{"name": …, "arguments": …}</tool_call>}, repeated. */
    HERMES("hermes", 3),
    /** Mistral: {@code [TOOL_CALLS][{…}, …]} and, since tokenizer v11, {@code [TOOL_CALLS]name{…}}. */
    MISTRAL("mistral", 3),
    /** An XML-like element with attributes: {@code <tool_call name="…" params="…"/>}. */
    XML_TAG("xml-tag", 3),
    /** Llama 3.1 custom tools: {@code <function=name>{…}</function>}. */
    FUNCTION_TAG("function-tag", 3),
    /** A fenced block: {@code ```tool_call}, {@code ```tool_code} or {@code ```json} holding a call. */
    FENCED("fenced", 2),
    /** Llama 3.2 / 4 Python-style list: {@code [get_weather(city="Paris"), …]}. */
    PYTHONIC("pythonic", 1),
    /** Llama 3.x bare JSON {@code {"name": …, "parameters": …}}, several separated by {@code ;}. */
    LLAMA3_JSON("llama3-json", 1),
    /** Bare JSON {@code {"function": …, "params": …}} (the TOOL_CALL_START prompt's), or OpenAI's {@code {"function": {"name", "arguments"}}}. */
    FUNCTION_JSON("function-json", 1);

    private final String id;
    private final int specificity;

    TextCallFormat(String id, int specificity) {
        this.id = id;
        this.specificity = specificity;
    }

    public String id() {
        return id;
    }

    /** Higher for formats whose markers leave less doubt about what the text is. */
    public int specificity() {
        return specificity;
    }
}
