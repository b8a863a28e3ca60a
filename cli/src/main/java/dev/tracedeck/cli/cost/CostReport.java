package dev.tracedeck.cli.cost;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.cost.CallCost;
import dev.tracedeck.analysis.cost.CostGroups;
import dev.tracedeck.analysis.cost.CostLedger;
import dev.tracedeck.analysis.cost.CostLine;
import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.cost.Prices;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.trace.Trace;
import java.io.UncheckedIOException;
import java.util.List;

/** Renders {@code cost}: a table per file for people, JSON for scripts. */
public final class CostReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CostReport() {
    }

    public static String text(List<Trace> traces, CostLedger ledger, CostGroups.By by) {
        StringBuilder out = new StringBuilder();
        for (Trace trace : traces) {
            List<CallCost> calls = ledger.calls().stream().filter(c -> c.file().equals(trace.file())).toList();
            CostTotal total = CostLedger.sum(calls);
            out.append(TerminalText.line(trace.file())).append("  (").append(TerminalText.line(trace.format())).append(")\n");
            out.append("  total ").append(total.text()).append("  ").append(counts(total)).append('\n');
            if (calls.isEmpty()) {
                out.append("  no model call recorded\n\n");
                continue;
            }
            out.append(String.format("  %-44s %5s %11s %11s %10s %10s %10s %10s %8s %15s  %s%n", "by " + by, "calls", "input",
                    "cache read", "write 5m", "write 1h", "output", "reasoning", "audio", "cost", "price row"));
            for (CostGroups.Group g : CostGroups.of(ledger, trace.file(), by)) {
                CostTotal.Buckets b = g.own().tokens();
                String cost = g.own().calls() == 0 ? "duplicate" : g.own().atLeast() && g.own().microdollars() == 0 ? "UNPRICED"
                        : g.own().text();
                String key = "  ".repeat(g.depth()) + TerminalText.line(g.key());
                out.append(String.format("  %-44s %5d %,11d %,11d %,10d %,10d %,10d %,10d %,8d %15s  %s%n",
                        key.length() > 44 ? key.substring(0, 43) + "…" : key, g.own().calls(), b.input(), b.cacheRead(),
                        b.cacheWrite5m(), b.cacheWrite1h(), b.output(), b.reasoning(), b.audio(), cost,
                        TerminalText.line(String.join(", ", g.rows()))));
                if (!g.withSubAgents().equals(g.own())) {
                    out.append(String.format("  %-44s with the sub-agents it started: %s%n", "", g.withSubAgents().text()));
                }
                g.call().ifPresent(c -> c.notes().forEach(n -> out.append("      note: ").append(TerminalText.line(n)).append('\n')));
            }
            out.append('\n');
        }
        if (traces.size() > 1) {
            CostTotal all = ledger.total();
            out.append("all files: ").append(all.text()).append("  ").append(counts(all)).append('\n');
        }
        for (Prices.Source s : ledger.sources()) {
            out.append("prices: ").append(TerminalText.line(s.name())).append(" — ").append(TerminalText.line(s.from()))
                    .append('\n');
        }
        return TerminalText.block(out.toString());
    }

    /** How a total's calls were counted: recorded or estimated, and the records left out as duplicates. */
    public static String counts(CostTotal t) {
        String s = "(" + t.calls() + (t.calls() == 1 ? " call: " : " calls: ") + (t.calls() - t.estimated()) + " recorded, "
                + t.estimated() + " estimated";
        if (t.duplicates() > 0) {
            s += "; " + t.duplicates() + (t.duplicates() == 1 ? " record" : " records") + " of a response already counted, left out";
        }
        return s + ")";
    }

    public static String json(List<Trace> traces, CostLedger ledger, CostGroups.By by) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode prices = root.putArray("prices");
        for (Prices.Source s : ledger.sources()) {
            prices.addObject().put("role", s.role()).put("name", s.name()).put("from", s.from()).put("models", s.models());
        }
        total(root.putObject("total"), ledger.total());
        root.put("by", by.name());
        ArrayNode files = root.putArray("files");
        for (Trace trace : traces) {
            ObjectNode file = files.addObject();
            file.put("file", trace.file());
            file.put("format", trace.format());
            total(file.putObject("total"), CostLedger.sum(ledger.calls().stream().filter(c -> c.file().equals(trace.file())).toList()));
            ArrayNode groups = file.putArray("groups");
            for (CostGroups.Group g : CostGroups.of(ledger, trace.file(), by)) {
                ObjectNode node = groups.addObject();
                node.put("key", g.key());
                if (by == CostGroups.By.agent) {
                    node.put("depth", g.depth());
                }
                total(node.putObject("total"), g.own());
                if (by != CostGroups.By.model) {
                    total(node.putObject("withSubAgents"), g.withSubAgents());
                }
                ArrayNode rows = node.putArray("priceRows");
                g.rows().forEach(rows::add);
                g.call().ifPresent(c -> call(node.putObject("call"), c, ledger));
            }
        }
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void total(ObjectNode node, CostTotal t) {
        node.put("microdollars", t.microdollars());
        node.put("dollars", CostTotal.dollars(t.microdollars()).substring(1));
        node.put("text", t.text());
        node.put("atLeast", t.atLeast());
        node.put("calls", t.calls());
        node.put("unpricedCalls", t.unpriced());
        node.put("estimatedCalls", t.estimated());
        node.put("duplicateRecords", t.duplicates());
        tokens(node.putObject("tokens"), t.tokens());
    }

    private static void tokens(ObjectNode node, CostTotal.Buckets b) {
        node.put("input", b.input()).put("cacheRead", b.cacheRead()).put("cacheWrite5m", b.cacheWrite5m())
                .put("cacheWrite1h", b.cacheWrite1h()).put("output", b.output()).put("reasoning", b.reasoning())
                .put("audio", b.audio());
    }

    private static void call(ObjectNode node, CallCost c, CostLedger ledger) {
        node.put("thread", c.thread()).put("line", c.line()).put("model", c.model());
        c.time().ifPresent(t -> node.put("time", t.toString()));
        node.put("origin", c.origin().label());
        node.put("counted", c.counted());
        BilledUsage b = c.bill();
        node.putObject("recorded").put("convention", b.convention()).put("id", b.id()).put("input", b.input())
                .put("cacheRead", b.cacheRead()).put("cacheWrite", b.cacheWrite()).put("cacheWrite1h", b.cacheWrite1h())
                .put("output", b.output()).put("reasoning", b.reasoning()).put("inputAudio", b.inputAudio())
                .put("outputAudio", b.outputAudio());
        if (c.row().isPresent()) {
            node.putObject("priceRow").put("table", c.row().get().table()).put("provider", c.row().get().provider())
                    .put("model", c.row().get().model()).put("via", c.row().get().via()).put("period", c.period());
        } else {
            node.putNull("priceRow");
        }
        ArrayNode lines = node.putArray("lines");
        for (CostLine l : c.lines()) {
            lines.addObject().put("priceKey", l.priceKey()).put("units", l.units()).put("rate", l.rate().toPlainString())
                    .put("per", l.per()).put("microdollars", l.microdollars());
        }
        node.put("microdollars", c.microdollars());
        ArrayNode started = node.putArray("startedThreads");
        ledger.started(c).forEach(k -> started.add(k.thread()));
        ArrayNode notes = node.putArray("notes");
        c.notes().forEach(notes::add);
    }
}
