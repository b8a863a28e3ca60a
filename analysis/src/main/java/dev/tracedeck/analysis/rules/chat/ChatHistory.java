package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.model.conversation.Conversation;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A thread's chat history as the tool-call rules see it: its {@link Conversation#ofWholeDumps conversation}, the last
 * of its dumps read whole when it has such dumps (it holds everything the agent kept), else its messages in order.
 * Each entry points at the dump where it first appeared and the message being handled then.
 */
public final class ChatHistory {

    /** Said of an item with calls {@code --parse-text-calls} made from its text, so a finding doesn't pass for the log's. */
    private static final String FROM_TEXT = "; calls parsed from its text";

    private ChatHistory() {
    }

    /** The thread's history; unmodifiable. */
    public static List<HistoryItem> of(TraceThread thread) {
        Last last = LAST.get();
        if (last.thread == thread) {
            return last.items;
        }
        Conversation conversation = Conversation.ofWholeDumps(thread);
        List<HistoryItem> items = Collections.unmodifiableList(conversation.inDumps()
                ? fromSnapshots(thread, conversation.dumps()) : fromMessages(thread, conversation.messages()));
        last.thread = thread;
        last.items = items;
        return items;
    }

    /**
     * The history each (Java) thread made last, with the trace thread it is of: five rules read a thread's history one
     * after another, and making it five times was a tenth of checking a file of conversations. A thread and its
     * events never change, so the history made of it is its history for as long as it is kept, which is until the
     * next thread's.
     */
    private static final ThreadLocal<Last> LAST = ThreadLocal.withInitial(Last::new);

    private static final class Last {
        private TraceThread thread;
        private List<HistoryItem> items;
    }

    /** True when the history has ids linking results to calls. */
    public static boolean hasCallIds(List<HistoryItem> items) {
        return items.stream().anyMatch(i -> !i.callIds().isEmpty() || !i.resultId().isEmpty());
    }

    private static List<HistoryItem> fromSnapshots(TraceThread thread, List<Event> dumps) {
        StateSnapshot last = Conversation.snapshot(dumps.get(dumps.size() - 1));
        MessageBeingHandled handled = new MessageBeingHandled(thread, dumps);
        List<HistoryItem> items = new ArrayList<>();
        for (int i = 0; i < last.size(); i++) {
            StateEntry entry = last.entries().get(i);
            Event where = firstDumpHolding(dumps, i, entry);
            // Either dump has an entry at position i (the fallback is the last dump, which holds them all).
            String label = "state entry " + entry.idx() + " (line " + Conversation.snapshot(where).entryLine(i)
                    + (entry.parsedFromText() > 0 ? FROM_TEXT : "") + ")";
            List<String> ids = entry.toolCallIds().stream().filter(id -> !id.isEmpty()).toList();
            items.add(new HistoryItem(() -> label, role(entry), names(entry), ids, entry.isToolResult(), entry.toolCallId(),
                    entry::content, last.isVerbatim() && !entry.contentCut(), OptionalInt.empty(), false, where,
                    handled.at(where), Optional.of(new BlamedEntry(where, i)), false));
        }
        return items;
    }

    /** The first dump with this entry at this position: where the turn that added it left it. */
    private static Event firstDumpHolding(List<Event> dumps, int position, StateEntry entry) {
        for (Event e : dumps) {
            List<StateEntry> entries = Conversation.snapshot(e).entries();
            if (position < entries.size() && (entries.get(position) == entry || entries.get(position).equals(entry))) {
                return e;
            }
        }
        return dumps.get(dumps.size() - 1);
    }

    /**
     * The conversation message being handled when each dump was logged, if any, found in one pass over the thread's
     * events: asked per entry of the last dump, a walk from the thread's start each time made a long thread's history
     * cost its entries times its events.
     */
    private static final class MessageBeingHandled {
        private final Map<Event, OptionalInt> atDump = new IdentityHashMap<>();
        /** What an event the thread does not hold is said to follow: every event of the thread. */
        private final OptionalInt afterAll;

        MessageBeingHandled(TraceThread thread, List<Event> dumps) {
            Set<Event> wanted = Collections.newSetFromMap(new IdentityHashMap<>());
            wanted.addAll(dumps);
            OptionalInt current = OptionalInt.empty();
            for (Event e : thread.events()) {
                if (wanted.contains(e)) {
                    atDump.putIfAbsent(e, current);
                }
                if (e.payload() instanceof Payload.ConversationMessage m) {
                    current = m.msgIdx();
                } else if (e.payload() instanceof Payload.ControlMessage) {
                    current = OptionalInt.empty();
                }
            }
            afterAll = current;
        }

        /** The message being handled when {@code dump} was logged: the last conversation message before it, if any. */
        OptionalInt at(Event dump) {
            return atDump.getOrDefault(dump, afterAll);
        }
    }

    /** The entry's role, or the one its LangChain type stands for. */
    private static String role(StateEntry entry) {
        if (!entry.role().isEmpty()) {
            return entry.role();
        }
        return switch (entry.type()) {
            case "human", "HumanMessage" -> "user";
            case "ai", "AIMessage" -> "assistant";
            case "tool", "ToolMessage" -> "tool";
            case "system", "SystemMessage" -> "system";
            default -> entry.type();
        };
    }

    /** A count of calls without all names (the log cut the list) still needs that many results. */
    private static List<String> names(StateEntry entry) {
        List<String> names = new ArrayList<>(entry.toolNames());
        while (names.size() < entry.toolCallCount()) {
            names.add("?");
        }
        return names;
    }

    private static String messageLabel(Event e, String fromText) {
        return "message at line " + e.source().firstLine()
                + (e.source().hasPointer() ? " (" + e.source().pointer() + fromText + ")"
                : fromText.isEmpty() ? "" : " (" + fromText.substring(2) + ")");
    }

    private static List<HistoryItem> fromMessages(TraceThread thread, List<Event> messages) {
        List<HistoryItem> items = new ArrayList<>();
        for (Event e : messages) {
            Payload.ConversationMessage m = (Payload.ConversationMessage) e.payload();
            Message msg = m.message();
            // A loop, not streams: a gigabyte of conversations has millions of messages, most making no call.
            List<ToolCall> calls = msg.toolCalls();
            List<String> ids = List.of();
            List<String> names = List.of();
            String fromText = "";
            if (!calls.isEmpty()) {
                List<String> someIds = new ArrayList<>(calls.size());
                List<String> someNames = new ArrayList<>(calls.size());
                for (ToolCall call : calls) {
                    if (!call.id().isEmpty()) {
                        someIds.add(call.id());
                    }
                    someNames.add(call.name());
                    fromText = call.parsedFromText() ? FROM_TEXT : fromText;
                }
                ids = someIds;
                names = someNames;
            }
            String parsed = fromText;
            items.add(new HistoryItem(() -> messageLabel(e, parsed), msg.role(), names, ids, msg.isToolResult(),
                    msg.toolCallId(), msg::content, !m.previewCut(), msg.contentBytesInFile(), msg.silent(), e, m.msgIdx(),
                    Optional.empty(), thread.records().isInstructions(e)));
        }
        return items;
    }
}
