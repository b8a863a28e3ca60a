package dev.tracedeck.analysis.rules;

import java.util.List;
import java.util.Objects;

/** Every rule of the profile with its verdict on one thread: the list QA signs off. */
public record ThreadChecklist(String threadId, List<Check> checks) {

    public ThreadChecklist {
        Objects.requireNonNull(threadId);
        checks = List.copyOf(checks);
    }

    public List<Finding> findings() {
        return checks.stream().flatMap(c -> c.findings().stream()).toList();
    }

    public long count(CheckStatus status) {
        return checks.stream().filter(c -> c.status() == status).count();
    }
}
