package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import java.util.Objects;

/**
 * One line of the findings panel: a thread heading, a rule's verdict, or a finding under its rule. Immutable
 * projections of the validation, rebuilt (cheaply: a few hundred rows) when the scope or an expansion changes.
 * Thread and check rows carry {@code nextFinding}, the position in log order of the earliest finding below
 * them (-1 for none), so "next finding" from any row is one lookup.
 */
public sealed interface FindingsRow {

    /** The thread the row belongs to, "" for events of the whole run. */
    String threadId();

    /** Whether the row has rows below it to show or hide: a thread with checks, a check with findings. */
    boolean expandable();

    /** Whether the rows it can hide are shown. */
    boolean expanded();

    /** Heading of one thread's checklist, shown when the panel lists every thread. */
    record ThreadRow(String threadId, String label, long passed, long failed, long notApplicable, long findings,
                     boolean expanded, int nextFinding) implements FindingsRow {
        public ThreadRow {
            Objects.requireNonNull(threadId);
            Objects.requireNonNull(label);
        }

        /** A clean thread starts closed but opens on request: its passing checklist is what QA signs off. */
        @Override
        public boolean expandable() {
            return passed + failed + notApplicable > 0;
        }

        /** Stable across rebuilds: names the thread's expansion state and finds the row again. */
        public String key() {
            return keyOf(threadId);
        }

        static String keyOf(String threadId) {
            return "thread\u0000" + threadId;
        }
    }

    /**
     * A thread's passed and not-applicable checks folded into one row, "15 passed · 2 n/a", under its failed
     * ones: the failures are why the panel is open, the passes what QA signs off on, on demand.
     */
    record PassedRow(String threadId, long passed, long notApplicable, boolean expanded) implements FindingsRow {
        public PassedRow {
            Objects.requireNonNull(threadId);
        }

        @Override
        public boolean expandable() {
            return passed + notApplicable > 0;
        }

        /** Stable across rebuilds: names the fold's expansion state and finds the row again. */
        public String key() {
            return keyOf(threadId);
        }

        static String keyOf(String threadId) {
            return "passed\u0000" + threadId;
        }
    }

    /**
     * A rule's verdict on one thread; expandable when it failed.
     *
     * @param folded true for a passed or not-applicable check shown inside its thread's {@link PassedRow}
     */
    record CheckRow(String threadId, Check check, boolean expanded, int nextFinding, boolean folded) implements FindingsRow {
        public CheckRow {
            Objects.requireNonNull(threadId);
            Objects.requireNonNull(check);
        }

        public boolean failed() {
            return check.status() == CheckStatus.FAIL;
        }

        @Override
        public boolean expandable() {
            return failed();
        }

        /** Stable across rebuilds: names the check's expansion state and finds the row again. */
        public String key() {
            return keyOf(threadId, check.ruleId());
        }

        static String keyOf(String threadId, String ruleId) {
            return "check\u0000" + threadId + "\u0000" + ruleId;
        }
    }

    /**
     * One finding under its failed check.
     *
     * @param index  position in the scope's findings in log order (by first evidence), from 0
     * @param source where its first evidence was logged, "file.log:65", or "" without evidence
     */
    record FindingRow(Finding finding, int index, String source) implements FindingsRow {
        public FindingRow {
            Objects.requireNonNull(finding);
            Objects.requireNonNull(source);
        }

        @Override
        public String threadId() {
            return finding.threadId();
        }

        @Override
        public boolean expandable() {
            return false;
        }

        @Override
        public boolean expanded() {
            return false;
        }
    }
}
