package dev.tracedeck.analysis.steps;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The LLM calls of a trace paired into {@link LlmRound}s, so a view can show a call as one step while every
 * record stays reachable. Built once per trace in one pass; lookups are a bit test or a binary search.
 *
 * <p>Pairing, per thread in source order: a request ({@code curated_messages} only) waits for the thread's
 * next answer ({@code tool_calls} only). A request is left without an answer when the thread logs another
 * request, an agent error, or a conversation or control message first (the call died), or when the log ends.
 * An answer with no request waiting stands alone. An LLM_CALL record with both counts, or neither, is not a
 * half of anything and belongs to no round.
 *
 * <p>Keyed by {@link Event#seq()}: built from a trace's events (in seq order), it answers for that trace only.
 */
public final class LlmRounds {

    public static final LlmRounds NONE = new LlmRounds(List.of(), new int[0], new int[0], new int[0], new int[0], new BitSet());

    private final List<Event> events;
    /** Requests with an answer, ascending, and each one's answer. */
    private final int[] requests;
    private final int[] answersOfRequests;
    /** The same pairs ordered by answer. */
    private final int[] answers;
    private final int[] requestsOfAnswers;
    /** Halves of a round (paired or not), by seq. */
    private final BitSet halves;

    private LlmRounds(List<Event> events, int[] requests, int[] answersOfRequests, int[] answers,
                      int[] requestsOfAnswers, BitSet halves) {
        this.events = events;
        this.requests = requests;
        this.answersOfRequests = answersOfRequests;
        this.answers = answers;
        this.requestsOfAnswers = requestsOfAnswers;
        this.halves = halves;
    }

    /** @param events a trace's events, in seq order (event {@code i} has seq {@code i}) */
    public static LlmRounds of(List<Event> events) {
        Map<String, Integer> waiting = new HashMap<>();
        List<int[]> pairs = new ArrayList<>();
        BitSet halves = new BitSet();
        for (Event event : events) {
            EventKind kind = event.kind();
            if (kind == EventKind.LLM_CALL) {
                Payload.LlmCall call = (Payload.LlmCall) event.payload();
                if (isRequest(call)) {
                    halves.set(event.seq());
                    waiting.put(event.threadId(), event.seq());
                } else if (isAnswer(call)) {
                    halves.set(event.seq());
                    Integer request = waiting.remove(event.threadId());
                    if (request != null) {
                        pairs.add(new int[] {request, event.seq()});
                    }
                }
            } else if (kind == EventKind.ERROR || kind == EventKind.MESSAGE || kind == EventKind.CONTROL) {
                waiting.remove(event.threadId());
            }
        }
        // Pairs are found in answer order; threads interleave, so the request view needs sorting.
        int n = pairs.size();
        int[] answers = new int[n];
        int[] requestsOfAnswers = new int[n];
        int[] requests = new int[n];
        int[] answersOfRequests = new int[n];
        for (int i = 0; i < n; i++) {
            answers[i] = pairs.get(i)[1];
            requestsOfAnswers[i] = pairs.get(i)[0];
            requests[i] = pairs.get(i)[0];
            answersOfRequests[i] = pairs.get(i)[1];
        }
        sortTogether(requests, answersOfRequests);
        return new LlmRounds(events, requests, answersOfRequests, answers, requestsOfAnswers, halves);
    }

    /** The round {@code event} is a half of, paired or not; empty for any other event. */
    public Optional<LlmRound> round(Event event) {
        if (!halves.get(event.seq())) {
            return Optional.empty();
        }
        Payload.LlmCall call = (Payload.LlmCall) event.payload();
        if (isRequest(call)) {
            int i = Arrays.binarySearch(requests, event.seq());
            return Optional.of(new LlmRound(Optional.of(event),
                    i >= 0 ? Optional.of(events.get(answersOfRequests[i])) : Optional.empty()));
        }
        int i = Arrays.binarySearch(answers, event.seq());
        return Optional.of(new LlmRound(i >= 0 ? Optional.of(events.get(requestsOfAnswers[i])) : Optional.empty(),
                Optional.of(event)));
    }

    /** True for an answer that has its request: a view shows it in the request's row, not in a row of its own. */
    public boolean isPairedAnswer(Event event) {
        return halves.get(event.seq()) && Arrays.binarySearch(answers, event.seq()) >= 0;
    }

    /** The event whose row shows {@code event}: its request for a paired answer, else the event itself. */
    public Event rowOf(Event event) {
        if (!halves.get(event.seq())) {
            return event;
        }
        int i = Arrays.binarySearch(answers, event.seq());
        return i >= 0 ? events.get(requestsOfAnswers[i]) : event;
    }

    /** The answer shown in {@code row}'s row besides it, if any. */
    public Optional<Event> answerOf(Event row) {
        if (!halves.get(row.seq())) {
            return Optional.empty();
        }
        int i = Arrays.binarySearch(requests, row.seq());
        return i >= 0 ? Optional.of(events.get(answersOfRequests[i])) : Optional.empty();
    }

    /** What {@code row}'s row shows: the request and its answer, or the event alone. */
    public List<Event> step(Event row) {
        return answerOf(row).map(answer -> List.of(row, answer)).orElse(List.of(row));
    }

    /** How many requests found their answer. */
    public int pairedCount() {
        return requests.length;
    }

    private static boolean isRequest(Payload.LlmCall call) {
        return call.curatedMessages().isPresent() && call.toolCalls().isEmpty();
    }

    private static boolean isAnswer(Payload.LlmCall call) {
        return call.toolCalls().isPresent() && call.curatedMessages().isEmpty();
    }

    /** Sorts {@code keys} ascending, carrying {@code values} along (keys are distinct). */
    private static void sortTogether(int[] keys, int[] values) {
        long[] packed = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            packed[i] = ((long) keys[i] << 32) | (values[i] & 0xffffffffL);
        }
        Arrays.sort(packed);
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (int) (packed[i] >>> 32);
            values[i] = (int) packed[i];
        }
    }
}
