package dev.tracedeck.model.rules;

import java.util.List;
import java.util.Objects;

/** The rules' verdict on one trace: a checklist per thread, in the trace's thread order. */
public record Validation(String file, String format, String profile, List<ThreadChecklist> threads) {

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

    /** True when some finding is at least as severe as {@code threshold}. */
    public boolean reaches(Severity threshold) {
        return findings().stream().anyMatch(f -> f.severity().atLeast(threshold));
    }
}
