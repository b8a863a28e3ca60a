package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.steps.LlmRounds;
import dev.tracedeck.desktop.tabs.LoadedTrace;
import dev.tracedeck.model.event.Event;
import java.util.List;

/**
 * How many of a followed file's new reading's first events the window can keep as it shows them: the events that are
 * the very ones shown (a file read on from where it stopped hands the events it read before back as they were; the
 * last few, held provisionally while a record was open, come anew), short of any LLM call request whose answer came
 * or went with the rest, since its row shows the answer. Everything from there on is shown anew.
 */
final class KeptEvents {

    private KeptEvents() {
    }

    /** The count of {@code now}'s first events the window keeps from {@code shown}: 0 for a file read from its start. */
    static int of(LoadedTrace shown, LoadedTrace now) {
        List<Event> before = shown.trace().events();
        List<Event> after = now.trace().events();
        int common = Math.min(before.size(), after.size());
        int same = 0;
        while (same < common && before.get(same) == after.get(same)) {
            same++;
        }
        int keep = Math.min(same, requestsAnsweredFrom(after, same, now.llmRounds()));
        return Math.min(keep, requestsAnsweredFrom(before, same, shown.llmRounds()));
    }

    /** The first request answered by one of {@code events} from {@code from} on; {@code from} when it is before none. */
    private static int requestsAnsweredFrom(List<Event> events, int from, LlmRounds rounds) {
        int first = from;
        for (int i = from; i < events.size(); i++) {
            Event event = events.get(i);
            if (rounds.isPairedAnswer(event)) {
                first = Math.min(first, rounds.rowOf(event).seq());
            }
        }
        return first;
    }
}
