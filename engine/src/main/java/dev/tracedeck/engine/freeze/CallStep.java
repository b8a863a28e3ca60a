package dev.tracedeck.engine.freeze;

import dev.tracedeck.model.event.Event;
import java.util.Objects;
import java.util.Optional;

/**
 * One call to the model in a thread, as a step of the Steps view: the step its answer starts, numbered as that view
 * numbers the thread's history (from 1, the system prompt and each task a step too), or the call the thread ends
 * waiting on, numbered after the last step.
 *
 * @param number      the step's number in the Steps view of the thread's last history
 * @param historyEnd  how many messages of that history went in: those before the answer
 * @param answer      the event of the answer's first message, when the thread's history is read from its messages
 *                    (a history read from state dumps has lines, not events)
 * @param line        the answer's first line, 0 for the call the thread ends waiting on
 * @param pending     true for the call whose answer is not in the trace: the history ends with what went in
 */
public record CallStep(int number, int historyEnd, Optional<Event> answer, int line, boolean pending) {

    public CallStep {
        Objects.requireNonNull(answer);
    }

    /** "step 5 (the answer at line 42)", "step 7 (the call the trace ends on, its answer not recorded)". */
    public String describe() {
        return "step " + number + (pending ? " (the call the trace ends on, its answer not recorded)"
                : " (the answer at line " + line + ")");
    }
}
