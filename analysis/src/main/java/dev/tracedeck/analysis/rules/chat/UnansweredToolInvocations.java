package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Tool calls logged as they ran (TOOL_CALL lines) whose result no state ever shows: the run died mid-call (an
 * MCP call that never returned), or the log ends before the state was dumped again. The state dumps can't show
 * these calls at all, because the agent dumps its state only after an invocation that finished, so the
 * history-based pairing never sees them.
 *
 * <p>Where the thread dumps its message list, a call with no dump after it is unanswered. Where it never does,
 * only the provider can tell: an invocation refused because "an assistant message with 'tool_calls' must be
 * followed by tool messages" blames the last call before it.
 */
public final class UnansweredToolInvocations {

    /** What providers and frameworks say when a history holds a tool call without its result. */
    private static final List<String> MISSING_RESULT_ERRORS = List.of(
            "must be followed by tool messages",          // OpenAI Chat Completions
            "without `tool_result` blocks",               // Anthropic Messages
            "without tool_result blocks",
            "do not have a corresponding toolmessage",    // LangChain / LangGraph INVALID_CHAT_HISTORY
            "no tool output found for function call");    // OpenAI Responses

    /**
     * A call that got no result.
     *
     * @param call     its TOOL_CALL event
     * @param failures the failed invocations (AINVOKE_ERROR) after it in the thread, in order: the one it died
     *                 in, and those the provider then refused because the history still held the call
     */
    public record Unanswered(Event call, List<Event> failures) {

        public Unanswered {
            failures = List.copyOf(failures);
        }

        public Payload.ToolInvocation invocation() {
            return (Payload.ToolInvocation) call.payload();
        }

        public Optional<Event> firstFailure() {
            return failures.stream().findFirst();
        }
    }

    private UnansweredToolInvocations() {
    }

    public static List<Unanswered> of(TraceThread thread) {
        List<Event> events = thread.events();
        int lastDump = -1;
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).payload() instanceof Payload.StateDump dump && dump.snapshot().hasMessageList()) {
                lastDump = i;
            }
        }
        List<Event> calls = lastDump >= 0 ? callsAfter(events, lastDump) : callsBlamedByProvider(events);
        List<Unanswered> unanswered = new ArrayList<>();
        for (Event call : calls) {
            unanswered.add(new Unanswered(call, errorsAfter(events, call)));
        }
        return unanswered;
    }

    private static List<Event> callsAfter(List<Event> events, int index) {
        List<Event> calls = new ArrayList<>();
        for (int i = index + 1; i < events.size(); i++) {
            if (isExecutedCall(events.get(i))) {
                calls.add(events.get(i));
            }
        }
        return calls;
    }

    private static List<Event> callsBlamedByProvider(List<Event> events) {
        List<Event> calls = new ArrayList<>();
        Event lastCall = null;
        for (Event e : events) {
            if (isExecutedCall(e)) {
                lastCall = e;
            } else if (lastCall != null && e.payload() instanceof Payload.AgentError error
                    && saysResultMissing(error.message()) && !calls.contains(lastCall)) {
                calls.add(lastCall);
            }
        }
        return calls;
    }

    static boolean saysResultMissing(String errorText) {
        String lower = errorText.toLowerCase(Locale.ROOT);
        return MISSING_RESULT_ERRORS.stream().anyMatch(lower::contains);
    }

    private static boolean isExecutedCall(Event e) {
        return e.payload() instanceof Payload.ToolInvocation t && !t.planned();
    }

    private static List<Event> errorsAfter(List<Event> events, Event call) {
        return events.stream().filter(e -> e.seq() > call.seq() && e.payload() instanceof Payload.AgentError).toList();
    }
}
