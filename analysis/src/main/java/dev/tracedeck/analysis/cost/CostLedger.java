package dev.tracedeck.analysis.cost;

import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.ModelProfile;
import dev.tracedeck.analysis.tokens.ThreadContext;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.ThreadStart;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the model calls of some traces cost, call by call: each call's tokens by bucket as billed, the price row used
 * and the dollars, every figure marked recorded or estimated. A response recorded more than once (Claude Code writes
 * one message over several lines, a resumed session copies its history) is counted once, by its provider's id. A
 * sub-agent's calls roll up to the call that started it.
 */
public final class CostLedger {

    /** A thread of a file, which a sub-agent's calls roll up to. */
    public record ThreadKey(String file, String thread) {
    }

    private final List<CallCost> calls;
    private final Map<ThreadKey, List<CallCost>> byThread = new LinkedHashMap<>();
    /** The call that started each sub-agent's thread, where the trace links them. */
    private final Map<ThreadKey, CallCost> startedBy = new HashMap<>();
    private final Map<CallCost, List<ThreadKey>> started = new HashMap<>();
    private final List<Prices.Source> sources;

    private CostLedger(List<CallCost> calls, List<Prices.Source> sources) {
        this.calls = List.copyOf(calls);
        this.sources = sources;
    }

    public static CostLedger of(List<Trace> traces, Prices prices) {
        List<CallCost> calls = new ArrayList<>();
        Map<String, Integer> firstById = new HashMap<>();
        Map<ModelCall, Integer> indexOf = new HashMap<>();
        List<ModelCall> modelCalls = new ArrayList<>();
        List<ThreadKey> keys = new ArrayList<>();
        // First pass: every call's bill, recorded or estimated; a response id seen again keeps the fullest record.
        List<BilledUsage> bills = new ArrayList<>();
        List<CallCost.Origin> origins = new ArrayList<>();
        for (Trace trace : traces) {
            for (TraceThread thread : trace.threads()) {
                Estimates estimates = new Estimates(thread);
                for (ModelCall response : thread.records().modelCalls()) {
                    // Another model's sampling inside the response (an advisor's) is billed as a call of its own.
                    for (ModelCall call : response.withInner()) {
                        Optional<BilledUsage> bill = call.bill();
                        indexOf.put(call, modelCalls.size());
                        modelCalls.add(call);
                        keys.add(new ThreadKey(trace.file(), thread.id()));
                        bills.add(bill.orElseGet(() -> estimates.of(call)));
                        origins.add(bill.isPresent() ? CallCost.Origin.RECORDED : CallCost.Origin.ESTIMATED);
                    }
                }
            }
        }
        boolean[] duplicate = new boolean[modelCalls.size()];
        for (int i = 0; i < modelCalls.size(); i++) {
            String id = bills.get(i).id();
            if (id.isEmpty() || origins.get(i) == CallCost.Origin.ESTIMATED) {
                continue;
            }
            Integer first = firstById.putIfAbsent(id, i);
            if (first != null) {
                duplicate[i] = true;
                if (size(bills.get(i)) > size(bills.get(first))) {
                    bills.set(first, bills.get(i));
                }
            }
        }
        for (int i = 0; i < modelCalls.size(); i++) {
            calls.add(cost(keys.get(i), modelCalls.get(i), bills.get(i), origins.get(i), !duplicate[i], prices));
        }
        CostLedger ledger = new CostLedger(calls, prices.sources());
        for (int i = 0; i < calls.size(); i++) {
            ledger.byThread.computeIfAbsent(keys.get(i), k -> new ArrayList<>()).add(calls.get(i));
        }
        ledger.linkSubAgents(traces, modelCalls, indexOf);
        return ledger;
    }

    private static long size(BilledUsage b) {
        return b.input() + b.output();
    }

    private static CallCost cost(ThreadKey key, ModelCall call, BilledUsage bill, CallCost.Origin origin, boolean counted,
                                 Prices prices) {
        Optional<Instant> time = CallTime.parse(call.event().time());
        Optional<PriceRow> row = prices.find(call.model());
        List<CostLine> lines = List.of();
        long micro = 0;
        String period = "";
        List<String> notes = new ArrayList<>();
        if (row.isPresent() && counted) {
            CallPricing.Priced priced = prices.price(bill, row.get(), time);
            lines = priced.lines();
            micro = priced.microdollars();
            period = priced.period();
            notes.addAll(priced.notes());
        }
        if (!counted) {
            notes.add("a second record of response " + bill.id() + ": counted once, at its first record");
        }
        return new CallCost(key.file(), key.thread(), call.event().source().firstLine(), call.event().seq(),
                call.model(), time, bill, origin, row, lines, micro, period, notes, counted);
    }

