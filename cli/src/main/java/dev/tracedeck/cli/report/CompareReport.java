package dev.tracedeck.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.compare.RuleComparison;
import dev.tracedeck.analysis.compare.ThreadComparison;
import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.analysis.compare.Verdict;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.shape.ChipKind;
import dev.tracedeck.analysis.shape.ShapeChip;
import dev.tracedeck.analysis.shape.ShapeDivergence;
import dev.tracedeck.analysis.shape.StateShape;
import dev.tracedeck.engine.text.TerminalText;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What {@code tracedeck compare} writes: a run before a fix against the run after it. */
public enum CompareReport {
    TEXT(CompareReport::text), JSON(CompareReport::json), MARKDOWN(CompareReport::markdown), HTML(CompareReport::html);

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The order a reader wants: what the fix changed first. */
    private static final List<Verdict> ORDER = List.of(Verdict.REGRESSED, Verdict.NEWLY_FAILING, Verdict.FIXED,
            Verdict.STILL_FAILING, Verdict.NO_LONGER_CHECKED, Verdict.PASSING, Verdict.NOT_APPLICABLE, Verdict.NOT_COMPARED);

    private final Function<TraceComparison, String> renderer;

    CompareReport(Function<TraceComparison, String> renderer) {
        this.renderer = renderer;
    }

    public String render(TraceComparison comparison) {
        return renderer.apply(comparison);
    }

    private static List<RuleComparison> ordered(TraceComparison c) {
        List<RuleComparison> rules = new ArrayList<>(c.rules());
        rules.sort((a, b) -> Integer.compare(ORDER.indexOf(a.verdict()), ORDER.indexOf(b.verdict())));
        return rules;
    }

    private static String status(Optional<CheckStatus> status, int findings) {
        return status.map(s -> s == CheckStatus.FAIL ? "fail (" + findings + ")" : s.id()).orElse("—");
    }

    private static String side(Validation v) {
        return String.format("%s (%s): %d errors, %d warnings", v.file(), v.format(), v.count(Severity.ERROR), v.count(Severity.WARNING));
    }

    private static String verdicts(TraceComparison c) {
        List<String> parts = new ArrayList<>();
        for (Verdict v : ORDER) {
            long n = c.count(v);
            if (n > 0) {
                parts.add(n + " " + v.id());
            }
        }
        return String.join(", ", parts);
    }

    private static String threadLabel(Optional<String> id) {
        return id.map(s -> s.isEmpty() ? "(run)" : s).orElse("(none)");
    }

