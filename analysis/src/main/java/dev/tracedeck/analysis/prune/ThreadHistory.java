package dev.tracedeck.analysis.prune;

import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.model.conversation.Conversation;
import dev.tracedeck.model.conversation.HeldMessage;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A thread's history at one point in time, as a strategy would be tried on it: its {@link Conversation} there (at
 * a state dump, the message list the agent held, what it sends its model; in a thread without dumps, its messages
 * up to that point). Each message keeps the source line it was read from, so a pruned message can be traced back to
 * the log.
 *
 * @param point   the dump or message the history is read at
 * @param history the messages, ids {@code m0}, {@code m1} … in order
 * @param lines   the first source line of each message, in the same order
 */
public record ThreadHistory(Event point, History history, List<Integer> lines) {

    public ThreadHistory {
        lines = List.copyOf(lines);
        if (lines.size() != history.size()) {
            throw new IllegalArgumentException(lines.size() + " lines for " + history.size() + " messages");
        }
    }

    /** Each message's source line by its id, for {@link Pruner#run(History, PruneStrategy, java.util.Map)}. */
    public java.util.Map<String, Integer> linesById() {
        java.util.Map<String, Integer> byId = new java.util.HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            byId.put(history.messages().get(i).id(), lines.get(i));
        }
        return byId;
    }

    /** Where a history can be read: each point of the thread's {@link Conversation}, a dump or a message. */
    public static List<Event> points(TraceThread thread) {
        return Conversation.of(thread).points();
    }

    /** The history at the last point at or before {@code seq}; empty when the thread has no history by then. */
    public static Optional<ThreadHistory> atOrBefore(TraceThread thread, int seq) {
        Conversation conversation = Conversation.of(thread);
        Event found = null;
        for (Event e : conversation.points()) {
            if (e.seq() <= seq) {
                found = e;
            }
        }
        return Optional.ofNullable(found).map(p -> at(conversation, p));
    }

    /** The history at the thread's last point: what it held when the log ends. */
    public static Optional<ThreadHistory> last(TraceThread thread) {
        Conversation conversation = Conversation.of(thread);
        List<Event> points = conversation.points();
        return points.isEmpty() ? Optional.empty() : Optional.of(at(conversation, points.get(points.size() - 1)));
    }

    /** @param point one of {@link #points(TraceThread)} */
    public static ThreadHistory at(TraceThread thread, Event point) {
        return at(Conversation.of(thread), point);
    }

    private static ThreadHistory at(Conversation conversation, Event point) {
        List<PromptMessage> messages = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        for (HeldMessage held : conversation.at(point)) {
            messages.add(PromptMessage.of(held.message()));
            lines.add(held.line());
        }
        return new ThreadHistory(point, History.of(messages), lines);
    }
}
