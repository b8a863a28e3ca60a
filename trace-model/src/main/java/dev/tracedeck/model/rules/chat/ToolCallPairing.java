package dev.tracedeck.model.rules.chat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs tool results with the calls they answer, walking the history once: by id where the format has ids,
 * otherwise in order (each result answers the oldest call still waiting). A call still waiting when any other
 * message comes, or at the end, stops waiting. A result with no waiting call is out of place when its id names
 * a call that stopped waiting earlier (it came, but not right after its call: {@code role-order}'s); otherwise it
 * answers nothing ({@code tool-result-without-call}'s). A call that stopped waiting and never got a result, in
 * place or out of it, is orphaned ({@code orphaned-tool-call}'s). So each broken pairing is one rule's finding.
 */
record ToolCallPairing(List<Orphan> orphans, List<HistoryItem> resultsWithoutCall, List<Misplaced> misplaced) {

    /** A message some of whose calls never got a result. */
    record Orphan(HistoryItem item, List<String> missing) {
    }

    /**
     * A result that answers a call, but not right after it.
     *
     * @param result the result
     * @param caller the message whose call it answers
     * @param after  the message that came between them (the first one that is not a result)
     */
    record Misplaced(HistoryItem result, HistoryItem caller, HistoryItem after) {
    }

    static ToolCallPairing of(List<HistoryItem> history) {
        List<Waiting> stopped = new ArrayList<>();
        Map<String, Waiting> stoppedById = new HashMap<>();
        List<HistoryItem> strays = new ArrayList<>();
        List<Misplaced> misplaced = new ArrayList<>();
        Waiting waiting = null;
        for (HistoryItem item : history) {
            if (item.isToolResult()) {
                int at = waiting == null ? -1 : item.resultId().isEmpty() || waiting.ids.isEmpty()
                        ? (waiting.names.isEmpty() ? -1 : 0) : waiting.ids.indexOf(item.resultId());
                if (at >= 0) {
                    waiting.answer(at);
                    continue;
                }
                Waiting earlier = item.resultId().isEmpty() ? null : stoppedById.get(item.resultId());
                if (earlier != null && earlier.ids.contains(item.resultId())) {
                    earlier.answer(earlier.ids.indexOf(item.resultId()));
                    misplaced.add(new Misplaced(item, earlier.caller, earlier.interrupter));
                } else {
                    strays.add(item);
                }
                continue;
            }
            if (waiting != null && !waiting.names.isEmpty()) {
                waiting.interrupter = item;
                stopped.add(waiting);
                waiting.ids.forEach(id -> stoppedById.putIfAbsent(id, stopped.get(stopped.size() - 1)));
            }
            waiting = item.makesCalls() ? new Waiting(item) : null;
        }
        if (waiting != null && !waiting.names.isEmpty()) {
            stopped.add(waiting);
        }
        List<Orphan> orphans = new ArrayList<>();
        for (Waiting w : stopped) {
            if (!w.names.isEmpty()) {
                orphans.add(new Orphan(w.caller, List.copyOf(w.names)));
            }
        }
        return new ToolCallPairing(orphans, strays, misplaced);
    }

    /** The calls of one message still without a result. */
    private static final class Waiting {
        final HistoryItem caller;
        final List<String> names;
        final List<String> ids;
        HistoryItem interrupter;

        Waiting(HistoryItem caller) {
            this.caller = caller;
            this.names = new ArrayList<>(caller.callNames());
            this.ids = new ArrayList<>(caller.callIds());
        }

        void answer(int at) {
            names.remove(at);
            if (at < ids.size()) {
                ids.remove(at);
            }
        }
    }
}
