package dev.tracedeck.desktop.triage;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprint;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.source.SourceChangedException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The fingerprints of one validation's findings, computed once where the check ran, off the FX thread: a fingerprint
 * hashes its evidence's texts, and for a JSON Lines file on disk each text is a read of the file. The findings panel's
 * cells, its keys and the thread list's counts look a finding's triage mark up here instead of hashing again on the
 * FX thread for every cell drawn and every mark changed. A finding it does not hold is fingerprinted when asked.
 *
 * <p>A finding whose evidence the file no longer holds as it was read (it changed since it was opened) has no
 * fingerprint: it shows no mark and can't be marked, and {@link #notice()} says so. Its evidence still shows, with
 * the sentence that stands in for a text that can't be read back; that sentence is never hashed.
 */
public final class FindingFingerprints {

    public static final FindingFingerprints NONE = new FindingFingerprints(Fingerprints.NONE, new IdentityHashMap<>(),
            Optional.empty(), 0);

    /** Every finding's, when all of them could be read back; else {@link Fingerprints#NONE}. */
    private final Fingerprints complete;
    /**
     * When not all could: each finding's by identity, null for one whose evidence can't be read back (so it is not
     * read again for every cell drawn).
     */
    private final Map<Finding, String> partial;
    private final Optional<SourceChangedException> firstUnreadable;
    private final int unreadable;

    private FindingFingerprints(Fingerprints complete, Map<Finding, String> partial,
                                Optional<SourceChangedException> firstUnreadable, int unreadable) {
        this.complete = complete;
        this.partial = partial;
        this.firstUnreadable = firstUnreadable;
        this.unreadable = unreadable;
    }

    /** Every finding of {@code validation}, fingerprinted now: call it off the FX thread. */
    public static FindingFingerprints of(Validation validation) {
        try {
            return new FindingFingerprints(Fingerprints.of(validation), new IdentityHashMap<>(), Optional.empty(), 0);
        } catch (SourceChangedException first) {
            // The findings whose evidence lies elsewhere in the file may still read back as they were: they keep their marks.
            Map<Finding, String> partial = new IdentityHashMap<>();
            int unreadable = 0;
            for (Finding f : validation.findings()) {
                try {
                    partial.put(f, Fingerprint.of(f));
                } catch (SourceChangedException e) {
                    partial.put(f, null);
                    unreadable++;
                }
            }
            return new FindingFingerprints(Fingerprints.NONE, partial, Optional.of(first), unreadable);
        }
    }

    /** {@code finding}'s fingerprint; empty when its evidence can't be read back as it was read. */
    public Optional<String> of(Finding finding) {
        if (complete.holds(finding)) {
            return Optional.of(complete.of(finding));
        }
        if (partial.containsKey(finding)) {
            return Optional.ofNullable(partial.get(finding));
        }
        try {
            return Optional.of(Fingerprint.of(finding));
        } catch (SourceChangedException e) {
            return Optional.empty();
        }
    }

    /** Every finding's fingerprint, for the workspace to record; empty when some finding has none. */
    public Optional<Fingerprints> all() {
        return firstUnreadable.isEmpty() ? Optional.of(complete) : Optional.empty();
    }

    /**
     * One line for the notice bar when some findings have no fingerprint: the file, the line and what happened, and
     * what that costs.
     */
    public Optional<String> notice() {
        return firstUnreadable.map(e -> e.getMessage() + ". " + (unreadable == 1 ? "1 finding" : unreadable + " findings")
                + " can't be fingerprinted, so they can't be triaged and the file's findings are not recorded in the "
                + "workspace: open the file again to check it as it is now.");
    }
}
