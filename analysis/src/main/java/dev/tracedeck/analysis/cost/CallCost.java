package dev.tracedeck.analysis.cost;

import dev.tracedeck.model.recorded.BilledUsage;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One model call in the ledger: its tokens by bucket as billed, where they come from, the price row used and what
 * it cost.
 *
 * @param file        the trace file
 * @param thread      the thread the call is in
 * @param line        the call's first line in the file
 * @param seq         the call's event
 * @param model       the model the trace names, "" for none
 * @param time        when it was logged, when it was
 * @param bill        the tokens billed
 * @param origin      whether the bill is the provider's usage as the trace recorded it, or Tracedeck's count
 * @param row         the price row, empty for an unpriced model
 * @param lines       the priced buckets
 * @param microdollars the call's own cost in millionths of a dollar; 0 when unpriced or counted elsewhere
 * @param period      which of the row's dated prices applied, "" when it has one set
 * @param notes       what was off about the bill or the pricing
 * @param counted     false for a second record of a response already in the ledger (same id): counted once, there
 */
public record CallCost(String file, String thread, int line, int seq, String model, Optional<Instant> time,
                       BilledUsage bill, Origin origin, Optional<PriceRow> row, List<CostLine> lines,
                       long microdollars, String period, List<String> notes, boolean counted) {

    /** Where a call's token counts come from. */
    public enum Origin {
        /** the provider's usage as the trace recorded it */
        RECORDED,
        /** Tracedeck's own count of the history sent and the answer, where the trace recorded no usage */
        ESTIMATED;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public CallCost {
        lines = List.copyOf(lines);
        notes = List.copyOf(notes);
    }

    public boolean priced() {
        return row.isPresent();
    }
}
