package dev.tracedeck.desktop.triage;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.workspace.TriageMark;
import java.util.Map;
import java.util.Optional;

/**
 * The triage marks the detail pane shows under each finding. A copy taken on the FX thread when a render starts,
 * since the render runs in the background and the window's marks change on the FX thread.
 */
@FunctionalInterface
public interface FindingMarks {

    FindingMarks NONE = finding -> Optional.empty();

    Optional<TriageMark> of(Finding finding);

    /** The marks of {@code byFingerprint} as they are now. */
    static FindingMarks copyOf(Map<String, TriageMark> byFingerprint) {
        return copyOf(byFingerprint, FindingFingerprints.NONE);
    }

    /** The same, with the findings' fingerprints taken from {@code fingerprints} where it holds them. */
    static FindingMarks copyOf(Map<String, TriageMark> byFingerprint, FindingFingerprints fingerprints) {
        if (byFingerprint.isEmpty()) {
            return NONE;
        }
        Map<String, TriageMark> copy = Map.copyOf(byFingerprint);
        return finding -> fingerprints.of(finding).map(copy::get);
    }
}
