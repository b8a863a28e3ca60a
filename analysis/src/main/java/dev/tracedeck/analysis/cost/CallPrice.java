package dev.tracedeck.analysis.cost;

import dev.tracedeck.model.recorded.BilledUsage;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One bill priced as the ledger prices it, for the rules that weigh a call's cost: what a cache miss cost, whether
 * a thread kept to its budget.
 */
public final class CallPrice {

    private CallPrice() {
    }

    /** The time a call was logged at, as the ledger reads it to pick dated prices; empty when it can't be read. */
    public static Optional<Instant> loggedAt(String time) {
        return CallTime.parse(time);
    }

    /** {@code bill} of a call of {@code model} logged at {@code time}, in micro-dollars; empty for an unpriced model. */
    public static OptionalLong microdollars(Prices prices, String model, BilledUsage bill, String time) {
        Optional<PriceRow> row = prices.find(model);
        if (row.isEmpty()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(prices.price(bill, row.get(), CallTime.parse(time)).microdollars());
    }

    /**
     * {@code bill} as it would have been had {@code tokens} more of its input been read from the cache: taken from its
     * five-minute writes first, then its hour-long writes, then its uncached input.
     */
    public static BilledUsage readBack(BilledUsage bill, long tokens) {
        long left = Math.min(tokens, bill.input() - bill.cacheRead());
        long from5m = Math.min(left, bill.cacheWrite5m());
        left -= from5m;
        long from1h = Math.min(left, bill.cacheWrite1h());
        left -= from1h;
        long read = bill.cacheRead() + from5m + from1h + left;
        return new BilledUsage(bill.id(), bill.input(), read, bill.cacheWrite() - from5m - from1h,
                bill.cacheWrite1h() - from1h, bill.output(), bill.reasoning(), bill.inputAudio(), bill.outputAudio(),
                bill.convention());
    }
}
