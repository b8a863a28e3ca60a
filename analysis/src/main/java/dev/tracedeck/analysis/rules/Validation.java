package dev.tracedeck.analysis.rules;

import java.util.List;
import java.util.Objects;

/**
 * The rules' verdict on one trace: a checklist per thread, in the trace's thread order.
 *
 * @param nothingToCheck no rule found anything to read: no check failed, and every check was n/a or no thread holds
 *                       a message, a tool call, a tool result or a state entry (a run line alone, an empty state, spans
 *                       of no model). The checks that "pass" there pass on nothing, so the file gets no verdict.
 */
public record Validation(String file, String format, String profile, List<ThreadChecklist> threads, boolean nothingToCheck) {

    public Validation(String file, String format, String profile, List<ThreadChecklist> threads) {
        this(file, format, profile, threads, false);
    }

    public Validation {
        Objects.requireNonNull(file);
        Objects.requireNonNull(format);
        Objects.requireNonNull(profile);
        threads = List.copyOf(threads);
    }

    public List<Finding> findings() {
        return threads.stream().flatMap(t -> t.findings().stream()).toList();
    }

    public long count(Severity severity) {
        return findings().stream().filter(f -> f.severity() == severity).count();
    }

    /** This validation with other checklists (a baseline's, a thread's), keeping whether there was anything to check. */
    public Validation withThreads(String file, List<ThreadChecklist> threads) {
        return new Validation(file, format, profile, threads, nothingToCheck);
    }

    /** True when some finding is at least as severe as {@code threshold}. */
    public boolean reaches(Severity threshold) {
        return findings().stream().anyMatch(f -> f.severity().atLeast(threshold));
    }
}
