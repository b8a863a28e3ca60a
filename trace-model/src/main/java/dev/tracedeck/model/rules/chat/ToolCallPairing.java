package dev.tracedeck.model.rules.chat;

import java.util.ArrayList;
import java.util.List;

/**
 * Pairs tool results with the calls they answer, walking the history once: by id where the format has ids,
 * otherwise in order (each result answers the oldest call still waiting). A call still waiting when any other
 * message comes, or at the end, is orphaned; a result with no waiting call is unanswered-for.
 */
record ToolCallPairing(List<Orphan> orphans, List<HistoryItem> resultsWithoutCall) {

    /** A message some of whose calls never got a result. */
    record Orphan(HistoryItem item, List<String> missing) {
    }

    static ToolCallPairing of(List<HistoryItem> history) {
        List<Orphan> orphans = new ArrayList<>();
        List<HistoryItem> strays = new ArrayList<>();
        HistoryItem caller = null;
        List<String> waitingNames = new ArrayList<>();
        List<String> waitingIds = new ArrayList<>();
        for (HistoryItem item : history) {
            if (item.isToolResult()) {
                int at = item.resultId().isEmpty() || waitingIds.isEmpty()
                        ? (waitingNames.isEmpty() ? -1 : 0) : waitingIds.indexOf(item.resultId());
                if (at < 0) {
                    strays.add(item);
                } else {
                    waitingNames.remove(at);
                    if (at < waitingIds.size()) {
                        waitingIds.remove(at);
                    }
                }
                continue;
            }
            if (caller != null && !waitingNames.isEmpty()) {
                orphans.add(new Orphan(caller, List.copyOf(waitingNames)));
            }
            caller = item.makesCalls() ? item : null;
            waitingNames = new ArrayList<>(item.callNames());
            waitingIds = new ArrayList<>(item.callIds());
        }
        if (caller != null && !waitingNames.isEmpty()) {
            orphans.add(new Orphan(caller, List.copyOf(waitingNames)));
        }
        return new ToolCallPairing(orphans, strays);
    }
}
