package dev.tracedeck.importers.langchain;

import dev.tracedeck.importers.sniff.JsonHead;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the head of a file shows of LangChain messages, for both the LangChain and the LangGraph importers'
 * confidence: {@code dumpd} envelopes of message classes, {@code messages_to_dict} entries, or plain
 * {@code model_dump} dicts, and whether the messages sit in LangGraph state ({@code values}, {@code channel_values}).
 */
public final class LangChainHead {

    private static final Set<String> TYPES = Set.of("human", "ai", "system", "tool", "chat", "function",
            "HumanMessage", "AIMessage", "AIMessageChunk", "SystemMessage", "ToolMessage", "ChatMessage");
    private static final Pattern MESSAGE_CLASS = Pattern.compile(
            "\"(Human|AI|System|Tool|Chat|Function|Remove)Message(Chunk)?\"");

    private final JsonHead head;
    private final String text;

    private LangChainHead(String text) {
        this.head = JsonHead.of(text);
        this.text = text;
    }

    public static LangChainHead of(String text) {
        return new LangChainHead(text);
    }

    public JsonHead json() {
        return head;
    }

    /**
     * 95 for {@code dumpd} envelopes of message classes, {@code messages_to_dict} entries ({@code type} and
     * {@code data}) or dicts with LangChain's own fields ({@code additional_kwargs}, {@code response_metadata},
     * {@code tool_call_id} beside a LangChain type); 70 for bare {@code {"type": "human", "content": …}}; else 0.
     */
    public int messages() {
        if (!head.isJson()) {
            return 0;
        }
        if (head.hasName("lc") && head.hasValue("type", "constructor") && MESSAGE_CLASS.matcher(text).find()) {
            return 95;
        }
        boolean typed = head.valuesOf("type").stream().anyMatch(TYPES::contains);
        if (!typed) {
            return 0;
        }
        if (head.hasName("data") || head.hasName("additional_kwargs") || head.hasName("response_metadata")
                || head.hasName("invalid_tool_calls")) {
            return 95;
        }
        return head.hasName("content") ? 70 : 0;
    }

    /**
     * True when the head shows LangGraph state around its messages: a checkpoint, a state snapshot, or the states of
     * {@code stream_mode="values"} a line each ({@link ValuesStream}).
     */
    public boolean isGraphState() {
        return head.hasTopLevelName("channel_values")
                || head.hasValue("type", "checkpoint") && head.hasName("payload") && head.hasName("values") || head.hasTopLevelName("checkpoint") && head.hasName("channel_values")
                || head.hasTopLevelName("values") && (head.hasTopLevelName("next") || head.hasTopLevelName("config")
                || head.hasTopLevelName("metadata") || head.hasTopLevelName("checkpoint")
                || head.hasTopLevelName("created_at") || head.hasTopLevelName("tasks"))
                || ValuesStream.inHead(text);
    }
}
