package dev.tracedeck.analysis.memory;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.trace.TraceThread;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The calls a thread made, one callback each in order, and the result message each call id got. */
final class CallResults {

    /** Called for each call made (not planned). */
    interface Visitor {
        void call(Event event, ToolCall call);
    }

    private final Map<String, Event> results = new HashMap<>();

    private CallResults() {
    }

    static CallResults of(TraceThread thread) {
        CallResults r = new CallResults();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ConversationMessage m && m.message().isToolResult()
                    && !m.message().toolCallId().isEmpty()) {
                r.results.putIfAbsent(m.message().toolCallId(), e);
            }
        }
        return r;
    }

    Optional<Event> result(ToolCall call) {
        return call.id().isEmpty() ? Optional.empty() : Optional.ofNullable(results.get(call.id()));
    }

    static Optional<Message> message(Optional<Event> result) {
        return result.map(Event::payload).filter(p -> p instanceof Payload.ConversationMessage)
                .map(p -> ((Payload.ConversationMessage) p).message());
    }

    static void eachCall(TraceThread thread, Visitor visitor) {
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ConversationMessage m) {
                for (ToolCall c : m.message().toolCalls()) {
                    visitor.call(e, c);
                }
            } else if (e.payload() instanceof Payload.ToolInvocation t && !t.planned()) {
                visitor.call(e, t.call());
            }
        }
    }
}
