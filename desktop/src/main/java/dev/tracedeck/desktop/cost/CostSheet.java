package dev.tracedeck.desktop.cost;

import dev.tracedeck.analysis.cost.CallCost;
import dev.tracedeck.analysis.cost.CostGroups;
import dev.tracedeck.analysis.cost.CostLedger;
import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.cost.Prices;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ledger of one file as the Cost view lists it: its total, and a row per group (as {@code tracedeck cost --by}
 * groups) each followed by its calls, so that every call shows its own bill whatever the grouping. Made off the FX
 * thread; a call's row is found by its event in constant time.
 */
public final class CostSheet {

    private final CostTotal total;
    private final List<CostRow> rows;
    private final Map<Integer, Integer> rowOfSeq = new HashMap<>();
    private final List<Prices.Source> sources;

    private CostSheet(CostTotal total, List<CostRow> rows, List<Prices.Source> sources) {
        this.total = total;
        this.rows = List.copyOf(rows);
        this.sources = List.copyOf(sources);
        for (int i = 0; i < this.rows.size(); i++) {
            int row = i;
            this.rows.get(i).call().ifPresent(c -> rowOfSeq.putIfAbsent(c.seq(), row));
        }
    }

    public static CostSheet of(CostLedger ledger, String file, CostGroups.By by) {
        List<CallCost> calls = ledger.calls().stream().filter(c -> c.file().equals(file)).toList();
        // A group's own calls, by the key CostGroups gives it: one pass over the file's calls.
        Map<String, List<CallCost>> members = new LinkedHashMap<>();
        if (by == CostGroups.By.model) {
            // In the file's order: the ledger holds them thread by thread.
            calls.stream().sorted(java.util.Comparator.comparingInt(CallCost::seq))
                    .forEach(c -> members.computeIfAbsent(modelKey(c), k -> new ArrayList<>()).add(c));
        } else {
            ledger.threads().forEach((k, v) -> {
                if (k.file().equals(file)) {
                    members.put(CostGroups.label(k), v);
                }
            });
        }
        List<CostRow> rows = new ArrayList<>();
        for (CostGroups.Group g : CostGroups.of(ledger, file, by)) {
            if (by == CostGroups.By.call) {
                CallCost c = g.call().orElseThrow();
                rows.add(new CostRow(callLabel(c), 0, g.own(), g.withSubAgents(), priceRows(List.of(c)), g.call()));
                continue;
            }
            List<CallCost> own = members.getOrDefault(g.key(), List.of());
            rows.add(new CostRow(g.key(), g.depth(), g.own(), g.withSubAgents(), priceRows(own), Optional.empty()));
            for (CallCost c : own) {
                // Under its model a call needs no model named; under a thread or an agent, it does.
                rows.add(new CostRow(by == CostGroups.By.model ? "line " + c.line() : callLabel(c), g.depth() + 1, CostLedger.sum(List.of(c)), ledger.withSubAgents(c),
                        priceRows(List.of(c)), Optional.of(c)));
            }
        }
        return new CostSheet(CostLedger.sum(calls), rows, ledger.sources());
    }

    /**
     * The rows the calls were priced with, short: {@code anthropic/claude-sonnet-4-0}, the table named only when it is
     * not genai-prices (an override, LiteLLM's); the header names the tables.
     */
    static List<String> priceRows(List<CallCost> calls) {
        List<String> rows = new ArrayList<>();
        for (CallCost c : calls) {
            String row = c.row().map(r -> r.provider() + "/" + r.model()
                    + (r.table().startsWith("genai-prices") ? "" : " (" + r.table() + ")")).orElse("UNPRICED");
            if (!rows.contains(row)) {
                rows.add(row);
            }
        }
        return rows;
    }

    private static String modelKey(CallCost c) {
        return c.model().isBlank() ? "(no model named)" : c.model();
    }

    private static String callLabel(CallCost c) {
        return "line " + c.line() + " · " + modelKey(c);
    }

    public CostTotal total() {
        return total;
    }

    public List<CostRow> rows() {
        return rows;
    }

    public List<Prices.Source> sources() {
        return sources;
    }

    /** The row of the call at event {@code seq}, or -1 when that event is no model call. */
    public int rowOf(int seq) {
        return rowOfSeq.getOrDefault(seq, -1);
    }
}
