package dev.tracedeck.analysis.textcalls.found;

import java.util.List;

/**
 * What {@link TextCallFinder} read in one thread.
 *
 * @param texts       every piece of the model's text it read, in log order
 * @param calls       the calls written in them, however unsure, in log and text order
 * @param stateShown  true when the thread has a state dump with a message list, so the model's words are
 *                    visible even if it wrote none
 */
public record ThreadTextCalls(List<AssistantText> texts, List<FoundTextCall> calls, boolean stateShown) {

    public ThreadTextCalls {
        texts = List.copyOf(texts);
        calls = List.copyOf(calls);
    }

    /** The calls at or above {@code threshold}. */
    public List<FoundTextCall> atLeast(double threshold) {
        return calls.stream().filter(c -> c.call().confidence().atLeast(threshold)).toList();
    }
}
