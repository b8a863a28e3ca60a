package dev.tracedeck.cli;

import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The thread a command works on: the one whose id is given, or the only one whose id holds what is given (ids are
 * long and people paste a part); with nothing given, the only thread with a history. Otherwise the problem says
 * which threads there are to choose from.
 */
record ThreadChoice(Optional<TraceThread> thread, String problem) {

    private static final int LISTED = 5;

    static ThreadChoice of(Trace trace, String wanted) {
        List<TraceThread> withHistory = trace.threads().stream().filter(t -> !ThreadHistory.points(t).isEmpty()).toList();
        if (wanted == null) {
            if (withHistory.size() == 1) {
                return found(withHistory.get(0));
            }
            return withHistory.isEmpty() ? missing("no thread has a history (no message, no state dump of messages)")
                    : missing(withHistory.size() + " threads have a history; choose one with --thread: " + list(withHistory));
        }
        Optional<TraceThread> exact = trace.threads().stream().filter(t -> t.id().equals(wanted)).findFirst();
        if (exact.isPresent()) {
            return found(exact.get());
        }
        List<TraceThread> partial = trace.threads().stream().filter(t -> t.id().contains(wanted)).toList();
        if (partial.size() == 1) {
            return found(partial.get(0));
        }
        return partial.isEmpty()
                ? missing("no thread '" + wanted + "'; threads with a history: " + list(withHistory))
                : missing(partial.size() + " threads' ids hold '" + wanted + "': " + list(partial) + "; give more of the id");
    }

    private static String list(List<TraceThread> threads) {
        String shown = threads.stream().limit(LISTED).map(t -> t.id().isEmpty() ? "\"\"" : t.id()).collect(Collectors.joining(", "));
        return threads.size() > LISTED ? shown + " … (" + threads.size() + " in all)" : shown;
    }

    private static ThreadChoice found(TraceThread thread) {
        return new ThreadChoice(Optional.of(thread), "");
    }

    private static ThreadChoice missing(String problem) {
        return new ThreadChoice(Optional.empty(), problem);
    }
}
