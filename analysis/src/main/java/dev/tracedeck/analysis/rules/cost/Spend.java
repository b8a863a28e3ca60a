package dev.tracedeck.analysis.rules.cost;

import dev.tracedeck.analysis.cost.CallPrice;
import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.cost.KeptPrices;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.trace.TraceThread;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What some threads' model calls billed, as the ledger prices them: each response once (by its provider's id), the
 * calls with no recorded usage and those of an unpriced model counted apart, so that a sum short of them reads
 * "at least".
 *
 * @param tokens       every billed token, input and output
 * @param microdollars the priced calls' cost
 * @param calls        the responses counted
 * @param unrecorded   calls whose usage the trace did not record: not in the sums
 * @param unpriced     calls of a model no table prices: in the tokens, not in the dollars
 * @param last         the last call counted, where the sum stands
 */
record Spend(long tokens, long microdollars, int calls, int unrecorded, int unpriced, Event last) {

    static Spend of(List<TraceThread> threads) {
        long tokens = 0;
        long micro = 0;
        int calls = 0;
        int unrecorded = 0;
        int unpriced = 0;
        Event last = null;
        Set<String> ids = new HashSet<>();
        for (TraceThread thread : threads) {
            for (ModelCall call : thread.records().modelCalls().stream().flatMap(c -> c.withInner().stream()).toList()) {
                BilledUsage bill = call.bill().orElse(null);
                if (bill == null) {
                    unrecorded++;
                    continue;
                }
                if (!bill.id().isEmpty() && !ids.add(bill.id())) {
                    continue;
                }
                calls++;
                tokens += bill.input() + bill.output();
                OptionalLong cost = CallPrice.microdollars(KeptPrices.get(), call.model(), bill, call.event().time());
                if (cost.isPresent()) {
                    micro += cost.getAsLong();
                } else {
                    unpriced++;
                }
                if (last == null || call.event().seq() > last.seq()) {
                    last = call.event();
                }
            }
        }
        return new Spend(tokens, micro, calls, unrecorded, unpriced, last);
    }

    /** "$1.234567 (≥: 2 calls unpriced) and 123,456 tokens over 12 calls", saying what the sums leave out. */
    String describe() {
        StringBuilder s = new StringBuilder(CostTotal.dollars(microdollars));
        if (unpriced > 0) {
            s.append(" (at least: ").append(unpriced).append(unpriced == 1 ? " call" : " calls").append(" of an unpriced model)");
        }
        s.append(String.format(" and %,d tokens over %,d %s", tokens, calls, calls == 1 ? "call" : "calls"));
        if (unrecorded > 0) {
            s.append(String.format(" (at least: %,d more %s recorded no usage)", unrecorded, unrecorded == 1 ? "call" : "calls"));
        }
        return s.toString();
    }
}
