package dev.tracedeck.workspace;

/** Whether a search covers a recorded trace. */
public enum IndexState {
    /** Its messages are in the index, for the content recorded. */
    INDEXED("indexed"),
    /** Recorded since the last search, which indexes it (recording leaves the index for later). */
    NOT_YET("not-yet"),
    /** More message text than the index takes from one trace ({@link WorkspaceStore#indexLimitMiB()}). */
    TOO_MUCH_TEXT("too-much-text");

    private final String id;

    IndexState(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
