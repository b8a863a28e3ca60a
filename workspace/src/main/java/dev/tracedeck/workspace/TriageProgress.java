package dev.tracedeck.workspace;

/**
 * How far a person got through one trace's findings: how many distinct findings its last validation recorded, and
 * how many of those carry a triage mark (of any status).
 */
public record TriageProgress(long findings, long marked) {

    public static final TriageProgress NONE = new TriageProgress(0, 0);

    public TriageProgress {
        if (findings < 0 || marked < 0 || marked > findings) {
            throw new IllegalArgumentException("marked " + marked + " of " + findings);
        }
    }
}
