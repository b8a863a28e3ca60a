package dev.tracedeck.analysis.rules;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import java.util.Objects;

/**
 * One entry of a state dump that a finding blames: "state entry 24 is a tool result with no call waiting for
 * it". The dump is one of the finding's evidence; the entry is the part of it that breaks the rule, so a view
 * can point at that entry instead of at the whole dump, which may hold thousands.
 *
 * @param dump     the state dump event, one of the finding's {@link Finding#evidence()}
 * @param position 0-based position in the dump's {@code snapshot().entries()}; the entry's logged index is
 *                 {@code entries().get(position).idx()}
 */
public record BlamedEntry(Event dump, int position) {

    public BlamedEntry {
        Objects.requireNonNull(dump);
        if (!(dump.payload() instanceof Payload.StateDump state)) {
            throw new IllegalArgumentException("event #" + dump.seq() + " is not a state dump");
        }
        if (position < 0 || position >= state.snapshot().size()) {
            throw new IllegalArgumentException("entry position " + position + " is outside dump #" + dump.seq()
                    + " of " + state.snapshot().size() + " entries");
        }
    }

    /** The index the log gave the entry (Mycelian counts from 1). */
    public int idx() {
        return ((Payload.StateDump) dump.payload()).snapshot().entries().get(position).idx();
    }
}
