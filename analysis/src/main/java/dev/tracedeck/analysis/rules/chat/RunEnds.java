package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.model.recorded.TerminalCall;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Optional;

/**
 * Which unanswered calls ended a completed run by design: a call the trace records as the framework's terminal call
 * ({@link TerminalCall}: OpenHands' {@code finish}, a Pydantic AI output tool), after which the run did not go on. A
 * run goes on when the model speaks again before a new user message starts the next run; a terminal call followed
 * by that was not where the run ended, and stays an orphan. Any other unanswered call, a run that died while its
 * tool ran among them, is no run's end.
 */
final class RunEnds {

    private RunEnds() {
    }

    /**
     * The terminal call {@code id} (or, without an id, the one named {@code name}) of the history item at
     * {@code position} is, when the thread records it as one and nothing the model said after it shows the run going on.
     */
    static Optional<TerminalCall> endedBy(TraceThread thread, List<HistoryItem> history, int position, String id, String name) {
        List<TerminalCall> terminal = thread.records().terminalCalls();
        if (terminal.isEmpty()) {
            return Optional.empty();
        }
        HistoryItem caller = history.get(position);
        Optional<TerminalCall> call = terminal.stream().filter(t -> t.is(caller.event(), id, name)).findFirst();
        return call.isPresent() && !goesOn(history, position) ? call : Optional.empty();
    }

    /** True when the model speaks again after the item at {@code position} before the user starts a new run. */
    private static boolean goesOn(List<HistoryItem> history, int position) {
        for (int i = position + 1; i < history.size(); i++) {
            HistoryItem item = history.get(i);
            if (item.isToolResult() || item.instructions()) {
                continue;
            }
            if (item.role().equals("user")) {
                return false;
            }
            if (item.role().equals("assistant")) {
                return true;
            }
        }
        return false;
    }
}
