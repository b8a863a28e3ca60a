package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.*;

import dev.tracedeck.analysis.textcalls.Confidence;
import dev.tracedeck.analysis.textcalls.TextToolCall;
import dev.tracedeck.analysis.textcalls.found.AssistantText;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.analysis.textcalls.found.TextCallFinder;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tool calls the model wrote as text in this event's message or new state entries: the text with each call's
 * span marked, then each call as parsed — format, tool, confidence and its reasons, whether anything ran it,
 * the arguments pretty-printed, and what could not be recovered.
 */
final class TextCallSection {

    private TextCallSection() {
    }

    static void append(DetailDocument.Builder out, List<FoundTextCall> calls) {
        Map<AssistantText, List<FoundTextCall>> byText = new LinkedHashMap<>();
        calls.forEach(c -> byText.computeIfAbsent(c.where(), w -> new ArrayList<>()).add(c));
        byText.forEach((where, found) -> text(out, where, found));
    }

    private static void text(DetailDocument.Builder out, AssistantText where, List<FoundTextCall> calls) {
        String title = calls.size() == 1 ? "Tool call written as text" : calls.size() + " tool calls written as text";
        SectionLayout.heading(out, title, where.isStateEntry() ? "in state entry " + entryIdx(where) + ", the model's message"
                : "in this message");
        if (where.cut()) {
            SectionLayout.warning(out, "The log kept a preview of " + CountFormat.count(where.text().codePointCount(0, where.text().length()))
                    + " characters: what runs past it was cut by the log.");
        }
        marked(out, where.text(), calls);
        for (int i = 0; i < calls.size(); i++) {
            call(out, calls.get(i), calls.size() > 1 ? "call " + (i + 1) : "call");
        }
    }

    /** The text as logged, with every call's span in the text-call style. */
    private static void marked(DetailDocument.Builder out, String text, List<FoundTextCall> calls) {
        int at = 0;
        for (FoundTextCall c : calls) {
            int start = Math.max(at, c.call().span().start());
            int end = Math.min(text.length(), c.call().span().end());
            if (start >= end) {
                continue;
            }
            out.add(text.substring(at, start), VALUE);
            out.add(text.substring(start, end), TEXT_CALL);
            at = end;
        }
        out.add(text.substring(at), VALUE).end();
    }

    private static void call(DetailDocument.Builder out, FoundTextCall found, String label) {
        TextToolCall call = found.call();
        boolean counts = call.confidence().atLeast(TextCallFinder.THRESHOLD);
        out.blank();
        out.add(SectionLayout.pad(label, SectionLayout.KEY_WIDTH), KEY).add(call.name(), TOOL).add("  " + call.formatId(), MUTED).end();
        out.add(SectionLayout.pad("confidence", SectionLayout.KEY_WIDTH), KEY)
                .add(String.format(Locale.ROOT, "%.2f", call.confidence().value()), counts ? VALUE : MUTED)
                .add(counts ? String.format(Locale.ROOT, "  counts as a call (≥ %.1f)", TextCallFinder.THRESHOLD)
                        : String.format(Locale.ROOT, "  below %.1f: not counted as a call", TextCallFinder.THRESHOLD), MUTED)
                .end();
        for (Confidence.Reason reason : call.confidence().reasons()) {
            out.add(SectionLayout.pad("", SectionLayout.KEY_WIDTH), KEY).add(reason.toString(), reason.weight() < 0 ? WARNING : MUTED).end();
        }
        out.add(SectionLayout.pad("run", SectionLayout.KEY_WIDTH), KEY);
        if (found.executed()) {
            out.add("yes: a structured " + call.name() + " call follows before the model's next text", VALUE);
        } else if (found.structured()) {
            out.add("made a structured call by --parse-text-calls: orphaned-tool-call checks its result", VALUE);
        } else {
            out.add("no: nothing ran it", counts ? WARNING : MUTED);
        }
        out.end();
        out.add(SectionLayout.pad("arguments", SectionLayout.KEY_WIDTH), KEY)
                .add(call.argumentsStatus().name().toLowerCase(Locale.ROOT), VALUE).end();
        if (call.arguments().isPresent()) {
            JsonHighlighter.append(out, call.arguments().map(JsonValue::toPrettyString).orElseThrow());
        } else if (!call.rawArguments().isBlank()) {
            SectionLayout.text(out, call.rawArguments(), VALUE);
        }
        for (String lost : call.unrecovered()) {
            SectionLayout.warning(out, "not recovered: " + lost);
        }
    }

    private static int entryIdx(AssistantText where) {
        Payload.StateDump dump = (Payload.StateDump) where.event().payload();
        return dump.snapshot().entries().get(where.entryPosition().getAsInt()).idx();
    }
}
