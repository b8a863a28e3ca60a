package dev.tracedeck.analysis.rules;

import dev.tracedeck.model.trace.TraceThread;

/**
 * One invariant, checked over one thread. Implementations are stateless; everything they may vary on is in
 * the {@link RuleParameters}.
 */
public interface Rule {

    /** Stable id, part of the command-line and report contract. */
    String id();

    /** What the invariant is, in one line, for the checklist. */
    String description();

    Severity defaultSeverity();

    RuleOutcome check(TraceThread thread, RuleParameters parameters);
}
