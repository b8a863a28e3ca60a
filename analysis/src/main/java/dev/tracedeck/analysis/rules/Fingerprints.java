package dev.tracedeck.analysis.rules;

import dev.tracedeck.model.source.SourceChangedException;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link Fingerprint}s of validations' findings, each taken once and all or none: a validation whose evidence
 * can't be read back as it was read gets no fingerprints at all, so a baseline, a report and the workspace never
 * see one hashed from something other than the record. Everything that writes or compares the fingerprints of one
 * run takes them from here, so they agree, and a file on disk is read once for them: each evidence event's text is
 * read once however many findings cite it, and hashed once for all that agree on rule, thread and msg_idx
 * ({@link Fingerprint.Memo}).
 */
public final class Fingerprints {

    public static final Fingerprints NONE = new Fingerprints(new IdentityHashMap<>());

    /** By identity: the findings are the validations' own objects, and hashing a finding by value walks its evidence. */
    private final Map<Finding, String> byFinding;

    private Fingerprints(Map<Finding, String> byFinding) {
        this.byFinding = byFinding;
    }

    /**
     * Every finding of {@code validation}, fingerprinted now.
     *
     * @throws SourceChangedException for the first finding whose evidence the file no longer holds as it was read
     */
    public static Fingerprints of(Validation validation) throws SourceChangedException {
        return of(List.of(validation));
    }

    /** Every finding of {@code validations}, fingerprinted now; see {@link #of(Validation)}. */
    public static Fingerprints of(Collection<Validation> validations) throws SourceChangedException {
        Map<Finding, String> byFinding = new IdentityHashMap<>();
        Fingerprint.Memo memo = new Fingerprint.Memo();
        for (Validation v : validations) {
            for (Finding f : v.findings()) {
                byFinding.put(f, Fingerprint.of(f, memo));
            }
        }
        return new Fingerprints(byFinding);
    }

    /** The fingerprints of all of {@code parts} (e.g. one per file) together. */
    public static Fingerprints union(Collection<Fingerprints> parts) {
        Map<Finding, String> byFinding = new IdentityHashMap<>();
        parts.forEach(p -> byFinding.putAll(p.byFinding));
        return new Fingerprints(byFinding);
    }

    /**
     * These fingerprints, each also given to the copy {@code copies} maps its finding to: a report that rewrites the
     * findings' text (redacted) still prints the fingerprints taken from the record.
     */
    public Fingerprints carriedTo(Map<Finding, Finding> copies) {
        Map<Finding, String> byCopy = new IdentityHashMap<>(byFinding);
        copies.forEach((original, copy) -> {
            String fingerprint = byFinding.get(original);
            if (fingerprint != null) {
                byCopy.put(copy, fingerprint);
            }
        });
        return new Fingerprints(byCopy);
    }

    /**
     * {@code finding}'s fingerprint.
     *
     * @throws IllegalArgumentException when it is not one of the findings fingerprinted here
     */
    public String of(Finding finding) {
        String fingerprint = byFinding.get(finding);
        if (fingerprint == null) {
            throw new IllegalArgumentException("not fingerprinted: " + finding.ruleId() + " in thread " + finding.threadId());
        }
        return fingerprint;
    }

    public boolean holds(Finding finding) {
        return byFinding.containsKey(finding);
    }
}
