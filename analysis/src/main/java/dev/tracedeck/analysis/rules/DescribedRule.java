package dev.tracedeck.analysis.rules;

import java.util.Objects;

/** A rule whose id, description and default severity are fixed at construction; subclasses supply the check. */
public abstract class DescribedRule implements Rule {

    private final String id;
    private final String description;
    private final Severity defaultSeverity;

    protected DescribedRule(String id, String description, Severity defaultSeverity) {
        this.id = Objects.requireNonNull(id);
        this.description = Objects.requireNonNull(description);
        this.defaultSeverity = Objects.requireNonNull(defaultSeverity);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Severity defaultSeverity() {
        return defaultSeverity;
    }
}