    /** Each sub-agent thread to the call of its parent that made the call starting it: the last call at or before it. */
    private void linkSubAgents(List<Trace> traces, List<ModelCall> modelCalls, Map<ModelCall, Integer> indexOf) {
        for (Trace trace : traces) {
            for (TraceThread thread : trace.threads()) {
                Optional<ThreadStart> start = thread.records().startedBy();
                if (start.isEmpty()) {
                    continue;
                }
                Optional<TraceThread> parent = trace.thread(start.get().call().threadId());
                ModelCall made = null;
                for (ModelCall c : parent.map(p -> p.records().modelCalls()).orElse(List.of())) {
                    if (c.event().seq() <= start.get().call().seq()) {
                        made = c;
                    }
                }
                if (made != null) {
                    CallCost call = calls.get(indexOf.get(made));
                    ThreadKey key = new ThreadKey(trace.file(), thread.id());
                    startedBy.put(key, call);
                    started.computeIfAbsent(call, c -> new ArrayList<>()).add(key);
                }
            }
        }
    }

    public List<CallCost> calls() {
        return calls;
    }

    public List<Prices.Source> sources() {
        return sources;
    }

    /** Every call's own cost, summed. */
    public CostTotal total() {
        return sum(calls);
    }

    public static CostTotal sum(List<CallCost> calls) {
        CostTotal t = CostTotal.ZERO;
        for (CallCost c : calls) {
            t = t.plus(CostTotal.of(c));
        }
        return t;
    }

    /** The threads in order, each with its calls. */
    public Map<ThreadKey, List<CallCost>> threads() {
        return byThread;
    }

    /** The call that started {@code thread} (a sub-agent), if the trace links them. */
    public Optional<CallCost> startedBy(ThreadKey thread) {
        return Optional.ofNullable(startedBy.get(thread));
    }

    /** The sub-agent threads {@code call} started. */
    public List<ThreadKey> started(CallCost call) {
        return started.getOrDefault(call, List.of());
    }

    /** A call's cost with the sub-agents it started, theirs with their own sub-agents. */
    public CostTotal withSubAgents(CallCost call) {
        return withSubAgents(call, new HashSet<>());
    }

    /** A thread's cost with the sub-agents its calls started. */
    public CostTotal withSubAgents(ThreadKey thread) {
        return withSubAgents(thread, new HashSet<>());
    }

    private CostTotal withSubAgents(CallCost call, Set<ThreadKey> seen) {
        CostTotal t = CostTotal.of(call);
        for (ThreadKey k : started(call)) {
            t = t.plus(withSubAgents(k, seen));
        }
        return t;
    }

    private CostTotal withSubAgents(ThreadKey thread, Set<ThreadKey> seen) {
        if (!seen.add(thread)) {
            return CostTotal.ZERO;
        }
        CostTotal t = CostTotal.ZERO;
        for (CallCost c : byThread.getOrDefault(thread, List.of())) {
            t = t.plus(withSubAgents(c, seen));
        }
        return t;
    }

    /**
     * Tracedeck's count where a call has no recorded usage: the history its thread held just before the call (the
     * prompt sent, as the context views count it) and the answer's own tokens. Counted only for threads that need it.
     */
    private static final class Estimates {
        private final TraceThread thread;
        private List<ContextPoint> points;

        Estimates(TraceThread thread) {
            this.thread = thread;
        }

        BilledUsage of(ModelCall call) {
            if (points == null) {
                points = new ThreadContext(ModelProfile.ESTIMATE_FORMAT).points(thread);
            }
            long before = 0;
            long at = 0;
            for (ContextPoint p : points) {
                if (p.event().seq() < call.event().seq()) {
                    before = p.count().tokens();
                } else if (p.event().seq() == call.event().seq()) {
                    at = p.count().tokens();
                } else {
                    break;
                }
            }
            return new BilledUsage("", before, 0, 0, 0, Math.max(0, at - before), 0, 0, 0, "estimate");
        }
    }
}
