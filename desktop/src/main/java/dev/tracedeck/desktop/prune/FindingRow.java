package dev.tracedeck.desktop.prune;

import dev.tracedeck.analysis.rules.Finding;

/**
 * A finding of the pairing rules on the pruned history.
 *
 * @param finding    the finding; its evidence's {@code seq} is a position in the pruned history
 * @param introduced whether the strategy caused it (the history before had no such finding)
 * @param messageId  the id of the first message it points at ({@code m12}, {@code repair-1}), "" when none
 */
public record FindingRow(Finding finding, boolean introduced, String messageId) {

    /** The first message it points at on the after side, or -1. */
    public int afterPosition() {
        return finding.evidence().isEmpty() ? -1 : finding.evidence().get(0).seq();
    }
}
