package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.engine.text.CountFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The findings in one line, for the panel's header and the status bar.
 *
 * @param threads threads checked (or, while checking, being checked)
 * @param failure while {@link State#FAILED}, what went wrong in one line; otherwise ""
 */
public record FindingsSummary(State state, long errors, long warnings, long infos, int threads, String failure, int checked) {

    /** Where the checks of one file are. */
    public enum State { CHECKING, DONE, FAILED }

    public FindingsSummary {
        Objects.requireNonNull(state);
        Objects.requireNonNull(failure);
    }

    public static FindingsSummary checking(int threads) {
        return new FindingsSummary(State.CHECKING, 0, 0, 0, threads, "", 0);
    }

    public static FindingsSummary failed(String why) {
        return new FindingsSummary(State.FAILED, 0, 0, 0, 0, why, 0);
    }

    /**
     * Still checking {@code threads} threads, of which {@code done} are: their findings so far. A file still read can
     * have more threads checked than its views have taken in yet (its events reach the window in batches of their own):
     * the threads so far are never fewer than those checked.
     */
    public static FindingsSummary checking(int threads, List<ThreadChecklist> done) {
        FindingsSummary soFar = of(done);
        return new FindingsSummary(State.CHECKING, soFar.errors, soFar.warnings, soFar.infos, Math.max(threads, done.size()),
                "", done.size());
    }

    /**
     * Still checking {@code threads} threads; {@code done} sums the findings of those checked so far (see {@link #plus}),
     * so that a batch of threads checked costs what is in the batch, not every thread checked before it.
     */
    public static FindingsSummary checking(int threads, FindingsSummary done) {
        return new FindingsSummary(State.CHECKING, done.errors, done.warnings, done.infos, Math.max(threads, done.checked), "",
                done.checked);
    }

    /** These findings and those of {@code more} checklists, as one summary of them all. */
    public FindingsSummary plus(List<ThreadChecklist> more) {
        FindingsSummary added = of(more);
        return new FindingsSummary(State.DONE, errors + added.errors, warnings + added.warnings, infos + added.infos,
                threads + added.threads, "", checked + added.checked);
    }

    public static FindingsSummary of(List<ThreadChecklist> checklists) {
        long errors = 0;
        long warnings = 0;
        long infos = 0;
        for (ThreadChecklist checklist : checklists) {
            for (Finding finding : checklist.findings()) {
                switch (finding.severity()) {
                    case ERROR -> errors++;
                    case WARNING -> warnings++;
                    case INFO -> infos++;
                }
            }
        }
        return new FindingsSummary(State.DONE, errors, warnings, infos, checklists.size(), "", checklists.size());
    }

    /** "6 errors · 0 warnings · 3 threads checked"; infos only when there are some, they are rare and quiet. */
    public String text() {
        return switch (state) {
            case CHECKING -> checked == 0 ? "Checking " + CountFormat.count(threads, "thread", "threads") + "…"
                    : "Checking… " + CountFormat.count(checked) + " of " + CountFormat.count(threads, "thread", "threads") + " · "
                    + CountFormat.count(errors, "error", "errors") + " · " + CountFormat.count(warnings, "warning", "warnings")
                    + " so far";
            case FAILED -> "Checks failed: " + failure;
            case DONE -> threads == 0 ? "Nothing checked yet: no thread to check"
                    : CountFormat.count(errors, "error", "errors") + " · " + CountFormat.count(warnings, "warning", "warnings")
                    + (infos > 0 ? " · " + CountFormat.count(infos, "info", "infos") : "")
                    + " · " + CountFormat.count(threads, "thread", "threads") + " checked";
        };
    }

    /** The most severe finding's severity so far; empty when clean or nothing is checked yet. */
    public Optional<Severity> worst() {
        return errors > 0 ? Optional.of(Severity.ERROR) : warnings > 0 ? Optional.of(Severity.WARNING)
                : infos > 0 ? Optional.of(Severity.INFO) : Optional.empty();
    }

    /** All checked and nothing found, on at least one thread: the one summary that may be shown as a pass. */
    public boolean clean() {
        return state == State.DONE && total() == 0 && threads > 0;
    }

    public long total() {
        return errors + warnings + infos;
    }
}
