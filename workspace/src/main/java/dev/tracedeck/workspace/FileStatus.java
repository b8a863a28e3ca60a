package dev.tracedeck.workspace;

/** How a recorded trace file compares with what is on disk now. */
public enum FileStatus {
    /** Same size and modification time as when it was recorded. */
    UNCHANGED("unchanged"),
    /** Still there, but its size or modification time differ: the recorded summaries are of older content. */
    CHANGED("changed"),
    /** Gone from its path; the same content (same SHA-256) is recorded at another path that is there. */
    MOVED("moved"),
    /** Gone from its path. */
    MISSING("missing");

    private final String id;

    FileStatus(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
