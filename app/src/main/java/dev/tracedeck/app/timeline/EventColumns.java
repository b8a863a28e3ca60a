package dev.tracedeck.app.timeline;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.ToolCall;
import java.util.stream.Collectors;

/** What the timeline's columns show for an event, derived on demand so rows stay the model's records. */
public final class EventColumns {

    private EventColumns() {
    }

    /** The message role for messages and tool calls, "" otherwise. */
    public static String role(Event event) {
        Payload payload = event.payload();
        if (payload instanceof Payload.ConversationMessage message) {
            return message.message().role();
        }
        if (payload instanceof Payload.ToolInvocation invocation) {
            return invocation.role();
        }
        return "";
    }

    /** The tool a call or plan names, or the tools a message calls, "" otherwise. */
    public static String tool(Event event) {
        Payload payload = event.payload();
        if (payload instanceof Payload.ToolInvocation invocation) {
            return invocation.call().name();
        }
        if (payload instanceof Payload.ConversationMessage message) {
            return message.message().toolCalls().stream().map(ToolCall::name).collect(Collectors.joining(","));
        }
        return "";
    }

    /**
     * The time of day when the logged time starts with an ISO date ("2025-09-05 10:15:03,003" → "10:15:03,003"):
     * a run rarely crosses midnight and the column is narrow. The detail pane shows the time as logged.
     */
    public static String time(Event event) {
        String time = event.time();
        boolean dated = time.length() > 11 && time.charAt(4) == '-' && time.charAt(7) == '-'
                && (time.charAt(10) == ' ' || time.charAt(10) == 'T');
        return dated ? time.substring(11) : time;
    }

    /**
     * The payload's summary; for run markers led by their keyword, since "marker" alone does not say whether
     * a session started or a question was asked.
     */
    public static String summary(Event event) {
        return event.kind() == EventKind.MARKER && !event.keyword().isEmpty()
                ? event.keyword() + " " + event.summary() : event.summary();
    }
}
