package dev.tracedeck.app.triage;

import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.rules.Fingerprint;
import dev.tracedeck.model.rules.Validation;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The fingerprints of one validation's findings, computed once where the check ran, off the FX thread: a fingerprint
 * hashes its evidence's texts, and for a JSON Lines file on disk each text is a read of the file. The findings panel's
 * cells, its keys and the thread list's counts look a finding's triage mark up here instead of hashing again on the
 * FX thread for every cell drawn and every mark changed. A finding it does not hold is fingerprinted when asked.
 */
public final class FindingFingerprints {

    public static final FindingFingerprints NONE = new FindingFingerprints(new IdentityHashMap<>());

    /** By identity: the findings are this validation's own objects, and hashing a finding by value walks its evidence. */
    private final Map<Finding, String> byFinding;

    private FindingFingerprints(Map<Finding, String> byFinding) {
        this.byFinding = byFinding;
    }

    /** Every finding of {@code validation}, fingerprinted now: call it off the FX thread. */
    public static FindingFingerprints of(Validation validation) {
        Map<Finding, String> byFinding = new IdentityHashMap<>();
        for (Finding f : validation.findings()) {
            byFinding.put(f, Fingerprint.of(f));
        }
        return new FindingFingerprints(byFinding);
    }

    public String of(Finding finding) {
        String known = byFinding.get(finding);
        return known != null ? known : Fingerprint.of(finding);
    }
}
