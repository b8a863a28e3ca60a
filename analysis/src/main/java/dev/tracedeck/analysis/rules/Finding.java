package dev.tracedeck.analysis.rules;

import dev.tracedeck.model.event.Event;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

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
 * @param blamed   the state entries it blames, in evidence order then entry order; each lies in one of the
 *                 evidence dumps. Empty when the finding is about whole events (a tool call made twice)
 */
public record Finding(String ruleId, Severity severity, String threadId, OptionalInt msgIdx, String message,
                      List<Event> evidence, List<BlamedEntry> blamed) {

    public Finding {
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(severity);
        Objects.requireNonNull(threadId);
        Objects.requireNonNull(msgIdx);
        Objects.requireNonNull(message);
        evidence = evidence.stream().distinct().sorted((a, b) -> Integer.compare(a.seq(), b.seq())).toList();
        Set<Integer> evidenceSeqs = evidence.stream().map(Event::seq).collect(Collectors.toSet());
        for (BlamedEntry entry : blamed) {
            if (!evidenceSeqs.contains(entry.dump().seq())) {
                throw new IllegalArgumentException("blamed entry of dump #" + entry.dump().seq() + " is not in the evidence");
            }
        }
        blamed = blamed.stream().distinct()
                .sorted((a, b) -> a.dump().seq() != b.dump().seq() ? Integer.compare(a.dump().seq(), b.dump().seq())
                        : Integer.compare(a.position(), b.position()))
                .toList();
    }

    /** A finding about whole events, blaming no state entry. */
    public Finding(String ruleId, Severity severity, String threadId, OptionalInt msgIdx, String message,
                   List<Event> evidence) {
        this(ruleId, severity, threadId, msgIdx, message, evidence, List.of());
    }

    /** The first entry of {@code dump} this finding blames, as a position in its entries; empty when none. */
    public OptionalInt blamedPosition(Event dump) {
        return blamed.stream().filter(b -> b.dump().seq() == dump.seq()).mapToInt(BlamedEntry::position).findFirst();
    }

    /** The first source line of the first piece of evidence, or 0 when there is none. */
    public int line() {
        return evidence.isEmpty() ? 0 : evidence.get(0).source().firstLine();
    }
}
