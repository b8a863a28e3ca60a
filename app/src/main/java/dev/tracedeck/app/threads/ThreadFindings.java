package dev.tracedeck.app.threads;

import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.rules.ThreadChecklist;
import dev.tracedeck.model.rules.Validation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How many findings a thread has and how bad the worst is, for the thread list's badge.
 *
 * @param worst the most severe finding's severity, empty when there are none
 */
public record ThreadFindings(int count, Optional<Severity> worst) {

    public static final ThreadFindings NONE = new ThreadFindings(0, Optional.empty());

    public ThreadFindings {
        Objects.requireNonNull(worst);
    }

    public static ThreadFindings of(List<Finding> findings) {
        return new ThreadFindings(findings.size(), findings.stream().map(Finding::severity).max(Enum::compareTo));
    }

    /** Keyed like the rows: each thread by {@code Optional.of(id)}, the whole trace by the "All threads" row's empty key. */
    static Map<Optional<String>, ThreadFindings> byThread(Validation validation) {
        Map<Optional<String>, ThreadFindings> counts = new HashMap<>();
        for (ThreadChecklist checklist : validation.threads()) {
            counts.put(Optional.of(checklist.threadId()), of(checklist.findings()));
        }
        counts.put(Optional.empty(), of(validation.findings()));
        return counts;
    }
}
