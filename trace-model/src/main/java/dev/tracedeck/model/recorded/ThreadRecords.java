package dev.tracedeck.model.recorded;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a thread's trace recorded about how it ran, beside its messages: its model calls (model and billed usage),
 * where its context was compacted, and whether the trace ends at the model's answer.
 *
 * @param modelCalls         in source order
 * @param compactions        in source order
 * @param endsAtModelAnswer  true when the thread's record stops at an answer of the model: a single API response,
 *                           or a capture of model calls whose last answer nothing was recorded after. Whatever came
 *                           after that answer (the results of the calls it made) was never in the file. A file
 *                           cut short, or with a broken record after the answer, does not end at it
 * @param startedBy          the tool call of another thread that started this one (a sub-agent's), when the trace
 *                           links them
 * @param compactionAgent    true when the thread is an agent the harness ran to compact another thread's context
 *                           (Claude Code's {@code acompact} agents): its call reads that whole context to summarize
 *                           it, so it runs above a pre-flight trigger by design
 */
public record ThreadRecords(List<ModelCall> modelCalls, List<Compaction> compactions, boolean endsAtModelAnswer,
                            Optional<ThreadStart> startedBy, boolean compactionAgent) {

    public static final ThreadRecords NONE = new ThreadRecords(List.of(), List.of(), false);

    public ThreadRecords {
        modelCalls = List.copyOf(modelCalls);
        compactions = List.copyOf(compactions);
        java.util.Objects.requireNonNull(startedBy);
    }

    /** Records of a thread no call of the trace started. */
    public ThreadRecords(List<ModelCall> modelCalls, List<Compaction> compactions, boolean endsAtModelAnswer) {
        this(modelCalls, compactions, endsAtModelAnswer, Optional.empty(), false);
    }

    /** The model the thread's last call names, if any names one. */
    public Optional<String> model() {
        for (int i = modelCalls.size() - 1; i >= 0; i--) {
            if (!modelCalls.get(i).model().isBlank()) {
                return Optional.of(modelCalls.get(i).model().strip());
            }
        }
        return Optional.empty();
    }

    /** The context window the harness last reported, if it did. */
    public OptionalInt window() {
        for (int i = modelCalls.size() - 1; i >= 0; i--) {
            if (modelCalls.get(i).window().isPresent()) {
                return modelCalls.get(i).window();
            }
        }
        return OptionalInt.empty();
    }

    /** The calls whose usage was recorded: the measured context, call by call. */
    public List<ModelCall> measured() {
        return modelCalls.stream().filter(c -> c.usage().isPresent()).toList();
    }

    public boolean isEmpty() {
        return modelCalls.isEmpty() && compactions.isEmpty() && !endsAtModelAnswer && startedBy.isEmpty()
                && !compactionAgent;
    }
}
