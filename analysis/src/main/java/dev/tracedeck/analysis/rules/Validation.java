package dev.tracedeck.analysis.rules;

import java.util.ArrayList;
import java.util.Collections;
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

    /**
     * Every finding, thread by thread. Loops rather than streams, and the counts below make no list: a report asks a
     * file of tens of thousands of threads, most with no finding, several times, on one core after the checks.
     */
    public List<Finding> findings() {
        List<Finding> all = new ArrayList<>();
        for (ThreadChecklist thread : threads) {
            for (Check check : thread.checks()) {
                all.addAll(check.findings());
            }
        }
        return Collections.unmodifiableList(all);
    }

    public long count(Severity severity) {
        long n = 0;
        for (ThreadChecklist thread : threads) {
            for (Check check : thread.checks()) {
                for (Finding f : check.findings()) {
                    if (f.severity() == severity) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** This validation with other checklists (a baseline's, a thread's), keeping whether there was anything to check. */
    public Validation withThreads(String file, List<ThreadChecklist> threads) {
        return new Validation(file, format, profile, threads, nothingToCheck);
    }

    /** True when some finding is at least as severe as {@code threshold}. */
    public boolean reaches(Severity threshold) {
        for (ThreadChecklist thread : threads) {
            for (Check check : thread.checks()) {
                for (Finding f : check.findings()) {
                    if (f.severity().atLeast(threshold)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
