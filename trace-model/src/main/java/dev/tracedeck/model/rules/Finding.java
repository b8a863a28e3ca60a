package dev.tracedeck.model.rules;

import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One broken invariant.
 *
 * @param ruleId   the rule's id, part of the command-line contract (e.g. {@code duplicate-add-entry})
 * @param severity as configured for the rule
 * @param threadId the thread it belongs to, "" for the whole run
 * @param msgIdx   the conversation message it belongs to, when it belongs to one
 * @param message  one line a person understands, naming what was expected and what was found
 * @param evidence the events that prove it, in source order; each carries its source lines. The first is the
 *                 one a view should select
 */
public record Finding(String ruleId, Severity severity, String threadId, OptionalInt msgIdx, String message,
                      List<Event> evidence) {

    public Finding {
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(severity);
        Objects.requireNonNull(threadId);
        Objects.requireNonNull(msgIdx);
        Objects.requireNonNull(message);
        evidence = evidence.stream().distinct().sorted((a, b) -> Integer.compare(a.seq(), b.seq())).toList();
    }

    /** The first source line of the first piece of evidence, or 0 when there is none. */
    public int line() {
        return evidence.isEmpty() ? 0 : evidence.get(0).source().firstLine();
    }
}
