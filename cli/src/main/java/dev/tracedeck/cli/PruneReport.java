package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.PruneContext;
import dev.tracedeck.analysis.prune.PruneResult;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.analysis.tokens.PromptCount;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Renders what {@code prune} did: JSON in OpenAI's chat shape for scripts, a marked listing for people. */
final class PruneReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final int PREVIEW = 72;

    private final Trace trace;
    private final TraceThread thread;
    private final ThreadHistory history;
    private final ModelChoice model;
    private final PruneContext context;
    private final PruneResult result;
    private final Map<String, Integer> lines;
    private final Set<Finding> introduced;

    PruneReport(Trace trace, TraceThread thread, ThreadHistory history, ModelChoice model, PruneContext context,
                PruneResult result) {
        this.trace = trace;
        this.thread = thread;
        this.history = history;
        this.model = model;
        this.context = context;
        this.result = result;
        this.lines = history.linesById();
        this.introduced = new HashSet<>(result.introduced());
    }

    String json() {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("file", trace.file());
        root.put("format", trace.format());
        root.put("thread", thread.id());
        Event point = history.point();
        root.putObject("at").put("seq", point.seq()).put("line", point.source().firstLine()).put("kind", pointKind());
        root.put("model", model.profile().name());
        root.put("contextLimit", context.contextLimit());
        ArrayNode strategies = root.putArray("strategies");
        for (String s : specs()) {
            strategies.add(s);
        }
        ObjectNode before = root.putObject("before");
        before.put("messages", result.before().size());
        before.put("promptTokens", result.beforeTokens().tokens());
        ObjectNode after = root.putObject("after");
        after.put("messages", result.after().size());
        after.put("promptTokens", result.afterTokens().tokens());
        ArrayNode historyNode = after.putArray("history");
        for (HistoryMessage m : result.after().messages()) {
            message(historyNode.addObject(), m);
        }
        root.put("removed", result.removed().size());
        root.put("changed", result.changed().size());
        root.put("added", result.added().size());
        ArrayNode removedIds = root.putArray("removedIds");
        result.before().messages().stream().map(HistoryMessage::id).filter(result.removed()::contains).forEach(removedIds::add);
        root.put("exact", result.afterTokens().exact() && model.profile().exactTokenizer());
        ArrayNode reasons = root.putArray("estimateReasons");
        estimateReasons().forEach(reasons::add);
        ArrayNode findings = root.putArray("findings");
        result.findings().forEach(f -> finding(findings.addObject(), f));
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    String text() {
        StringBuilder out = new StringBuilder();
        Event point = history.point();
        out.append(String.format("%s  thread %s at event %d (line %d, %s of %d messages)%n", TerminalText.line(trace.file()),
                thread.id().isEmpty() ? "(run)" : TerminalText.line(thread.id()), point.seq(), point.source().firstLine(), pointKind(),
                result.before().size()));
        out.append(String.format("model %s (%s), window %,d tokens; strategy %s%n%n", TerminalText.line(model.profile().name()),
                TerminalText.line(model.source()), context.contextLimit(), TerminalText.line(String.join(" then ", specs()))));
        out.append(side("before", result.before().size(), result.beforeTokens()));
        out.append(side("after", result.after().size(), result.afterTokens()));
        out.append(String.format("removed %d, changed %d, added %d%n%n", result.removed().size(), result.changed().size(),
                result.added().size()));
        for (Row row : rows()) {
            PromptMessage m = row.message().message();
            out.append(String.format("%s %-10s %-9s %7s  %s%n", row.mark(), TerminalText.line(row.message().id()), TerminalText.line(m.role()),
                    String.format("%,d", context.tokens().messageTokens(m)), preview(m)));
        }
        out.append('\n');
        if (result.findings().isEmpty()) {
            out.append("pairing rules on the result: every tool call has its result and every result its call\n");
        } else {
            out.append(String.format("pairing rules on the result: %d finding%s, %d introduced by the strategy%n",
                    result.findings().size(), result.findings().size() == 1 ? "" : "s", result.introduced().size()));
            for (Finding f : result.findings()) {
                out.append(String.format("  %s %s [%s] %s%n", introduced.contains(f) ? "new" : "   ", f.severity().id(),
                        f.ruleId(), TerminalText.line(f.message())));
            }
        }
        estimateReasons().forEach(r -> out.append("note: ").append(TerminalText.line(r)).append('\n'));
        return TerminalText.block(out.toString());
    }

    /** The listing: every message of both sides once, in the order of the result, removed ones where they stood. */
    private List<Row> rows() {
        List<HistoryMessage> before = result.before().messages();
        Map<String, Integer> position = new java.util.HashMap<>();
        for (int i = 0; i < before.size(); i++) {
            position.put(before.get(i).id(), i);
        }
        List<Row> rows = new ArrayList<>();
        int next = 0;
        for (HistoryMessage m : result.after().messages()) {
            Integer at = position.get(m.id());
            if (at != null) {
                for (; next < at; next++) {
                    if (result.removed().contains(before.get(next).id())) {
                        rows.add(new Row('-', before.get(next)));
                    }
                }
                next = Math.max(next, at + 1);
            }
            char mark = result.added().contains(m.id()) ? '+' : result.changed().contains(m.id()) ? '~' : ' ';
            rows.add(new Row(mark, m));
        }
        for (; next < before.size(); next++) {
            if (result.removed().contains(before.get(next).id())) {
                rows.add(new Row('-', before.get(next)));
            }
        }
        return rows;
    }

    private record Row(char mark, HistoryMessage message) {
    }

    private String side(String name, int messages, PromptCount tokens) {
        return String.format("%-7s %,6d messages %,10d tokens  %5.1f%% of the window%n", name, messages, tokens.tokens(),
                100.0 * tokens.tokens() / context.contextLimit());
    }

    private void message(ObjectNode node, HistoryMessage h) {
        PromptMessage m = h.message();
        node.put("role", m.role());
        if (m.content().isEmpty() && !m.toolCalls().isEmpty()) {
            node.putNull("content");
        } else {
            node.put("content", m.content());
        }
        if (!m.name().isEmpty()) {
            node.put("name", m.name());
        }
        if (!m.toolCalls().isEmpty()) {
            ArrayNode calls = node.putArray("tool_calls");
            for (ToolCall call : m.toolCalls()) {
                ObjectNode c = calls.addObject();
                c.put("id", call.id());
                c.put("type", "function");
                c.putObject("function").put("name", call.name()).put("arguments", call.rawArguments());
                if (call.parsedFromText()) {
                    c.put("x_parsed_from_text", true); // --parse-text-calls: the model wrote it as text
                }
            }
        }
        if (!m.toolCallId().isEmpty()) {
            node.put("tool_call_id", m.toolCallId());
        }
        // Tracedeck's own fields, beside the chat shape: where the message came from and what the strategy did.
        node.put("x_id", h.id());
        node.put("x_status", result.added().contains(h.id()) ? "added" : result.changed().contains(h.id()) ? "changed" : "kept");
        Integer line = lines.get(h.id());
        if (line != null) {
            node.put("x_line", line);
        } else {
            node.putNull("x_line");
        }
        node.put("x_tokens", context.tokens().messageTokens(m));
    }

    private void finding(ObjectNode node, Finding f) {
        node.put("rule", f.ruleId());
        node.put("severity", f.severity().id());
        node.put("thread", thread.id());
        node.put("message", f.message());
        node.put("introduced", introduced.contains(f));
        ArrayNode evidence = node.putArray("evidence");
        for (Event e : f.evidence()) {
            HistoryMessage m = result.after().messages().get(e.seq());
            ObjectNode item = evidence.addObject();
            Integer line = lines.get(m.id());
            if (line != null) {
                item.put("line", line);
            } else {
                item.putNull("line");
            }
            item.put("messageIndex", e.seq());
            item.put("messageId", m.id());
        }
    }

    private List<String> specs() {
        return List.of(result.strategy().split(" \\| "));
    }

    private String pointKind() {
        return history.point().payload() instanceof Payload.StateDump ? "state dump" : "message";
    }

    private List<String> estimateReasons() {
        Set<String> reasons = new LinkedHashSet<>();
        model.estimateReason().ifPresent(reasons::add);
        reasons.addAll(result.beforeTokens().estimateReasons());
        reasons.addAll(result.afterTokens().estimateReasons());
        if (history.point().payload() instanceof Payload.StateDump dump) {
            reasons.add(dev.tracedeck.analysis.tokens.ThreadContext.lowerBound(dump.snapshot()));
        }
        return new ArrayList<>(reasons);
    }

    private static String preview(PromptMessage m) {
        String text = m.content();
        if (text.isBlank() && !m.toolCalls().isEmpty()) {
            text = "calls " + String.join(", ", m.toolCalls().stream().map(ToolCall::name).toList());
        }
        return TerminalText.line(PythonText.abbreviate(text, PREVIEW));
    }
}
