package dev.tracedeck.engine.search;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.event.Event;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which events are evidence of which findings. Built once per validation, off the FX thread, so that the
 * timeline can filter a million rows with a bit test and a row can ask for its mark in constant time.
 * Keyed by {@link Event#seq()}: a finding's evidence are the trace's own events, so an index belongs to the
 * trace it was built from and answers nonsense for any other.
 */
public final class EvidenceIndex {

    public static final EvidenceIndex EMPTY = new EvidenceIndex(new BitSet(), Map.of());

    private final BitSet flagged;
    private final Map<Integer, List<Finding>> bySeq;
    private final int flaggedCount;

    private EvidenceIndex(BitSet flagged, Map<Integer, List<Finding>> bySeq) {
        this.flagged = flagged;
        this.bySeq = bySeq;
        this.flaggedCount = flagged.cardinality();
    }

    public static EvidenceIndex of(Validation validation) {
        BitSet flagged = new BitSet();
        Map<Integer, List<Finding>> bySeq = new HashMap<>();
        for (Finding finding : validation.findings()) {
            for (Event event : finding.evidence()) {
                flagged.set(event.seq());
                bySeq.computeIfAbsent(event.seq(), seq -> new ArrayList<>(1)).add(finding);
            }
        }
        bySeq.replaceAll((seq, findings) -> List.copyOf(findings));
        return new EvidenceIndex(flagged, bySeq);
    }

    public boolean isFlagged(Event event) {
        return flagged.get(event.seq());
    }

    /** Whether the event numbered {@code seq} is evidence of something. */
    public boolean isFlagged(int seq) {
        return flagged.get(seq);
    }

    /** The findings {@code event} is evidence of, in checklist order; empty when it is none's. */
    public List<Finding> findings(Event event) {
        return bySeq.getOrDefault(event.seq(), List.of());
    }

    /** The most severe of {@link #findings(Event)}: the one mark a row has room for. */
    public Optional<Severity> severity(Event event) {
        return findings(event).stream().map(Finding::severity).max(Enum::compareTo);
    }

    /** How many distinct events are evidence of something. */
    public int flaggedCount() {
        return flaggedCount;
    }
}
