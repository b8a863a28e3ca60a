package dev.tracedeck.importers.langfuse;

import dev.tracedeck.importers.spans.AttributeMessage;
import dev.tracedeck.model.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A chat call's messages flattened into one text, as OpenLIT records the prompt of an OpenAI call (the
 * instrumentation Langfuse's AutoGen and Agno integrations use): each message {@code role: content}, the messages
 * joined by new lines, a list content written as its parts ({@code text: …, image_url: …}). A line that starts with a
 * role and a colon starts the next message. A prompt that holds a tool's result is left whole: OpenLIT writes a turn
 * that called tools as its content alone ({@code assistant: None}), so the calls those results answer are not in the
 * text, and results read without them would answer nothing.
 */
final class FlattenedPrompt {

    private static final Pattern ROLE = Pattern.compile("^(system|developer|user|assistant|tool|function): ",
            Pattern.MULTILINE);
    private static final Set<String> RESULTS = Set.of("tool", "function");

    private FlattenedPrompt() {
    }

    /** The messages of {@code text} at {@code pointer}; none when it does not start with a role or holds a result. */
    static List<AttributeMessage> read(String text, String pointer) {
        Matcher m = ROLE.matcher(text);
        if (!m.find() || m.start() != 0) {
            return List.of();
        }
        List<AttributeMessage> messages = new ArrayList<>();
        String role = m.group(1);
        int from = m.end();
        while (m.find()) {
            messages.add(message(role, text.substring(from, m.start() - 1), pointer, text));
            role = m.group(1);
            from = m.end();
        }
        messages.add(message(role, text.substring(from), pointer, text));
        boolean results = messages.stream().anyMatch(a -> RESULTS.contains(((AttributeMessage.Msg) a).message().role()));
        return results ? List.of() : messages;
    }

    private static AttributeMessage message(String role, String content, String pointer, String text) {
        return new AttributeMessage.Msg(Message.text(role, content), pointer, text);
    }
}
