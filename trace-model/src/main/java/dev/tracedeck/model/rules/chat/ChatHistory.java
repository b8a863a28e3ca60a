package dev.tracedeck.model.rules.chat;

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
 * A thread's chat history as the tool-call rules see it: the last state dump when the thread has dumps (it
 * holds everything the agent kept), else the thread's messages in order.
 */
public final class ChatHistory {

    private ChatHistory() {
    }

    public static List<HistoryItem> of(TraceThread thread) {
        Optional<Event> lastDump = lastDumpWithMessages(thread);
        return lastDump.isPresent() ? fromSnapshot(lastDump.get()) : fromMessages(thread);
    }

    /** True when the history has ids linking results to calls. */
    public static boolean hasCallIds(List<HistoryItem> items) {
        return items.stream().anyMatch(i -> !i.callIds().isEmpty() || !i.resultId().isEmpty());
    }

    private static Optional<Event> lastDumpWithMessages(TraceThread thread) {
        for (int i = thread.events().size() - 1; i >= 0; i--) {
            Event e = thread.events().get(i);
            if (e.payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    private static List<HistoryItem> fromSnapshot(Event event) {
        StateSnapshot snapshot = ((Payload.StateDump) event.payload()).snapshot();
        List<HistoryItem> items = new ArrayList<>();
        for (int i = 0; i < snapshot.size(); i++) {
            StateEntry entry = snapshot.entries().get(i);
            String label = "state entry " + entry.idx() + " (line " + snapshot.entryLine(i) + ")";
            boolean tool = entry.type().equals("tool") || entry.type().equals("ToolMessage") || entry.role().equals("tool");
            items.add(new HistoryItem(label, names(entry), List.of(), tool, "", entry.content(), false, event));
        }
        return items;
    }

    /** A count of calls without all names (the log cut the list) still needs that many results. */
    private static List<String> names(StateEntry entry) {
        List<String> names = new ArrayList<>(entry.toolNames());
        while (names.size() < entry.toolCallCount()) {
            names.add("?");
        }
        return names;
    }

    private static List<HistoryItem> fromMessages(TraceThread thread) {
        List<HistoryItem> items = new ArrayList<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ConversationMessage m) {
                Message msg = m.message();
                List<String> ids = msg.toolCalls().stream().map(ToolCall::id).filter(id -> !id.isEmpty()).toList();
                boolean tool = msg.role().equals("tool") || !msg.toolCallId().isEmpty();
                items.add(new HistoryItem("message at line " + e.source().firstLine(),
                        msg.toolCalls().stream().map(ToolCall::name).toList(), ids, tool, msg.toolCallId(),
                        msg.content(), !m.previewCut(), e));
            }
        }
        return items;
    }
}
