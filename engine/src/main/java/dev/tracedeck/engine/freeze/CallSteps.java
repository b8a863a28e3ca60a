package dev.tracedeck.engine.freeze;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.Step;
import dev.tracedeck.analysis.prune.Steps;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.model.conversation.Conversation;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A thread's calls to the model, numbered as the Steps view numbers its steps: {@link Steps} over the thread's last
 * history, where a step the assistant starts (an action, a plan, a final answer) is what one call answered. A history
 * that ends on anything but the assistant's turn ends waiting on one more call, whose request is all of it.
 *
 * @param thread  the thread
 * @param history its last history, empty when it has none
 * @param calls   its calls in order
 * @param steps   how many steps the Steps view shows for it
 * @param events  the event of each history message, when the history is read from messages; empty for state dumps
 */
public record CallSteps(TraceThread thread, Optional<ThreadHistory> history, List<CallStep> calls, int steps,
                        List<Event> events) {

    public CallSteps {
        calls = List.copyOf(calls);
        events = List.copyOf(events);
    }

    public static CallSteps of(TraceThread thread) {
        Optional<ThreadHistory> last = ThreadHistory.last(thread);
        if (last.isEmpty()) {
            return new CallSteps(thread, last, List.of(), 0, List.of());
        }
        Conversation conversation = Conversation.of(thread);
        List<Event> events = conversation.inDumps() ? List.of() : conversation.messages();
        List<HistoryMessage> messages = last.get().history().messages();
        List<Step> steps = Steps.of(last.get().history());
        List<CallStep> calls = new ArrayList<>();
        for (int s = 0; s < steps.size(); s++) {
            int first = steps.get(s).messages().get(0);
            if (messages.get(first).role().equals("assistant")) {
                Optional<Event> answer = first < events.size() ? Optional.of(events.get(first)) : Optional.empty();
                calls.add(new CallStep(s + 1, first, answer, last.get().lines().get(first), false));
            }
        }
        if (!messages.isEmpty() && !messages.get(messages.size() - 1).role().equals("assistant")) {
            calls.add(new CallStep(steps.size() + 1, messages.size(), Optional.empty(), 0, true));
        }
        return new CallSteps(thread, last, calls, steps.size(), events);
    }

    /** The call of step {@code number}, or why there is none. */
    public CallStep step(int number) throws FreezeException {
        for (CallStep c : calls) {
            if (c.number() == number) {
                return c;
            }
        }
        if (calls.isEmpty()) {
            throw new FreezeException(where() + " has no call to the model" + (history.isEmpty() ? " (no messages)" : ""));
        }
        throw new FreezeException(where() + " has no model call at step " + number + "; its model calls are steps "
                + numbers());
    }

    /**
     * The call {@code event} belongs to: the first whose answer is at or after it (an answer, the messages and
     * records before it), else the call the thread ends waiting on.
     */
    public CallStep at(Event event) throws FreezeException {
        for (CallStep c : calls) {
            if (c.pending() || c.answer().map(a -> a.seq() >= event.seq()).orElse(c.line() >= event.firstLine())) {
                return c;
            }
        }
        throw new FreezeException(where() + " has no model call at or after event " + event.seq()
                + (calls.isEmpty() ? "" : "; its model calls are steps " + numbers()));
    }

    private String numbers() {
        String shown = calls.stream().limit(12).map(c -> Integer.toString(c.number())).collect(Collectors.joining(", "));
        return calls.size() > 12 ? shown + " … (" + calls.size() + " in all)" : shown;
    }

    private String where() {
        return thread.id().isEmpty() ? "the run" : "thread " + thread.id();
    }
}
