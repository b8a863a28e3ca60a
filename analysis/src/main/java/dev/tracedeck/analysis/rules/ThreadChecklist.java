package dev.tracedeck.analysis.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** Every rule of the profile with its verdict on one thread: the list QA signs off. */
public record ThreadChecklist(String threadId, List<Check> checks) {

    public ThreadChecklist {
        Objects.requireNonNull(threadId);
        checks = List.copyOf(checks);
    }

    /**
     * Every check's findings, in the checks' order. Loops rather than streams: the findings panel asks each of a big
     * file's thousands of threads several times per layout, and most have none.
     */
    public List<Finding> findings() {
        List<Finding> all = null;
        for (Check check : checks) {
            if (!check.findings().isEmpty()) {
                if (all == null) {
                    all = new ArrayList<>();
                }
                all.addAll(check.findings());
            }
        }
        return all == null ? List.of() : Collections.unmodifiableList(all);
    }

    public long count(CheckStatus status) {
        long n = 0;
        for (Check check : checks) {
            if (check.status() == status) {
                n++;
            }
        }
        return n;
    }
}
