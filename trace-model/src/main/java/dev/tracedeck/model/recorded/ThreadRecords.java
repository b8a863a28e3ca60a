package dev.tracedeck.model.recorded;

import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.Objects;
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
 *                           cut short, or with a broken record after the answer, does not end at it, unless the
 *                           thread is one response and nothing else: what the cut took was the rest of that response
 *                           or other threads, never the results of its calls
 * @param startedBy          the tool call of another thread that started this one (a sub-agent's), when the trace
 *                           links them
 * @param terminalCalls      the calls the framework ended a completed run with, which it never answers
 *                           ({@link TerminalCall}), in source order
 * @param instructions       the messages a request sends apart from its history (Anthropic's {@code system},
 *                           OpenAI Responses' and Pydantic AI's {@code instructions}), in source order. The timeline
 *                           shows them where they change, but the model reads them at the head of each request,
 *                           before the whole history: they come between no two of its messages
 * @param compactionAgent    true when the thread is an agent the harness ran to compact another thread's context
 *                           (Claude Code's {@code acompact} agents): its call reads that whole context to summarize
 *                           it, so it runs above a pre-flight trigger by design
 * @param toolOutputCap      where the harness that wrote the trace caps its tools' output itself before the model
 *                           reads it (Codex): how, as a reader is told it; empty where the trace does not say so
 * @param inheritedCalls     the calls a forked session's history copied from the session they were running in, whose
 *                           results are recorded there ({@link InheritedCall}), in source order
 * @param historyCutShort    true when the thread's history is a request's list of messages that the file breaks off
 *                           inside (cut short, or JSON that does not parse there): the request was written whole and
 *                           sent messages after the last one read, the results of that message's calls among them
 */
public record ThreadRecords(List<ModelCall> modelCalls, List<Compaction> compactions, boolean endsAtModelAnswer,
                            Optional<ThreadStart> startedBy, List<TerminalCall> terminalCalls, List<Event> instructions,
                            boolean compactionAgent, List<RecordedOutcome> outcomes, String toolOutputCap,
                            List<InheritedCall> inheritedCalls, boolean historyCutShort) {

    public static final ThreadRecords NONE = new ThreadRecords(List.of(), List.of(), false);

    public ThreadRecords {
        modelCalls = List.copyOf(modelCalls);
        compactions = List.copyOf(compactions);
        Objects.requireNonNull(startedBy);
        terminalCalls = List.copyOf(terminalCalls);
        instructions = List.copyOf(instructions);
        outcomes = List.copyOf(outcomes);
        Objects.requireNonNull(toolOutputCap);
        inheritedCalls = List.copyOf(inheritedCalls);
    }

    /** Records of a thread no call of the trace started. */
    public ThreadRecords(List<ModelCall> modelCalls, List<Compaction> compactions, boolean endsAtModelAnswer) {
        this(modelCalls, compactions, endsAtModelAnswer, Optional.empty(), List.of(), List.of(), false, List.of(), "",
                List.of(), false);
    }

    /** True when {@code message} is one of the {@link #instructions()}: sent at the head of a request, not in its history. */
    public boolean isInstructions(Event message) {
        // In source order, so by position: a thread of many requests may have many.
        int low = 0;
        int high = instructions.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            Event e = instructions.get(mid);
            if (e == message) {
                return true;
            }
            if (e.seq() < message.seq()) {
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return false;
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
                && terminalCalls.isEmpty() && instructions.isEmpty() && !compactionAgent && outcomes.isEmpty()
                && toolOutputCap.isEmpty() && inheritedCalls.isEmpty() && !historyCutShort;
    }
}
