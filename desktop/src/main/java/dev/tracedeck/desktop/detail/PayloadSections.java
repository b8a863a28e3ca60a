package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.*;

import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.importers.json.JsonValues;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;

/** The smaller payloads, one method each; state dumps and tool calls have sections of their own. */
final class PayloadSections {

    private PayloadSections() {
    }

    /** Dispatches on the payload's type (Java 17: no pattern switch, so an instanceof chain). */
    static void append(DetailDocument.Builder out, Payload payload) {
        append(out, payload, StateMarks.NONE);
    }

    /** @param marks for a state dump, the entries to mark and the previous dump */
    static void append(DetailDocument.Builder out, Payload payload, StateMarks marks) {
        if (payload instanceof Payload.StateDump dump) {
            StateSection.append(out, dump, marks);
        } else if (payload instanceof Payload.ToolInvocation invocation) {
            ToolCallSection.append(out, invocation);
        } else if (payload instanceof Payload.ConversationMessage message) {
            message(out, message);
        } else if (payload instanceof Payload.ControlMessage control) {
            SectionLayout.heading(out, "Control message");
            SectionLayout.text(out, control.content(), VALUE);
        } else if (payload instanceof Payload.LlmCall llm) {
            SectionLayout.heading(out, "LLM call");
            llm.curatedMessages().ifPresent(n -> SectionLayout.field(out, "messages in", CountFormat.count(n)));
            llm.toolCalls().ifPresent(n -> SectionLayout.field(out, "tool calls", CountFormat.count(n)));
        } else if (payload instanceof Payload.AgentResult result) {
            SectionLayout.heading(out, "Result");
            SectionLayout.text(out, result.messages(), VALUE);
        } else if (payload instanceof Payload.AgentError error) {
            SectionLayout.heading(out, "Error");
            SectionLayout.text(out, error.message(), ERROR);
        } else if (payload instanceof Payload.RunMarker marker) {
            marker(out, marker);
        } else if (payload instanceof Payload.JsonRecord json) {
            if (json.kind() == EventKind.SPAN) {
                SpanSection.append(out, json);
            }
            SectionLayout.heading(out, "JSON event", json.eventName());
            JsonHighlighter.append(out, json.json().toPrettyString());
        } else if (payload instanceof Payload.Unparsed unparsed) {
            SectionLayout.heading(out, unparsed.malformed() ? "Malformed record" : "Unrecognised line");
            if (unparsed.malformed()) {
                SectionLayout.warning(out, unparsed.reason());
            } else {
                SectionLayout.note(out, unparsed.reason().isEmpty() ? "No known keyword; kept as it was logged." : unparsed.reason());
            }
        }
    }

    private static void message(DetailDocument.Builder out, Payload.ConversationMessage payload) {
        Message message = payload.message();
        SectionLayout.heading(out, message.isToolResult() ? "Tool result" : "Message");
        SectionLayout.field(out, "role", message.role().isEmpty() ? "(none)" : message.role());
        if (!message.name().isEmpty()) {
            SectionLayout.field(out, "name", message.name());
        }
        payload.msgIdx().ifPresent(i -> SectionLayout.field(out, "msg_idx", Integer.toString(i)));
        SectionLayout.field(out, "length", CountFormat.count(payload.fullLength(), "char", "chars"));
        if (!message.toolCallId().isEmpty()) {
            SectionLayout.field(out, "answers", message.toolCallId());
        }
        if (payload.previewCut()) {
            SectionLayout.warning(out, "Preview cut by the log: showing " + CountFormat.count(message.content().length()) + " of "
                    + CountFormat.count(payload.fullLength()) + " characters.");
        }
        // An assistant message that only calls tools has no content to show: its calls are what it says.
        if (!message.content().isEmpty() || message.toolCalls().isEmpty()) {
            content(out, message);
        }
        for (ToolCall call : message.toolCalls()) {
            SectionLayout.heading(out, "Tool call", call.name() + (call.parsedFromText() ? "  parsed from text" : ""));
            if (call.parsedFromText()) {
                // The log shows no such call: say so before anyone reads it as the agent's.
                SectionLayout.note(out, "Not a call in the log: the model wrote it as text in this message, and "
                        + "--parse-text-calls made it one (its id is made up) so the rules see it.");
            }
            if (!call.id().isEmpty()) {
                SectionLayout.field(out, "call id", call.id());
            }
            ToolCallSection.arguments(out, call);
        }
    }

    /** A tool's result that is JSON reads better pretty-printed, like arguments; anything else as it is. */
    private static void content(DetailDocument.Builder out, Message message) {
        if (message.isToolResult() && looksLikeJson(message.content())) {
            var json = JsonValues.tryParse(message.content());
            if (json.isPresent()) {
                SectionLayout.heading(out, "Content", "JSON, pretty-printed");
                JsonHighlighter.append(out, json.get().toPrettyString());
                return;
            }
        }
        SectionLayout.heading(out, "Content");
        SectionLayout.text(out, message.content(), VALUE);
    }

    private static boolean looksLikeJson(String s) {
        String t = s.strip();
        return t.length() <= SectionLayout.MAX_BLOCK && (t.startsWith("{") || t.startsWith("["));
    }

    private static void marker(DetailDocument.Builder out, Payload.RunMarker marker) {
        SectionLayout.heading(out, "Fields");
        for (Payload.Field field : marker.fields()) {
            SectionLayout.field(out, field.key(), field.value());
        }
        if (marker.fields().isEmpty()) {
            SectionLayout.note(out, "(none)");
        }
        if (!marker.rest().isBlank()) {
            SectionLayout.heading(out, "Text");
            SectionLayout.text(out, marker.rest(), VALUE);
        }
    }
}
