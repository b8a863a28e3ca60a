package dev.tracedeck.workspace;

import java.util.Arrays;
import java.util.Optional;

/** What a person decided about a finding. */
public enum TriageStatus {
    /** A real problem, to be fixed. */
    CONFIRMED("confirmed"),
    /** The rule was wrong here; not a problem. */
    FALSE_POSITIVE("false-positive"),
    /** A real problem that is known and tolerated for now. */
    ACCEPTED("accepted");

    private final String id;

    TriageStatus(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** True for the marks a baseline taken from the workspace leaves out: accepted and false-positive. */
    public boolean silences() {
        return this != CONFIRMED;
    }

    public static Optional<TriageStatus> parse(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
    }
}
