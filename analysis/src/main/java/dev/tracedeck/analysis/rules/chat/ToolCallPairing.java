package dev.tracedeck.analysis.rules.chat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pairs tool results with the calls they answer, walking the history once: by id where the format has ids,
 * otherwise in order (each result answers the oldest call still waiting). The calls waiting stop waiting when an
 * item that takes a turn comes ({@link Turns}: under Chat Completions any message, under the Responses API not a
 * developer message nor a reasoning item), or at the end; an item that takes no turn adds its calls to the
 * waiting ones. A result with no waiting call is out of place when its id names a call that stopped waiting
 * earlier (it came, but not right after its call: {@code role-order}'s); otherwise it answers nothing
 * ({@code tool-result-without-call}'s). A call that stopped waiting and never got a result, in place or out of
 * it, is orphaned ({@code orphaned-tool-call}'s). So each broken pairing is one rule's finding.
 */
record ToolCallPairing(List<Orphan> orphans, List<HistoryItem> resultsWithoutCall, List<Misplaced> misplaced) {

    ToolCallPairing {
        orphans = List.copyOf(orphans);
        resultsWithoutCall = List.copyOf(resultsWithoutCall);
        misplaced = List.copyOf(misplaced);
    }

    /**
     * A message some of whose calls never got a result.
     *
     * @param missing    the names of those calls
     * @param missingIds their ids, in the same order ("" for a call without one)
     */
    record Orphan(HistoryItem item, List<String> missing, List<String> missingIds) {

        Orphan {
            missing = List.copyOf(missing);
            missingIds = List.copyOf(missingIds);
        }
    }

    /**
     * A result that answers a call, but not right after it.
     *
     * @param result the result
     * @param caller the message whose call it answers
     * @param after  the message that came between them (the first one that took a turn)
     */
    record Misplaced(HistoryItem result, HistoryItem caller, HistoryItem after) {
    }

    /** Pairs as Chat Completions does: every message takes a turn. */
    static ToolCallPairing of(List<HistoryItem> history) {
        return of(history, Turns.EVERY_MESSAGE);
    }

    static ToolCallPairing of(List<HistoryItem> history, Turns turns) {
        Last last = LAST.get();
        if (last.history == history && last.turns.equals(turns)) {
            return last.pairing;
        }
        ToolCallPairing pairing = pair(history, turns);
        last.history = history;
        last.turns = turns;
        last.pairing = pairing;
        return pairing;
    }

    /**
     * The pairing each (Java) thread made last, with the history and turns it is of: three rules pair a thread's
     * history ({@link ChatHistory#of}, the very same list for each) one after another. A history never changes, so
     * its pairing is kept for as long as the next one isn't made.
     */
    private static final ThreadLocal<Last> LAST = ThreadLocal.withInitial(Last::new);

    private static final class Last {
        private List<HistoryItem> history;
        private Turns turns;
        private ToolCallPairing pairing;
    }

    private static ToolCallPairing pair(List<HistoryItem> history, Turns turns) {
        Calls waiting = new Calls();
        Calls stopped = new Calls();
        List<Call> stoppedInOrder = new ArrayList<>();
        List<HistoryItem> strays = new ArrayList<>();
        List<Misplaced> misplaced = new ArrayList<>();
        for (HistoryItem item : history) {
            if (item.isToolResult()) {
                Call call = waiting.answeredBy(item);
                if (call != null) {
                    continue;
                }
                call = item.resultId().isEmpty() ? null : stopped.withId(item.resultId());
                if (call != null) {
                    misplaced.add(new Misplaced(item, call.caller, call.interrupter));
                } else {
                    strays.add(item);
                }
                continue;
            }
            if (turns.takesTurn(item)) {
                for (Call c : waiting.stop(item)) {
                    stoppedInOrder.add(c);
                    stopped.add(c);
                }
            }
            waiting.addCallsOf(item);
        }
        stoppedInOrder.addAll(waiting.stop(null));
        return new ToolCallPairing(orphans(stoppedInOrder), strays, misplaced);
    }

    /** The calls never answered, by the message that made them, in the order they stopped waiting. */
    private static List<Orphan> orphans(List<Call> stopped) {
        List<Orphan> orphans = new ArrayList<>();
        HistoryItem caller = null;
        List<String> missing = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (Call c : stopped) {
            if (c.answered) {
                continue;
            }
            if (c.caller != caller && caller != null) {
                orphans.add(new Orphan(caller, missing, ids));
                missing.clear();
                ids.clear();
            }
            caller = c.caller;
            missing.add(c.name);
            ids.add(c.id);
        }
        if (caller != null) {
            orphans.add(new Orphan(caller, missing, ids));
        }
        return orphans;
    }

    /** One call of a message. */
    private static final class Call {
        final HistoryItem caller;
        final String name;
        /** "" when the log shows none. */
        final String id;
        /** The item that took a turn while it waited; null while it waits, or when the history ended first. */
        HistoryItem interrupter;
        boolean answered;

        Call(HistoryItem caller, String name, String id) {
            this.caller = caller;
            this.name = name;
            this.id = id;
        }
    }

    /**
     * Calls not yet answered, oldest first, found by id in constant time; answered ones leave every index, so the
     * walk stays linear however many calls wait at once.
     */
    private static final class Calls {
        private final Set<Call> inOrder = new LinkedHashSet<>();
        private final Set<Call> withoutId = new LinkedHashSet<>();
        private final Map<String, ArrayDeque<Call>> byId = new HashMap<>();

        /**
         * The item's calls. The log gives ids only for calls that have one: a message whose ids are fewer than its
         * calls leaves the last ones without.
         */
        void addCallsOf(HistoryItem item) {
            List<String> names = item.callNames();
            List<String> ids = item.callIds();
            for (int i = 0; i < names.size(); i++) {
                add(new Call(item, names.get(i), i < ids.size() ? ids.get(i) : ""));
            }
        }

        void add(Call c) {
            inOrder.add(c);
            if (c.id.isEmpty()) {
                withoutId.add(c);
            } else {
                // Nearly every id is one call's: a deque of two, not of the default sixteen.
                byId.computeIfAbsent(c.id, k -> new ArrayDeque<>(2)).add(c);
            }
        }

        /**
         * The call {@code result} answers, marked answered: the one with its id; else, for a result without an id
         * or calls without ids, the oldest call in order; null when none waits.
         */
        Call answeredBy(HistoryItem result) {
            Call c = result.resultId().isEmpty() ? first(inOrder) : withId(result.resultId());
            if (c == null && !result.resultId().isEmpty()) {
                c = first(withoutId);
                if (c != null) {
                    answer(c);
                }
            }
            return c;
        }

        /** The oldest unanswered call with this id, marked answered, or null. */
        Call withId(String id) {
            ArrayDeque<Call> calls = byId.get(id);
            if (calls == null || calls.isEmpty()) {
                return null;
            }
            Call c = calls.poll();
            answer(c);
            return c;
        }

        private Call first(Set<Call> calls) {
            Iterator<Call> it = calls.iterator();
            if (!it.hasNext()) {
                return null;
            }
            Call c = it.next();
            answer(c);
            return c;
        }

        private void answer(Call c) {
            c.answered = true;
            inOrder.remove(c);
            withoutId.remove(c);
            ArrayDeque<Call> same = c.id.isEmpty() ? null : byId.get(c.id);
            if (same != null) {
                same.remove(c);
            }
        }

        /** Every waiting call stops, {@code by} the item that took a turn (null at the end); they are returned. */
        List<Call> stop(HistoryItem by) {
            List<Call> calls = new ArrayList<>(inOrder);
            for (Call c : calls) {
                c.interrupter = by;
            }
            inOrder.clear();
            withoutId.clear();
            byId.clear();
            return calls;
        }
    }
}
