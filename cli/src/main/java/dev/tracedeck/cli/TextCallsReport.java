package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.chat.TextToolCallNotRun;
import dev.tracedeck.analysis.textcalls.TextToolCall;
import dev.tracedeck.analysis.textcalls.found.AssistantText;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.analysis.textcalls.found.TextCallFinder;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders {@code textcalls}: JSON (a contract for scripts, one object per call) or lines for people. The calls
 * are found as the {@code text-tool-call} rule finds them, with the same known tools, so their confidence is
 * the one the rule judged.
 */
final class TextCallsReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The calls found in one file. */
    record FileCalls(Trace trace, List<FoundTextCall> calls) {
    }

    private TextCallsReport() {
    }

    static FileCalls find(Trace trace) {
        List<FoundTextCall> calls = new ArrayList<>();
        for (TraceThread thread : trace.threads()) {
            calls.addAll(TextToolCallNotRun.find(thread, trace.format()).calls());
        }
        return new FileCalls(trace, calls);
    }

    /** The physical line where the text starts: the message's, or the entry's STATE_MSG line. */
    static int line(AssistantText where) {
        if (where.event().payload() instanceof Payload.StateDump dump && where.isStateEntry()) {
            return dump.snapshot().entryLine(where.entryPosition().getAsInt());
        }
        return where.event().source().firstLine();
    }

    static String json(List<FileCalls> files) {
        ArrayNode array = MAPPER.createArrayNode();
        for (FileCalls file : files) {
            for (FoundTextCall f : file.calls()) {
                array.add(node(file.trace(), f));
            }
        }
        try {
            return MAPPER.writeValueAsString(array) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode node(Trace trace, FoundTextCall f) {
        AssistantText where = f.where();
        TextToolCall call = f.call();
        ObjectNode n = MAPPER.createObjectNode();
        n.put("file", trace.file());
        n.put("thread", where.threadId());
        n.put("seq", where.event().seq());
        n.put("line", line(where));
        n.put("messageIndex", where.messageIndex());
        n.put("source", where.isStateEntry() ? "state-entry" : "message");
        if (where.msgIdx().isPresent()) {
            n.put("msgIdx", where.msgIdx().getAsInt());
        } else {
            n.putNull("msgIdx");
        }
        n.put("format", call.formatId());
        n.put("name", call.name());
        JsonValue args = call.arguments().orElse(null);
        if (args instanceof JsonValue.JsonObject) {
            n.set("arguments", toJackson(args));
        } else {
            n.putNull("arguments");
        }
        n.put("rawArguments", call.rawArguments());
        n.put("argumentsStatus", call.argumentsStatus().name().toLowerCase(Locale.ROOT));
        n.put("confidence", call.confidence().value());
        ArrayNode reasons = n.putArray("reasons");
        call.confidence().reasons().forEach(r -> reasons.addObject().put("weight", r.weight()).put("why", r.why()));
        ArrayNode lost = n.putArray("unrecovered");
        call.unrecovered().forEach(lost::add);
        n.putObject("span").put("start", call.span().start()).put("end", call.span().end())
                .put("codePointStart", call.span().codePointStart()).put("codePointEnd", call.span().codePointEnd());
        n.put("textCut", where.cut());
        n.put("executed", f.executed());
        return n;
    }

    private static JsonNode toJackson(JsonValue value) {
        try {
            return MAPPER.readTree(value.toCompactString());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(List<FileCalls> files) {
        StringBuilder out = new StringBuilder();
        for (FileCalls file : files) {
            List<FoundTextCall> calls = file.calls();
            long counted = calls.stream().filter(c -> c.call().confidence().atLeast(TextCallFinder.THRESHOLD)).count();
            long notRun = calls.stream().filter(c -> c.call().confidence().atLeast(TextCallFinder.THRESHOLD) && !c.executed())
                    .count();
            out.append(TerminalText.line(file.trace().file())).append("  (").append(TerminalText.line(file.trace().format())).append(")\n");
            out.append(String.format(Locale.ROOT, "  %d text %s, %d at confidence ≥ %.1f, %d of them never run%n",
                    calls.size(), calls.size() == 1 ? "call" : "calls", counted, TextCallFinder.THRESHOLD, notRun));
            for (FoundTextCall f : calls) {
                AssistantText where = f.where();
                TextToolCall call = f.call();
                String place = where.isStateEntry()
                        ? "state entry " + entryIdx(where) : "message " + where.messageIndex();
                out.append(String.format(Locale.ROOT, "  %s line %d  %s%s  %s %s  %.2f  %s%n",
                        label(file.trace(), where.threadId()), line(where), place,
                        where.msgIdx().isPresent() ? " (msg_idx " + where.msgIdx().getAsInt() + ")" : "",
                        call.formatId(), TerminalText.line(call.name()), call.confidence().value(),
                        f.executed() ? "run" : call.confidence().atLeast(TextCallFinder.THRESHOLD) ? "NOT RUN" : "not run (below threshold)"));
                String args = call.arguments().map(JsonValue::toCompactString).orElse(call.rawArguments());
                out.append("      ").append(TerminalText.line(PythonText.abbreviate(args, 120))).append('\n');
                if (!call.unrecovered().isEmpty()) {
                    out.append("      not recovered: ").append(TerminalText.line(String.join("; ", call.unrecovered()))).append('\n');
                }
            }
            out.append('\n');
        }
        return TerminalText.block(out.toString());
    }

    private static int entryIdx(AssistantText where) {
        Payload.StateDump dump = (Payload.StateDump) where.event().payload();
        return dump.snapshot().entries().get(where.entryPosition().getAsInt()).idx();
    }

    private static String label(Trace trace, String threadId) {
        return TerminalText.line(trace.thread(threadId).map(TraceThread::label).orElse(threadId));
    }
}
