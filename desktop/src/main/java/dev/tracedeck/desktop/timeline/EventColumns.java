package dev.tracedeck.desktop.timeline;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.ToolCall;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** What the timeline's columns show for an event, derived on demand so rows stay the model's records. */
public final class EventColumns {

    /** HH:MM:SS, up to three digits of its fraction; further digits and a zone are left out. */
    private static final Pattern CLOCK = Pattern.compile("(\\d{2}:\\d{2}:\\d{2})([.,]\\d{1,3})?\\d*(?:Z|[+-]\\d{2}:?\\d{2})?");

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
     * The time of day to the millisecond when the logged time is an ISO date and time ("2025-09-05 10:15:03,003" →
     * "10:15:03,003"; "2026-03-01T20:47:18.711501Z" → "20:47:18.711"): a run rarely crosses midnight, the column is
     * narrow, and a zone or microseconds would be cut anyway. Any other time is shown as logged, as the detail pane
     * shows every time.
     */
    public static String time(Event event) {
        String time = event.time();
        boolean dated = time.length() > 11 && time.charAt(4) == '-' && time.charAt(7) == '-'
                && (time.charAt(10) == ' ' || time.charAt(10) == 'T');
        if (!dated) {
            return time;
        }
        Matcher clock = CLOCK.matcher(time).region(11, time.length());
        return clock.matches() ? clock.group(1) + (clock.group(2) == null ? "" : clock.group(2)) : time.substring(11);
    }

    /**
     * The payload's summary; for run markers led by their keyword, since "marker" alone does not say whether
     * a session started or a question was asked.
     */
    public static String summary(Event event) {
        return event.kind() == EventKind.MARKER && !event.keyword().isEmpty()
                ? event.keyword() + " " + event.summary() : event.summary();
    }

    /** As {@link #summary(Event)}, a record said in words and a tool's result named by its tool, as {@code words} knows. */
    public static String summary(Event event, dev.tracedeck.analysis.run.RunWords words) {
        return event.kind() == EventKind.MARKER ? summary(event) : words.summary(event);
    }
}
