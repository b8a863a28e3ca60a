package dev.tracedeck.analysis.rules;

import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Map;

/**
 * A rule that judges each thread beside the other threads of its file: two agents of one Letta file write one memory
 * block, and what one wrote can be lost only to a write of the other. {@link #check(TraceThread, RuleParameters)}
 * judges a thread as if its file held it alone; the {@link Validator} replaces that check, once every thread is
 * checked, with the thread's outcome over the whole file.
 */
public interface FileRule extends Rule {

    /** The outcome of each of {@code threads} (a file's), by thread id: one for every thread. */
    Map<String, RuleOutcome> check(List<TraceThread> threads, RuleParameters parameters);

    @Override
    default RuleOutcome check(TraceThread thread, RuleParameters parameters) {
        return check(List.of(thread), parameters).get(thread.id());
    }
}
