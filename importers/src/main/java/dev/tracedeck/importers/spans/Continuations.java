package dev.tracedeck.importers.spans;

import dev.tracedeck.importers.chat.KnownMessages;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins the traces that carry one conversation when nothing names it. An instrumented client with no span around
 * its calls makes each model call a trace of its own; one thread per trace would then end each tool-calling step
 * with a call whose result only the next trace shows, an orphan that isn't. So a trace (without a conversation id)
 * whose first model call's input starts with the whole input and output of another such thread's last call joins
 * that thread; sending back exactly what was sent and answered is what continuing a conversation looks like, and two
 * runs of one question do not (the second run's first input lacks the first run's answer).
 */
final class Continuations {

    private final Map<String, String> threadOfTrace = new HashMap<>();
    /** Per thread, its last model call's input then output, as {@link KnownMessages#key} keys. */
    private final Map<String, List<String>> lastCall = new HashMap<>();
    /** The same, the other way: looking up an input's prefixes costs the input's length, not the number of threads. */
    private final Map<List<String>, String> threadByLastCall = new HashMap<>();

    /**
     * Takes a model call of a trace without a conversation id, with its messages; calls come in the order they
     * started.
     */
    void see(SpanFileEntry.Span span, SpanMessages messages) {
        List<String> input = keys(messages.input());
        String thread = threadOfTrace.computeIfAbsent(span.traceId(), trace -> continued(trace, input));
        List<String> call = new ArrayList<>(input);
        call.addAll(keys(messages.output()));
        List<String> before = lastCall.put(thread, call);
        if (before != null) {
            threadByLastCall.remove(before, thread);
        }
        threadByLastCall.put(call, thread);
    }

    /** The thread of a trace without a conversation id: the trace itself, or the one it continues. */
    String thread(String traceId) {
        return threadOfTrace.getOrDefault(traceId, traceId);
    }

    /** The thread whose last call {@code input} repeats in full (the longest, if several do), else the trace's own. */
    private String continued(String trace, List<String> input) {
        for (int k = input.size() - 1; k > 0; k--) {
            String thread = threadByLastCall.get(input.subList(0, k));
            if (thread != null) {
                return thread;
            }
        }
        return trace;
    }

    private static List<String> keys(List<AttributeMessage> found) {
        List<String> keys = new ArrayList<>();
        for (AttributeMessage f : found) {
            if (f instanceof AttributeMessage.Msg m) {
                keys.add(KnownMessages.key(m.message()));
            }
        }
        return keys;
    }
}
