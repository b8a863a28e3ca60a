package dev.tracedeck.analysis.rules.cost;

import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.ModelCall;
import java.time.Instant;
import java.util.Optional;

/**
 * A model call as the cache rule weighs it: its bill, when it was logged, and the latest time the thread logged before
 * it (its request went out no earlier: the tool results it answers were written first).
 *
 * @param call         the call
 * @param bill         its recorded bill
 * @param at           when its record was logged
 * @param sentNoEarlier the latest time logged in its thread before it, when any was
 */
record CachedCall(ModelCall call, BilledUsage bill, Optional<Instant> at, Optional<Instant> sentNoEarlier) {

    String model() {
        return call.model().strip();
    }

    int seq() {
        return call.event().seq();
    }

    int line() {
        return call.event().source().firstLine();
    }

    /** What this call left in the cache for the next: the prefix it read back and what it wrote after it. */
    long cachedPrefix() {
        return bill.cacheRead() + bill.cacheWrite();
    }
}
