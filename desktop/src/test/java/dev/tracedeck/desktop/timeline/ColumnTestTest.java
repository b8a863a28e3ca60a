package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.LlmCallTraces;
import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The timeline tests a row's thread, kind and "only flagged" on its columns rather than on the event: for every filter
 * it must show exactly the rows the filter itself, applied to each row and to the answer shown in it, lets through.
 */
class ColumnTestTest {

    /** Each trace, searched with and without the search signatures made. */
    static Stream<Arguments> traces() {
        return Stream.of(TestTraces.small(), LlmCallTraces.trace())
                .flatMap(trace -> Stream.of(Arguments.of(trace, false), Arguments.of(trace, true)));
    }

    @ParameterizedTest
    @MethodSource("traces")
    void showsWhatTheFilterPassesForEveryCombination(Trace trace, boolean signed) {
        Validation validation = trace.file().equals(LlmCallTraces.FILE)
                ? LlmCallTraces.findingOnTheAnswer(trace) : TestFindings.of(trace);
        EvidenceIndex evidence = EvidenceIndex.of(validation);
        LlmRounds rounds = LlmRounds.of(trace.events());
        TimelineViewModel timeline = new TimelineViewModel(trace.events());
        timeline.filter().setEvidence(evidence);
        if (signed) {
            timeline.search().searchIndexing().ifPresent(job -> new SyncTaskRunner().submit(job));
        }

        List<Optional<String>> threads = new ArrayList<>();
        threads.add(Optional.empty());
        threads.add(Optional.of("no such thread"));
        trace.events().stream().map(Event::threadId).distinct().map(Optional::of).forEach(threads::add);
        List<Set<EventKind>> kindSets = List.of(EnumSet.allOf(EventKind.class), EnumSet.of(EventKind.LLM_CALL),
                EnumSet.complementOf(EnumSet.of(EventKind.LLM_CALL)), EnumSet.of(EventKind.MESSAGE, EventKind.TOOL_PLAN),
                EnumSet.noneOf(EventKind.class));
        int combinations = 0;
        for (Optional<String> thread : threads) {
            for (Set<EventKind> kinds : kindSets) {
                for (boolean onlyFlagged : new boolean[] {false, true}) {
                    for (String search : List.of("", "tea", "llm", "zz-nothing", "LLM_CALL", "#1", "s1", "call")) {
                        timeline.filter().showThread(thread);
                        timeline.filter().showAllKinds();
                        for (EventKind kind : EventKind.values()) {
                            timeline.filter().showKind(kind, kinds.contains(kind));
                        }
                        timeline.filter().showOnlyFlagged(onlyFlagged);
                        timeline.search().search(search);
                        EventFilter filter = timeline.filter().filterProperty().get();

                        List<Event> expected = new ArrayList<>();
                        int expectedCount = 0;
                        for (Event event : trace.events()) {
                            if (rounds.isPairedAnswer(event)) {
                                continue;
                            }
                            Optional<Event> answer = event.kind() == EventKind.LLM_CALL ? rounds.answerOf(event) : Optional.empty();
                            if (filter.test(event) || answer.isPresent() && filter.test(answer.get())) {
                                expected.add(event);
                                expectedCount += answer.isPresent() ? 2 : 1;
                            }
                        }
                        String what = thread + " " + kinds + " flagged=" + onlyFlagged + " search=" + search;
                        assertEquals(expected, List.copyOf(timeline.table().rows()), what);
                        assertEquals(expectedCount, timeline.table().shownCountProperty().get(), what);
                        combinations++;
                    }
                }
            }
        }
        assertEquals(threads.size() * kindSets.size() * 2 * 8, combinations);
    }
}
