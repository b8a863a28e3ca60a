package dev.tracedeck.analysis.cost;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A file's calls grouped by model, thread, agent or call (as {@code cost --by} and the window's Cost view group them),
 * each group with its own cost and, where it can have them, its sub-agents'.
 */
public final class CostGroups {

    /** How {@code --by} groups the calls. */
    public enum By {
        model, thread, agent, call
    }

    /**
     * One row of a report.
     *
     * @param key          the model, the thread, the agent (a thread, sub-agents shown under the call that started
     *                     them) or the call
     * @param own          the calls' own cost
     * @param withSubAgents with the sub-agents they started (the same as {@code own} for models)
     * @param depth        how deep a sub-agent sits under the agent that started it
     * @param rows         the price rows the group's calls used, "UNPRICED" for a model none prices
     * @param call         the call, for {@code --by call}
     */
    public record Group(String key, CostTotal own, CostTotal withSubAgents, int depth, List<String> rows, Optional<CallCost> call) {
    }

    private CostGroups() {
    }

    public static List<Group> of(CostLedger ledger, String file, By by) {
        Map<CostLedger.ThreadKey, List<CallCost>> threads = new LinkedHashMap<>();
        ledger.threads().forEach((k, v) -> {
            if (k.file().equals(file)) {
                threads.put(k, v);
            }
        });
        List<Group> groups = new ArrayList<>();
        switch (by) {
            case model -> {
                Map<String, List<CallCost>> byModel = new LinkedHashMap<>();
                threads.values().forEach(calls -> calls.forEach(c -> byModel.computeIfAbsent(c.model().isBlank() ? "(no model named)" : c.model(), m -> new ArrayList<>()).add(c)));
                byModel.forEach((model, calls) -> {
                    CostTotal t = CostLedger.sum(calls);
                    groups.add(new Group(model, t, t, 0, rows(calls), Optional.empty()));
                });
            }
            case thread -> threads.forEach((k, calls) -> groups.add(new Group(label(k), CostLedger.sum(calls),
                    ledger.withSubAgents(k), 0, rows(calls), Optional.empty())));
            case agent -> threads.keySet().stream().filter(k -> ledger.startedBy(k).isEmpty())
                    .forEach(k -> agent(ledger, k, 0, groups));
            case call -> threads.values().forEach(calls -> calls.forEach(c -> groups.add(new Group(
                    label(new CostLedger.ThreadKey(c.file(), c.thread())) + " line " + c.line(), CostLedger.sum(List.of(c)),
                    ledger.withSubAgents(c), 0, rows(List.of(c)), Optional.of(c)))));
        }
        return groups;
    }

    /** An agent, then the agents its calls started, each under it. */
    private static void agent(CostLedger ledger, CostLedger.ThreadKey k, int depth, List<Group> groups) {
        List<CallCost> calls = ledger.threads().getOrDefault(k, List.of());
        groups.add(new Group(label(k), CostLedger.sum(calls), ledger.withSubAgents(k), depth, rows(calls), Optional.empty()));
        if (depth > 32) {
            return;
        }
        for (CallCost c : calls) {
            for (CostLedger.ThreadKey sub : ledger.started(c)) {
                agent(ledger, sub, depth + 1, groups);
            }
        }
    }

    public static String label(CostLedger.ThreadKey k) {
        return k.thread().isEmpty() ? "(run)" : k.thread();
    }

    private static List<String> rows(List<CallCost> calls) {
        List<String> rows = new ArrayList<>();
        for (CallCost c : calls) {
            String row = c.row().map(r -> r.label()).orElse("UNPRICED");
            if (!rows.contains(row)) {
                rows.add(row);
            }
        }
        return rows;
    }
}
