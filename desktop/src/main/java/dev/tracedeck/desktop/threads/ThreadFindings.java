package dev.tracedeck.desktop.threads;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.triage.FindingMarks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How many findings a thread has, how many a person has triaged, and how bad the worst untriaged one is, for the
 * thread list's badge: a thread whose findings are all triaged no longer looks like it needs looking at.
 *
 * @param worst the most severe untriaged finding's severity, empty when there is none
 */
public record ThreadFindings(int count, int triaged, Optional<Severity> worst) {

    public static final ThreadFindings NONE = new ThreadFindings(0, 0, Optional.empty());

    public ThreadFindings {
        Objects.requireNonNull(worst);
    }

    /** Findings no one has marked yet. */
    public int open() {
        return count - triaged;
    }

    public static ThreadFindings of(List<Finding> findings) {
        return of(findings, FindingMarks.NONE);
    }

    public static ThreadFindings of(List<Finding> findings, FindingMarks marks) {
        int triaged = 0;
        Optional<Severity> worst = Optional.empty();
        for (Finding f : findings) {
            if (marks.of(f).isPresent()) {
                triaged++;
            } else if (worst.isEmpty() || f.severity().compareTo(worst.get()) > 0) {
                worst = Optional.of(f.severity());
            }
        }
        return new ThreadFindings(findings.size(), triaged, worst);
    }

    /** Keyed like the rows: each thread by {@code Optional.of(id)}, the whole trace by the "All threads" row's empty key. */
    static Map<Optional<String>, ThreadFindings> byThread(Validation validation, FindingMarks marks) {
        Map<Optional<String>, ThreadFindings> counts = new HashMap<>();
        int count = 0;
        int triaged = 0;
        Optional<Severity> worst = Optional.empty();
        for (ThreadChecklist checklist : validation.threads()) {
            ThreadFindings thread = of(checklist.findings(), marks);
            counts.put(Optional.of(checklist.threadId()), thread);
            count += thread.count();
            triaged += thread.triaged();
            if (thread.worst().isPresent() && (worst.isEmpty() || thread.worst().get().compareTo(worst.get()) > 0)) {
                worst = thread.worst();
            }
        }
        counts.put(Optional.empty(), new ThreadFindings(count, triaged, worst));
        return counts;
    }
}
