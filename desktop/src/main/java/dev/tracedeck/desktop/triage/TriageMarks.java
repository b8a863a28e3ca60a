package dev.tracedeck.desktop.triage;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.desktop.runs.WorkspaceLink;
import dev.tracedeck.workspace.TriageMark;
import dev.tracedeck.workspace.TriageStatus;
import dev.tracedeck.workspace.WorkspaceException;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * The marks people put on findings (confirmed, false positive, accepted, with a note), by fingerprint, as the
 * workspace holds them: one map for the whole window, so a finding shows its mark in every file and every pane.
 * Reads and writes run on the workspace's runner; the map changes on the FX thread once a write is done. Without a
 * workspace there is nothing to read and nothing can be marked.
 */
public final class TriageMarks {

    private final Optional<WorkspaceLink> link;
    private final ObservableMap<String, TriageMark> marks = FXCollections.observableHashMap();
    private final ObservableMap<String, TriageMark> readOnly = FXCollections.unmodifiableObservableMap(marks);
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper();

    public TriageMarks(Optional<WorkspaceLink> link) {
        this.link = link;
    }

    /** No workspace: no marks, and marking does nothing. */
    public static TriageMarks none() {
        return new TriageMarks(Optional.empty());
    }

    /** Reads every mark from the workspace (in the background), replacing what the map held. */
    public void load() {
        link.ifPresent(l -> l.submit("read the triage marks", store -> store.marks(), all -> {
            marks.clear();
            all.forEach(m -> marks.put(m.fingerprint(), m));
            revision.set(revision.get() + 1);
        }));
    }

    /** Every mark by fingerprint; changes on the FX thread. */
    public ObservableMap<String, TriageMark> marks() {
        return readOnly;
    }

    /** Goes up once after the marks are read and after each mark is written: one event per change, not per entry. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    public boolean canMark() {
        return link.isPresent();
    }

    /** The marks as they are now, for work off the FX thread. */
    public FindingMarks snapshot() {
        return FindingMarks.copyOf(marks);
    }

    /** The marks as they are now, with {@code fingerprints} computed where the findings were. */
    public FindingMarks snapshot(FindingFingerprints fingerprints) {
        return FindingMarks.copyOf(marks, fingerprints);
    }

    public Optional<TriageMark> markOf(Finding finding) {
        return markOf(finding, FindingFingerprints.NONE);
    }

    /** {@code finding}'s mark, its fingerprint taken from {@code fingerprints} (no hashing when they hold it). */
    public Optional<TriageMark> markOf(Finding finding, FindingFingerprints fingerprints) {
        return marks.isEmpty() ? Optional.empty() : fingerprints.of(finding).map(marks::get);
    }

    /** Marks {@code finding} (and every finding with its fingerprint, in every run), replacing an earlier mark. */
    public void mark(Finding finding, TriageStatus status, String note) {
        mark(finding, FindingFingerprints.NONE, status, note);
    }

    /**
     * {@link #mark(Finding, TriageStatus, String)}, its fingerprint taken from {@code fingerprints}. A finding without
     * one (its evidence can't be read back as it was read) is not marked: a notice says why.
     */
    public void mark(Finding finding, FindingFingerprints fingerprints, TriageStatus status, String note) {
        Objects.requireNonNull(status);
        Optional<String> known = fingerprints.of(finding);
        if (known.isEmpty()) {
            link.ifPresent(l -> l.failed(unfingerprinted(finding)));
            return;
        }
        String fingerprint = known.get();
        String text = note == null ? "" : note.strip();
        link.ifPresent(l -> l.submit("mark a finding " + status.id(), store -> store.mark(fingerprint, status, text),
                mark -> {
                    marks.put(mark.fingerprint(), mark);
                    revision.set(revision.get() + 1);
                }));
    }

    /** Takes the mark off {@code finding} and every finding with its fingerprint, in every run. */
    public void unmark(Finding finding) {
        unmark(finding, FindingFingerprints.NONE);
    }

    /** {@link #unmark(Finding)}, its fingerprint taken from {@code fingerprints}. */
    public void unmark(Finding finding, FindingFingerprints fingerprints) {
        Optional<String> known = fingerprints.of(finding);
        if (known.isEmpty()) {
            link.ifPresent(l -> l.failed(unfingerprinted(finding)));
            return;
        }
        String fingerprint = known.get();
        link.ifPresent(l -> l.submit("clear the mark of a finding", store -> store.unmark(fingerprint), removed -> {
            marks.remove(fingerprint);
            revision.set(revision.get() + 1);
        }));
    }

    private static WorkspaceException unfingerprinted(Finding finding) {
        String where = finding.evidence().isEmpty() ? "its file" : finding.evidence().get(0).source().display();
        return new WorkspaceException(where + ": this finding's evidence can't be read back as it was read (the file "
                + "changed since it was opened), so it has no fingerprint to mark; open the file again");
    }

    /** ● confirmed, ✕ false positive, ✓ accepted: the mark's sign wherever it shows. */
    public static String symbol(TriageStatus status) {
        return switch (status) {
            case CONFIRMED -> "●";
            case FALSE_POSITIVE -> "✕";
            case ACCEPTED -> "✓";
        };
    }

    /** "confirmed", "false positive", "accepted": what a mark is called on screen. */
    public static String label(TriageStatus status) {
        return status.id().replace('-', ' ');
    }
}