    private static String shapeSummary(Optional<StateShape> shape) {
        return shape.map(s -> s.size() + " messages: " + s.counts().entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey().label()).collect(Collectors.joining(" · "))).orElse("no history");
    }

    /** One character per chip, for a terminal: S system, U user, C assistant calling tools, A assistant text, T tool result. */
    static String glyphs(StateShape shape) {
        StringBuilder s = new StringBuilder();
        for (List<ShapeChip> turn : shape.turns()) {
            if (!s.isEmpty()) {
                s.append(' ');
            }
            turn.forEach(chip -> s.append(glyph(chip.kind())));
        }
        return s.toString();
    }

    private static char glyph(ChipKind kind) {
        return switch (kind) {
            case SYSTEM -> 'S';
            case USER -> 'U';
            case ASSISTANT_CALLS -> 'C';
            case ASSISTANT_TEXT -> 'A';
            case TOOL_RESULT -> 'T';
            case SUMMARY -> 'Σ';
            case OTHER -> '?';
        };
    }

    static String text(TraceComparison c) {
        StringBuilder out = new StringBuilder();
        out.append("before: ").append(TerminalText.line(side(c.before()))).append('\n');
        out.append("after:  ").append(TerminalText.line(side(c.after()))).append('\n');
        out.append(c.regressed() ? "REGRESSED: " : "").append(verdicts(c)).append("\n\n");
        int width = c.rules().stream().mapToInt(r -> r.ruleId().length()).max().orElse(10) + 2;
        out.append(String.format("%-" + width + "s %-12s %-12s %s%n", "rule", "before", "after", "verdict"));
        for (RuleComparison r : ordered(c)) {
            out.append(String.format("%-" + width + "s %-12s %-12s %s%n", r.ruleId(), status(r.before(), r.beforeFindings()),
                    status(r.after(), r.afterFindings()), r.verdict().id()));
        }
        out.append("\nstate shapes (S system, U user, C assistant → tools, A assistant text, T tool result; a space opens a turn)\n");
        for (ThreadComparison t : c.threads()) {
            out.append(String.format("  %s ↔ %s%n", TerminalText.line(threadLabel(t.beforeId())), TerminalText.line(threadLabel(t.afterId()))));
            out.append("    before ").append(shapeSummary(t.before())).append('\n');
            t.before().ifPresent(s -> out.append("           ").append(glyphs(s)).append('\n'));
            out.append("    after  ").append(shapeSummary(t.after())).append('\n');
            t.after().ifPresent(s -> out.append("           ").append(glyphs(s)).append('\n'));
            out.append("    ").append(TerminalText.line(t.divergence().map(d -> "first divergence: " + d.describe())
                    .orElse(t.before().isPresent() && t.after().isPresent() ? "same shape" : "nothing to align"))).append('\n');
        }
        return TerminalText.block(out.toString());
    }

    static String json(TraceComparison c) {
        ObjectNode root = MAPPER.createObjectNode();
        root.set("before", sideJson(c.before()));
        root.set("after", sideJson(c.after()));
        root.put("regressed", c.regressed());
        ObjectNode counts = root.putObject("verdicts");
        for (Verdict v : Verdict.values()) {
            counts.put(v.id(), c.count(v));
        }
        ArrayNode rules = root.putArray("rules");
        for (RuleComparison r : c.rules()) {
            ObjectNode rule = rules.addObject();
            rule.put("rule", r.ruleId());
            rule.put("description", r.description());
            rule.set("before", statusJson(r.before(), r.beforeFindings()));
            rule.set("after", statusJson(r.after(), r.afterFindings()));
            rule.put("verdict", r.verdict().id());
        }
        ArrayNode threads = root.putArray("threads");
        for (ThreadComparison t : c.threads()) {
            ObjectNode thread = threads.addObject();
            thread.put("before", t.beforeId().orElse(null));
            thread.put("after", t.afterId().orElse(null));
            thread.set("beforeShape", shapeJson(t.before()));
            thread.set("afterShape", shapeJson(t.after()));
            if (t.divergence().isPresent()) {
                ShapeDivergence d = t.divergence().get();
                ObjectNode div = thread.putObject("firstDivergence");
                div.put("turn", d.turn());
                div.put("message", d.chip());
                div.set("before", chipJson(d.before()));
                div.set("after", chipJson(d.after()));
            } else {
                thread.putNull("firstDivergence");
            }
        }
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode sideJson(Validation v) {
        ObjectNode side = MAPPER.createObjectNode();
        side.put("file", v.file());
        side.put("format", v.format());
        side.put("profile", v.profile());
        side.put("errors", v.count(Severity.ERROR));
        side.put("warnings", v.count(Severity.WARNING));
        return side;
    }

    private static ObjectNode statusJson(Optional<CheckStatus> status, int findings) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("status", status.map(CheckStatus::id).orElse("absent"));
        node.put("findings", findings);
        return node;
    }

    private static com.fasterxml.jackson.databind.JsonNode shapeJson(Optional<StateShape> shape) {
        if (shape.isEmpty()) {
            return MAPPER.nullNode();
        }
        ObjectNode node = MAPPER.createObjectNode();
        node.put("messages", shape.get().size());
        ObjectNode kinds = node.putObject("kinds");
        for (Map.Entry<ChipKind, Integer> e : shape.get().counts().entrySet()) {
            kinds.put(kindId(e.getKey()), e.getValue());
        }
        ArrayNode chips = node.putArray("chips");
        for (ShapeChip chip : shape.get().chips()) {
            chips.add(chipJson(Optional.of(chip)));
        }
        return node;
    }

    private static com.fasterxml.jackson.databind.JsonNode chipJson(Optional<ShapeChip> chip) {
        if (chip.isEmpty()) {
            return MAPPER.nullNode();
        }
        ObjectNode node = MAPPER.createObjectNode();
        node.put("kind", kindId(chip.get().kind()));
        ArrayNode tools = node.putArray("tools");
        chip.get().toolNames().forEach(tools::add);
        node.put("line", chip.get().line());
        return node;
    }

    private static String kindId(ChipKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static String markdown(TraceComparison c) {
        StringBuilder out = new StringBuilder("## Tracedeck compare\n\n");
        out.append("- **before** ").append(MarkdownReport.text(side(c.before()))).append('\n');
        out.append("- **after** ").append(MarkdownReport.text(side(c.after()))).append('\n');
        out.append("- ").append(c.regressed() ? "**regressed:** " : "").append(verdicts(c)).append("\n\n");
        out.append("| rule | before | after | verdict |\n|---|---|---|---|\n");
        for (RuleComparison r : ordered(c)) {
            out.append("| `").append(r.ruleId()).append("` | ").append(status(r.before(), r.beforeFindings())).append(" | ")
                    .append(status(r.after(), r.afterFindings())).append(" | ")
                    .append(r.verdict() == Verdict.REGRESSED || r.verdict() == Verdict.FIXED ? "**" + r.verdict().id() + "**" : r.verdict().id())
                    .append(" |\n");
        }
        // Each pair's shapes as the text report draws them, in a code block (letters line up there), with the legend
        // above in words: a five-column table of counts was too wide to read.
        out.append("\n### State shapes\n\n").append(LEGEND_MARKDOWN);
        for (ThreadComparison t : c.threads()) {
            out.append("\n**").append(MarkdownReport.text(threadLabel(t.beforeId()))).append(" ↔ ")
                    .append(MarkdownReport.text(threadLabel(t.afterId()))).append("** — ")
                    .append(MarkdownReport.text(t.divergence().map(d -> "first divergence: " + d.describe())
                            .orElse(t.before().isPresent() && t.after().isPresent() ? "same shape" : "nothing to align")))
                    .append("\n\n```\n");
            shapeLines(out, "before", t.before(), t.divergence().flatMap(ShapeDivergence::before));
            shapeLines(out, "after", t.after(), t.divergence().flatMap(ShapeDivergence::after));
            out.append("```\n");
        }
        return out.toString();
    }

    /** The letters of {@link #glyphs}, said in words, for Markdown. */
    private static final String LEGEND_MARKDOWN = "One letter a message, a space where a user message opens a turn: "
            + java.util.Arrays.stream(ChipKind.values()).map(k -> "`" + glyph(k) + "` " + k.label())
                    .collect(Collectors.joining(" · ")) + "; `^` marks the first divergence.\n";

    /** "before  SCTCT UCTACT …", a caret under the chip where the two first differ, then the counts. */
    private static void shapeLines(StringBuilder out, String side, Optional<StateShape> shape, Optional<ShapeChip> marked) {
        String indent = " ".repeat("before  ".length());
        out.append(String.format("%-8s", side));
        if (shape.isEmpty()) {
            out.append("no history\n");
            return;
        }
        out.append(glyphs(shape.get())).append('\n');
        marked.ifPresent(chip -> column(shape.get(), chip).ifPresent(at -> out.append(indent).append(" ".repeat(at)).append("^\n")));
        out.append(indent).append(shapeSummary(shape)).append('\n');
    }

    /** Where {@code chip}'s letter stands in {@link #glyphs}. */
    private static Optional<Integer> column(StateShape shape, ShapeChip chip) {
        int at = 0;
        for (List<ShapeChip> turn : shape.turns()) {
            for (ShapeChip c : turn) {
                if (c == chip) {
                    return Optional.of(at);
                }
                at++;
            }
            at++;
        }
        return Optional.empty();
    }

    static String html(TraceComparison c) {
        StringBuilder out = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8">""" + HtmlReport.CONTENT_SECURITY_POLICY + """
                <title>Tracedeck compare</title>
                <style>
                body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1f2328; }
                table { border-collapse: collapse; margin: 12px 0; } td, th { padding: 4px 10px; border-bottom: 1px solid #d0d7de; text-align: left; }
                .mono { font-family: ui-monospace, monospace; } .muted { color: #656d76; }
                .regressed, .newly-failing { color: #cf222e; font-weight: 600; } .fixed { color: #1a7f37; font-weight: 600; }
                .still-failing { color: #9a6700; }
                .shape { display: flex; flex-wrap: wrap; gap: 3px; margin: 4px 0 10px; }
                .chip { width: 14px; height: 22px; border-radius: 3px; } .gap { width: 10px; }
                .legend .key { white-space: nowrap; margin-right: 10px; } .legend .chip { display: inline-block; vertical-align: middle; }
                .k-system { background: #8250df; } .k-user { background: #0969da; } .k-assistant-calls { background: #bc4c00; }
                .k-assistant-text { background: #cf222e; } .k-tool-result { background: #1a7f37; } .k-summary { background: #9a6700; }
                .k-other { background: #8c959f; } .diverge { outline: 3px solid #000; }
                </style></head><body>
                <h1>Before and after</h1>
                """);
        out.append("<p>before <span class=\"mono\">").append(Xml.escape(side(c.before()))).append("</span><br>after <span class=\"mono\">")
                .append(Xml.escape(side(c.after()))).append("</span></p>\n<p><b>").append(Xml.escape(verdicts(c))).append("</b></p>\n");
        out.append("<table><tr><th>rule</th><th>before</th><th>after</th><th>verdict</th></tr>\n");
        for (RuleComparison r : ordered(c)) {
            out.append("<tr><td class=\"mono\">").append(Xml.escape(r.ruleId())).append("</td><td>")
                    .append(Xml.escape(status(r.before(), r.beforeFindings()))).append("</td><td>")
                    .append(Xml.escape(status(r.after(), r.afterFindings()))).append("</td><td class=\"").append(r.verdict().id())
                    .append("\">").append(r.verdict().id()).append("</td></tr>\n");
        }
        // The legend: each colour as a block like the shapes', its name beside it in the page's own text colour.
        out.append("</table>\n<h2>State shapes</h2>\n<p class=\"legend\">One block per message:");
        for (ChipKind kind : ChipKind.values()) {
            out.append(" <span class=\"key\"><span class=\"chip k-").append(kindId(kind)).append("\"></span> ")
                    .append(Xml.escape(kind.label())).append("</span>");
        }
        out.append("; a gap opens a turn; the first divergence is outlined.</p>\n");
        for (ThreadComparison t : c.threads()) {
            out.append("<h3 class=\"mono\">").append(Xml.escape(threadLabel(t.beforeId()))).append(" ↔ ")
                    .append(Xml.escape(threadLabel(t.afterId()))).append("</h3>\n");
            shapeHtml(out, "before", t.before(), t.divergence().flatMap(ShapeDivergence::before));
            shapeHtml(out, "after", t.after(), t.divergence().flatMap(ShapeDivergence::after));
            out.append("<p>").append(Xml.escape(t.divergence().map(d -> "First divergence: " + d.describe()).orElse("Same shape."))).append("</p>\n");
        }
        return out.append("</body></html>\n").toString();
    }

    private static void shapeHtml(StringBuilder out, String side, Optional<StateShape> shape, Optional<ShapeChip> marked) {
        out.append("<div class=\"muted\">").append(side).append(": ").append(Xml.escape(shapeSummary(shape))).append("</div>\n<div class=\"shape\">");
        shape.ifPresent(s -> {
            boolean first = true;
            for (List<ShapeChip> turn : s.turns()) {
                if (!first) {
                    out.append("<span class=\"gap\"></span>");
                }
                first = false;
                for (ShapeChip chip : turn) {
                    out.append("<span class=\"chip k-").append(kindId(chip.kind()))
                            .append(marked.isPresent() && marked.get() == chip ? " diverge" : "").append("\" title=\"")
                            .append(Xml.escape(chip.label() + (chip.line() > 0 ? " · line " + chip.line() : "") + ": "
                                    + dev.tracedeck.model.text.PythonText.abbreviate(chip.text(), 200))).append("\"></span>");
                }
            }
        });
        out.append("</div>\n");
    }
}
