package dev.tracedeck.analysis.cost;

import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How one model call's prompt met the cache, from its recorded usage: the tokens read from the cache, the tokens
 * written to it, and the rest, neither. A response recorded over several lines (Claude Code writes one per content
 * block, each with the same usage) is one call, at its first record.
 *
 * @param call the call
 * @param bill its recorded bill
 */
public record CacheUse(ModelCall call, BilledUsage bill) {

    public long read() {
        return bill.cacheRead();
    }

    public long written() {
        return bill.cacheWrite();
    }

    /** The prompt's tokens neither read from the cache nor written to it. */
    public long uncached() {
        return bill.uncachedInput();
    }

    /** The thread's calls whose usage the trace recorded, once per response, in its order. */
    public static List<CacheUse> of(TraceThread thread) {
        List<CacheUse> uses = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (ModelCall call : thread.records().modelCalls()) {
            Optional<BilledUsage> bill = call.billed().or(() -> call.usage().map(BilledUsage::of));
            if (bill.isPresent() && (bill.get().id().isEmpty() || ids.add(bill.get().id()))) {
                uses.add(new CacheUse(call, bill.get()));
            }
        }
        return uses;
    }
}
