package dev.tracedeck.model.conversation;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a thread's conversation is: the message list the agent held. When the thread has state dumps of a message
 * list, they say it — each dump is the whole list at its point, what the agent sends its model then — and the
 * conversation is read from them alone; a thread without such dumps is read from its conversation messages, the
 * list growing by one at each. The rules, the prune playground and the token counts all read a thread through this
 * one choice.
 *
 * <p>Built in one pass over the thread's events; the lists keep the events' order.
 */
public final class Conversation {

    private final List<Event> dumps;
    private final List<Event> messages;

    private Conversation(List<Event> dumps, List<Event> messages) {
        this.dumps = List.copyOf(dumps);
        this.messages = List.copyOf(messages);
    }

    /** The thread's conversation as every dump of a message list shows it, else as its messages. */
    public static Conversation of(TraceThread thread) {
        return read(thread, false);
    }

    /**
     * The thread's conversation as its dumps read whole show it, else as its messages: a dump with a line that could
     * not be parsed would show gaps that aren't there, so what is checked for missing or unpaired messages trusts
     * only whole dumps ({@link StateSnapshot#isIncomplete()} false).
     */
    public static Conversation ofWholeDumps(TraceThread thread) {
        return read(thread, true);
    }

    private static Conversation read(TraceThread thread, boolean wholeOnly) {
        List<Event> dumps = new ArrayList<>();
        List<Event> messages = new ArrayList<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()
                    && !(wholeOnly && dump.snapshot().isIncomplete())) {
                dumps.add(e);
            } else if (e.payload() instanceof Payload.ConversationMessage) {
                messages.add(e);
            }
        }
        return new Conversation(dumps, messages);
    }

    /** True when the conversation is read from state dumps ({@link #dumps()}), false when from messages. */
    public boolean inDumps() {
        return !dumps.isEmpty();
    }

    /** The state dumps the conversation is read from, in order; empty when it is read from messages. */
    public List<Event> dumps() {
        return dumps;
    }

    /**
     * The thread's conversation messages ({@link Payload.ConversationMessage} events), in order: what the
     * conversation is read from when it has no dumps.
     */
    public List<Event> messages() {
        return messages;
    }

    /** Where the conversation can be read whole: each of its dumps, else each of its messages. */
    public List<Event> points() {
        return inDumps() ? dumps : messages;
    }

    /**
     * The conversation at {@code point}, one of {@link #points()}: the entries of that dump, or the messages up to
     * and including that message.
     */
    public List<HeldMessage> at(Event point) {
        List<HeldMessage> held = new ArrayList<>();
        if (point.payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()) {
            StateSnapshot snapshot = dump.snapshot();
            for (int i = 0; i < snapshot.size(); i++) {
                held.add(new HeldMessage(asMessage(snapshot.entries().get(i)), snapshot.entryLine(i)));
            }
            return held;
        }
        for (Event e : messages) {
            if (e.seq() > point.seq()) {
                break;
            }
            held.add(new HeldMessage(((Payload.ConversationMessage) e.payload()).message(), e.firstLine()));
        }
        return held;
    }

    /** The snapshot of one of {@link #dumps()}. */
    public static StateSnapshot snapshot(Event dump) {
        return ((Payload.StateDump) dump.payload()).snapshot();
    }

    /**
     * The message a dump entry stands for, in OpenAI's roles: LangChain's human and chat/user are user, ai is
     * assistant. The call ids a dump shows (a LangGraph checkpoint's) are kept, so calls and results pair by id; a
     * Mycelian dump has none.
     */
    public static Message asMessage(StateEntry entry) {
        String role = switch (entry.type()) {
            case "system", "SystemMessage" -> "system";
            case "human", "HumanMessage" -> "user";
            case "tool", "ToolMessage" -> "tool";
            default -> entry.isAi() ? "assistant" : entry.role().isEmpty() ? entry.type() : entry.role();
        };
        List<ToolCall> calls = new ArrayList<>();
        for (int i = 0; i < entry.toolNames().size(); i++) {
            String id = i < entry.toolCallIds().size() ? entry.toolCallIds().get(i) : "";
            calls.add(new ToolCall(id, entry.toolNames().get(i), "", Optional.empty(), false, entry.isParsedFromText(i)));
        }
        return new Message(role, entry.content(), calls, entry.toolCallId());
    }
}
