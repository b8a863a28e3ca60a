package dev.tracedeck.importers.chat;

import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One thread's history as its events have written it so far, to tell which of a model call's input messages are
 * new. Each call sends the whole history again; the new messages are those the thread does not hold yet, counted
 * by occurrence: the second copy of a message in an input is new when the thread holds it only once (a user who
 * says "go on" twice). Counting rather than matching a prefix keeps the history right when an agent trims its
 * oldest messages, when a system prompt changes, and when two agents with histories of their own call the model in
 * one trace. Read the same way wherever calls are recorded one by one with their whole input: OpenTelemetry spans, an
 * SDK's recorded HTTP exchanges.
 *
 * <p>Two messages are the same when role and text agree, or, for calls and results, role and call ids: the
 * instrumentation writes the model's answer and the next request's copy of it through different code, which may
 * render arguments and empty content differently.
 */
public final class KnownMessages {

    private final Map<String, Integer> held = new HashMap<>();
    private final Function<Message, String> keys;
    private int size;

    public KnownMessages() {
        this(KnownMessages::key);
    }

    /**
     * A history that takes each message's {@link #key} from {@code keys}: a cache of them, where the same messages are
     * written again and again (a file read as it grows, whose calls are all written again at each read).
     */
    public KnownMessages(Function<Message, String> keys) {
        this.keys = keys;
    }

    /** The items of {@code input} whose messages the thread does not hold yet, in their order. */
    public <T> List<T> unseen(List<T> input, Function<T, Message> message) {
        Map<String, Integer> copies = new HashMap<>();
        List<T> unseen = new ArrayList<>();
        for (T item : input) {
            String key = keys.apply(message.apply(item));
            int copy = copies.merge(key, 1, Integer::sum);
            if (held.getOrDefault(key, 0) < copy) {
                unseen.add(item);
            }
        }
        return unseen;
    }

    /** Adds a message written to the thread; returns its position in the thread's history. */
    public int add(Message message) {
        held.merge(keys.apply(message), 1, Integer::sum);
        return size++;
    }

    public static String key(Message m) {
        String ids = m.toolCalls().stream().map(c -> c.id().isEmpty() ? "name:" + c.name() : c.id())
                .collect(Collectors.joining(","));
        if (!m.toolCallId().isEmpty()) {
            return m.role() + "\u0000result\u0000" + m.toolCallId();
        }
        return m.toolCalls().isEmpty() || m.toolCalls().stream().map(ToolCall::id).anyMatch(String::isEmpty)
                ? m.role() + "\u0000" + m.content().strip() + "\u0000" + ids
                : m.role() + "\u0000calls\u0000" + ids;
    }
}
