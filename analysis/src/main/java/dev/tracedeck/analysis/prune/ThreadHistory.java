package dev.tracedeck.analysis.prune;

import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A thread's history at one point in time, as a strategy would be tried on it: at a state dump, the message list
 * the agent held (what it sends its model); in a thread without dumps, its messages up to that point. Each
 * message keeps the source line it was read from, so a pruned message can be traced back to the log.
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

    /** Where a history can be read: each state dump with a message list, else each conversation message. */
    public static List<Event> points(TraceThread thread) {
        List<Event> dumps = thread.events().stream().filter(ThreadHistory::isMessageListDump).toList();
        if (!dumps.isEmpty()) {
            return dumps;
        }
        return thread.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage).toList();
    }

    /** The history at the last point at or before {@code seq}; empty when the thread has no history by then. */
    public static Optional<ThreadHistory> atOrBefore(TraceThread thread, int seq) {
        Event found = null;
        for (Event e : points(thread)) {
            if (e.seq() <= seq) {
                found = e;
            }
        }
        return Optional.ofNullable(found).map(p -> at(thread, p));
    }

    /** The history at the thread's last point: what it held when the log ends. */
    public static Optional<ThreadHistory> last(TraceThread thread) {
        List<Event> points = points(thread);
        return points.isEmpty() ? Optional.empty() : Optional.of(at(thread, points.get(points.size() - 1)));
    }

    /** @param point one of {@link #points(TraceThread)} */
    public static ThreadHistory at(TraceThread thread, Event point) {
        List<PromptMessage> messages = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        if (isMessageListDump(point)) {
            StateSnapshot snapshot = ((Payload.StateDump) point.payload()).snapshot();
            for (int i = 0; i < snapshot.size(); i++) {
                messages.add(PromptMessage.of(ThreadContext.asMessage(snapshot.entries().get(i))));
                lines.add(snapshot.entryLine(i));
            }
        } else {
            for (Event e : thread.events()) {
                if (e.seq() > point.seq()) {
                    break;
                }
                if (e.payload() instanceof Payload.ConversationMessage m) {
                    messages.add(PromptMessage.of(m.message()));
                    lines.add(e.source().firstLine());
                }
            }
        }
        return new ThreadHistory(point, History.of(messages), lines);
    }

    private static boolean isMessageListDump(Event e) {
        return e.payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList();
    }
}
