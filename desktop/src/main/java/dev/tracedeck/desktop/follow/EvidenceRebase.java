package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.tabs.SameEvents;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * A validation made of checklists kept from earlier readings of a followed file (the threads that did not change are
 * not checked again), moved onto the trace just read: each finding's evidence and blamed dumps become this trace's own
 * events, found by their place in the file. The views select, flag and reveal a finding's evidence as events of the
 * trace they show; an event of an older reading would be in none of their rows, and would keep that reading alive.
 */
final class EvidenceRebase {

    private final Trace trace;
    private SameEvents places;

    private EvidenceRebase(Trace trace) {
        this.trace = trace;
    }

    /** {@code validation} with every piece of evidence one of {@code trace}'s events (where the file still has it). */
    static Validation onto(Trace trace, Validation validation) {
        EvidenceRebase rebase = new EvidenceRebase(trace);
        List<ThreadChecklist> threads = new ArrayList<>(validation.threads().size());
        boolean moved = false;
        for (ThreadChecklist thread : validation.threads()) {
            ThreadChecklist onto = rebase.checklist(thread);
            moved |= onto != thread;
            threads.add(onto);
        }
        return moved ? new Validation(validation.file(), validation.format(), validation.profile(), threads,
                validation.nothingToCheck()) : validation;
    }

    private ThreadChecklist checklist(ThreadChecklist thread) {
        if (thread.findings().stream().allMatch(this::isOwn)) {
            return thread;
        }
        List<Check> checks = new ArrayList<>(thread.checks().size());
        for (Check check : thread.checks()) {
            List<Finding> findings = check.findings().stream().map(this::finding).toList();
            checks.add(new Check(check.ruleId(), check.description(), check.status(), findings, check.reason()));
        }
        return new ThreadChecklist(thread.threadId(), checks);
    }

    private boolean isOwn(Finding finding) {
        return finding.evidence().stream().allMatch(this::isOwn)
                && finding.blamed().stream().allMatch(b -> isOwn(b.dump()));
    }

    private boolean isOwn(Event event) {
        return event.seq() < trace.events().size() && trace.events().get(event.seq()) == event;
    }

    private Finding finding(Finding finding) {
        if (isOwn(finding)) {
            return finding;
        }
        List<Event> evidence = finding.evidence().stream().map(this::event).toList();
        List<BlamedEntry> blamed = finding.blamed().stream().map(b -> new BlamedEntry(event(b.dump()), b.position())).toList();
        return new Finding(finding.ruleId(), finding.severity(), finding.threadId(), finding.msgIdx(), finding.message(),
                evidence, blamed);
    }

    /** This trace's event at {@code earlier}'s place; {@code earlier} itself when the file no longer has it. */
    private Event event(Event earlier) {
        if (isOwn(earlier)) {
            return earlier;
        }
        if (places == null) {
            places = SameEvents.of(trace.events());
        }
        return places.of(earlier).orElse(earlier);
    }
}
