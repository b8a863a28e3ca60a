package dev.tracedeck.importers.convert;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tool calls and results of a thread whose messages carry none, as messages both target formats hold. A Mycelian
 * log's agent logs each call as it runs ({@code TOOL_CALL}: name and arguments, no id), and only the state it dumps
 * after each invocation holds the AI message that made the calls and the tool messages that answer them (no ids
 * either: a result follows its call).
 *
 * <p>Each dump is the whole message list at its point; the entries the previous dump did not hold (see
 * {@link #carriedOver}) are what the invocation added, and are written at the dump. An
 * AI entry with calls is an assistant message with those calls, each the call a {@code TOOL_CALL} since the previous
 * dump logged under the same name (with its arguments; matched from the last), or, where no line logged it (an
 * excerpt of a log), the call as the dump names it, without arguments. A dump with a line that could not be parsed is
 * read only when no whole dump follows it. A tool entry is the result of the next call of the AI entry before it
 * that has none yet. A logged call that no dump shows (the run died in it, or the agent never dumps its message list)
 * is written where it was logged, without a result. The log has no call ids, so each call gets {@code call_<line>}:
 * the line of its {@code TOOL_CALL}, else of its AI entry, with {@code _<n>} after an entry's first call; a result
 * that follows no call answers {@code call_<line>} with its own line, a call no message makes.
 */
final class LoggedToolCalls {

    /** A message to write at an event (its time and source lines). */
    record Written(Event event, Message message) {
    }

    /** A call logged as it ran. */
    private record Run(Event event, ToolCall call) {
    }

    /** An entry as compared between dumps: by what it says (its index shifts when the list is trimmed). */
    private record Key(String type, String role, List<String> toolNames, String content, List<String> toolCallIds,
                       String toolCallId) {
        static Key of(StateEntry e) {
            return new Key(e.type(), e.role(), e.toolNames(), e.content(), e.toolCallIds(), e.toolCallId());
        }
    }

    /** The calls of a new AI entry, and the event of the first logged one (null when none was logged). */
    private record Made(List<ToolCall> calls, Event firstLogged) {
    }

    /** The messages to write, by the {@link Event#seq()} of the event they are written at, in order. */
    private final Map<Integer, List<Written>> at = new HashMap<>();
    private final List<Run> pending = new ArrayList<>();
    private List<StateEntry> previous = List.of();
    private List<List<String>> previousIds = List.of();
    private long fromDumpsOnly;
    private long namesCut;
    private long answeringNone;

    private LoggedToolCalls() {
    }

    /**
     * Whether {@code thread}'s calls and results are read from its state dumps: its messages carry none of their own
     * (where they do, they are its calls and results, and the dumps hold the same again).
     */
    static boolean readsState(TraceThread thread) {
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ConversationMessage m
                    && (!m.message().toolCalls().isEmpty() || m.message().isToolResult())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The messages {@code thread}'s logged calls make, with its dumps' calls and results when {@code readState}, by
     * the sequence number of the event each is written at.
     */
    static Map<Integer, List<Written>> of(TraceThread thread, boolean readState, Omissions omissions) {
        LoggedToolCalls made = new LoggedToolCalls();
        Set<Integer> dumps = readState ? dumpsRead(thread) : Set.of();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ToolInvocation run && !run.planned()) {
                made.pending.add(new Run(e, run.call()));
            } else if (dumps.contains(e.seq())) {
                made.dumped(e, ((Payload.StateDump) e.payload()).snapshot());
            }
        }
        if (dumps.isEmpty()) {
            omissions.add("tool calls whose result the log doesn't hold", "written without a result (the agent dumped "
                    + "no message list), which a reader takes for a call nothing answered", made.pending.size());
        }
        made.writeUnshown();
        omissions.add("tool calls only a state dump shows", "written with the name the dump gives and no arguments "
                + "(no TOOL_CALL line of the log ran them)", made.fromDumpsOnly);
        omissions.add("tool calls whose name the log cut", "written named ?", made.namesCut);
        omissions.add("tool results that follow no call", "written answering call_<line>, the line of the result, "
                + "which no call has", made.answeringNone);
        return made.at;
    }

    /**
     * The dumps of a message list read, by sequence number: a dump a line of which could not be parsed shows a gap that isn't there (a
     * result whose call is missing), so it is read only when no whole dump comes after it, which holds it all again.
     */
    private static Set<Integer> dumpsRead(TraceThread thread) {
        Set<Integer> read = new HashSet<>();
        boolean wholeAfter = false;
        List<Event> events = thread.events();
        for (int i = events.size() - 1; i >= 0; i--) {
            Event e = events.get(i);
            if (e.payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()
                    && (!dump.snapshot().isIncomplete() || !wholeAfter)) {
                read.add(e.seq());
                wholeAfter |= !dump.snapshot().isIncomplete();
            }
        }
        return read;
    }

    private void dumped(Event event, StateSnapshot snapshot) {
        List<StateEntry> entries = snapshot.entries();
        Integer[] before = carriedOver(entries);
        Map<Integer, Run[]> runs = runsOfNewCalls(entries, before);
        List<List<String>> ids = new ArrayList<>(entries.size());
        List<Written> added = new ArrayList<>();
        Deque<String> unanswered = new ArrayDeque<>();
        for (int i = 0; i < entries.size(); i++) {
            StateEntry entry = entries.get(i);
            if (entry.hasToolCalls()) {
                List<String> callIds;
                if (before[i] == null) {
                    Made made = calls(entry, snapshot.entryLine(i), runs.get(i));
                    callIds = made.calls().stream().map(ToolCall::id).toList();
                    added.add(new Written(made.firstLogged() == null ? event : made.firstLogged(),
                            new Message("assistant", entry.content(), made.calls(), "")));
                } else {
                    callIds = previousIds.get(before[i]);
                }
                ids.add(callIds);
                unanswered = new ArrayDeque<>(callIds);
            } else if (entry.isToolResult()) {
                String answers = !entry.toolCallId().isEmpty() ? entry.toolCallId() : unanswered.poll();
                ids.add(List.of());
                if (before[i] == null) {
                    if (answers == null) {
                        // It answers no call (a guard's answer to a call it dropped): it names one no message makes,
                        // so that it stays a result that answers nothing when read back.
                        answers = "call_" + snapshot.entryLine(i);
                        answeringNone++;
                    }
                    added.add(new Written(event, new Message("tool", entry.content(), List.of(), answers)));
                }
            } else {
                // A user's or a system's message, or the agent's text: the calls before it get no more results.
                ids.add(List.of());
                unanswered.clear();
            }
        }
        writeUnshown();
        if (!added.isEmpty()) {
            at.computeIfAbsent(event.seq(), s -> new ArrayList<>()).addAll(added);
        }
        previous = entries;
        previousIds = ids;
    }

    /**
     * For each entry, the position in the previous dump of the entry it is, or null for one the invocation added. An
     * invocation adds at the end of the list; the entries before are those the previous dump held, in the same order,
     * less any the agent trimmed. Entries are compared by what they say, and many say the same ("ai
     * tool_calls=1[add_entry]", "tool enqueued"): the head held over is the longest that the previous dump holds in
     * order and that leaves after it the calls logged since (a list trimmed to its last entries can be the previous
     * one again, entry for entry, with the invocation's own at its end), matched to the previous dump's last entries.
     */
    private Integer[] carriedOver(List<StateEntry> entries) {
        List<Key> now = entries.stream().map(Key::of).toList();
        List<Key> was = previous.stream().map(Key::of).toList();
        int held = 0;
        for (int j = 0; held < now.size() && j < was.size(); j++) {
            if (was.get(j).equals(now.get(held))) {
                held++;
            }
        }
        Map<String, Integer> needed = new HashMap<>();
        pending.forEach(r -> needed.merge(r.call().name(), 1, Integer::sum));
        Map<String, Integer> after = new HashMap<>();
        for (int i = held; i < entries.size(); i++) {
            countCalls(entries.get(i), after);
        }
        int head = held;
        while (head > 0 && !covers(after, needed)) {
            head--;
            countCalls(entries.get(head), after);
        }
        if (!covers(after, needed)) {
            head = held;
        }
        Integer[] before = new Integer[entries.size()];
        int j = was.size() - 1;
        for (int i = head - 1; i >= 0; i--) {
            while (!was.get(j).equals(now.get(i))) {
                j--;
            }
            before[i] = j--;
        }
        return before;
    }

    /** Adds the calls {@code entry} makes to {@code calls}, by name ("?" for one whose name the log cut). */
    private static void countCalls(StateEntry entry, Map<String, Integer> calls) {
        for (int k = 0; k < Math.max(entry.toolCallCount(), entry.toolNames().size()); k++) {
            boolean named = k < entry.toolNames().size();
            if (!(named && entry.isParsedFromText(k))) {
                calls.merge(named ? entry.toolNames().get(k) : "?", 1, Integer::sum);
            }
        }
    }

    /** Whether {@code calls} can be those {@code needed} names, a call whose name the log cut standing for any. */
    private static boolean covers(Map<String, Integer> calls, Map<String, Integer> needed) {
        int missing = 0;
        for (Map.Entry<String, Integer> n : needed.entrySet()) {
            missing += Math.max(0, n.getValue() - calls.getOrDefault(n.getKey(), 0));
        }
        return missing <= calls.getOrDefault("?", 0);
    }

    /**
     * The logged run of each call of the new AI entries, by entry position; null for a call no line logged. Matched
     * from the end: the calls logged since the previous dump are the invocations' last ones, and a dump of an excerpt
     * holds, new to it, the calls made before the excerpt starts too.
     */
    private Map<Integer, Run[]> runsOfNewCalls(List<StateEntry> entries, Integer[] before) {
        Map<Integer, Run[]> runs = new HashMap<>();
        for (int i = entries.size() - 1; i >= 0; i--) {
            StateEntry entry = entries.get(i);
            if (before[i] != null || !entry.hasToolCalls()) {
                continue;
            }
            Run[] ran = new Run[Math.max(entry.toolCallCount(), entry.toolNames().size())];
            for (int k = ran.length - 1; k >= 0; k--) {
                boolean named = k < entry.toolNames().size();
                // A call the model only wrote as text (--parse-text-calls) was never run: no TOOL_CALL line is its.
                if (!(named && entry.isParsedFromText(k))) {
                    ran[k] = takeLast(named ? entry.toolNames().get(k) : null);
                }
            }
            runs.put(i, ran);
        }
        return runs;
    }

    /** The calls of a new AI entry: the logged ones, else as the dump names them. */
    private Made calls(StateEntry entry, int line, Run[] ran) {
        List<ToolCall> calls = new ArrayList<>(ran.length);
        Event firstLogged = null;
        for (int k = 0; k < ran.length; k++) {
            boolean named = k < entry.toolNames().size();
            String name = named ? entry.toolNames().get(k) : "?";
            String id = k < entry.toolCallIds().size() ? entry.toolCallIds().get(k) : "";
            boolean fromText = named && entry.isParsedFromText(k);
            if (ran[k] != null) {
                firstLogged = firstLogged == null ? ran[k].event() : firstLogged;
                calls.add(withId(ran[k].call(), id.isEmpty() ? "call_" + ran[k].event().source().firstLine() : id));
            } else {
                namesCut += named ? 0 : 1;
                fromDumpsOnly += named && !fromText ? 1 : 0;
                calls.add(new ToolCall(id.isEmpty() ? "call_" + line + (k == 0 ? "" : "_" + k) : id, name, "",
                        Optional.empty(), false, fromText));
            }
        }
        return new Made(calls, firstLogged);
    }

    /** The last call logged since the previous dump under {@code name}; under any name for {@code null}. */
    private Run takeLast(String name) {
        for (int i = pending.size() - 1; i >= 0; i--) {
            if (name == null || pending.get(i).call().name().equals(name)) {
                return pending.remove(i);
            }
        }
        return null;
    }

    /** The logged calls no dump showed, each where it was logged, without a result. */
    private void writeUnshown() {
        for (Run run : pending) {
            Message call = new Message("assistant", "", List.of(withId(run.call(), "call_" + run.event().source().firstLine())), "");
            at.computeIfAbsent(run.event().seq(), s -> new ArrayList<>()).add(new Written(run.event(), call));
        }
        pending.clear();
    }

    private static ToolCall withId(ToolCall call, String id) {
        return new ToolCall(id, call.name(), call.rawArguments(), call.parsedArguments(), call.truncated(),
                call.parsedFromText());
    }
}
