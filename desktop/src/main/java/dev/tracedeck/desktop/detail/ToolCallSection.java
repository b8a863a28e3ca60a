package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.*;

import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Previews;
import dev.tracedeck.model.message.ToolCall;

/** A tool call or plan: who asked for it, then its arguments pretty-printed, with a notice when the log cut them. */
final class ToolCallSection {

    private ToolCallSection() {
    }

    static void append(DetailDocument.Builder out, Payload.ToolInvocation invocation) {
        SectionLayout.heading(out, invocation.planned() ? "Tool plan" : "Tool call");
        if (invocation.planned()) {
            SectionLayout.note(out, "Planned: the model asked for this call; the log shows it before it ran.");
        }
        ToolCall call = invocation.call();
        out.add(SectionLayout.pad("tool", SectionLayout.KEY_WIDTH), KEY).add(call.name(), TOOL).end();
        if (!call.id().isEmpty()) {
            SectionLayout.field(out, "call id", call.id());
        }
        if (!invocation.role().isEmpty()) {
            SectionLayout.field(out, "role", invocation.role());
        }
        invocation.msgIdx().ifPresent(i -> SectionLayout.field(out, "msg_idx", Integer.toString(i)));
        arguments(out, call);
    }

    /** Also used for the tool calls a message carries. */
    static void arguments(DetailDocument.Builder out, ToolCall call) {
        SectionLayout.heading(out, "Arguments", CountFormat.count(call.rawArguments().length(), "char", "chars")
                + (call.parsedFromText() ? " as the model wrote them" : " as logged"));
        String raw = call.rawArguments().strip();
        if (call.arguments().isPresent()) {
            JsonHighlighter.append(out, call.displayArguments());
        } else if ((raw.startsWith("{") || raw.startsWith("[")) && raw.length() <= SectionLayout.MAX_BLOCK) {
            // Cut JSON is still mostly JSON: colour what is there, as logged, on its one line.
            JsonHighlighter.append(out, call.rawArguments());
        } else {
            SectionLayout.text(out, call.rawArguments(), VALUE);
        }
        if (call.truncated() && call.parsedFromText()) {
            SectionLayout.warning(out, "Cut: the text ends inside these arguments, so they are not the whole call.");
        } else if (call.truncated()) {
            SectionLayout.warning(out, "Truncated by the log: it keeps the first " + CountFormat.count(Previews.ARGS_LIMIT - 3)
                    + " characters and appends \"...\", so these arguments are shown as logged and are not the whole call.");
        } else if (call.arguments().isEmpty() && !call.rawArguments().isBlank()) {
            SectionLayout.note(out, "Not valid JSON: shown as logged.");
        }
    }
}
