package dev.tracedeck.analysis.tokens;

import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.List;
import java.util.Objects;

/**
 * A message as it is sent to a chat model, reduced to what is counted: OpenAI's chat shape.
 *
 * @param role       "system", "developer", "user", "assistant", "tool" or a custom role
 * @param content    the text the model reads
 * @param name       the optional participant name ("" when none)
 * @param toolCalls  calls an assistant message made
 * @param toolCallId the call a tool result answers ("" when none)
 * @param category   where its tokens go in a breakdown
 */
public record PromptMessage(String role, String content, String name, List<ToolCall> toolCalls, String toolCallId,
                            TokenCategory category) {

    public PromptMessage {
        Objects.requireNonNull(role);
        Objects.requireNonNull(content);
        Objects.requireNonNull(name);
        toolCalls = List.copyOf(toolCalls);
        Objects.requireNonNull(toolCallId);
        Objects.requireNonNull(category);
    }

    public static PromptMessage of(Message message) {
        return new PromptMessage(message.role(), message.content(), message.name(), message.toolCalls(),
                message.toolCallId(), TokenCategory.of(message));
    }

    public static PromptMessage text(String role, String content) {
        return of(Message.text(role, content));
    }

    public PromptMessage named(String participant) {
        return new PromptMessage(role, content, participant, toolCalls, toolCallId, category);
    }
}
