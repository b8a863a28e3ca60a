package dev.tracedeck.model.recorded;

import dev.tracedeck.model.event.Event;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One call to a model that the trace recorded beside its messages: the assistant message it answered with, the
 * span that timed it, or the usage record the harness wrote after it.
 *
 * @param event  the event that records it
 * @param model  the model the trace names for it, "" when it names none
 * @param usage  the tokens the provider billed, when recorded
 * @param window the context window the harness reported for the model (Codex's {@code model_context_window}),
 *               when recorded
 * @param billed the tokens billed, every kind the record holds, when the importer read them apart from
 *               {@code usage} (which is the context of one sampling; the bill may sum several)
 */
public record ModelCall(Event event, String model, Optional<TokenUsage> usage, OptionalInt window,
                        Optional<BilledUsage> billed) {

    public ModelCall {
        Objects.requireNonNull(event);
        Objects.requireNonNull(model);
        Objects.requireNonNull(usage);
        Objects.requireNonNull(window);
        Objects.requireNonNull(billed);
    }

    /** A call whose bill is no more than its usage shows. */
    public ModelCall(Event event, String model, Optional<TokenUsage> usage, OptionalInt window) {
        this(event, model, usage, window, Optional.empty());
    }

    /** The bill: as the importer read it, else as the usage shows it, else none recorded. */
    public Optional<BilledUsage> bill() {
        return billed.isPresent() ? billed : usage.map(BilledUsage::of);
    }
}
