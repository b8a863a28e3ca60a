package dev.tracedeck.analysis.rules;

/** A rule's verdict on one thread: the checklist's column. */
public enum CheckStatus {
    PASS("pass"), FAIL("fail"), NOT_APPLICABLE("n/a");

    private final String id;

    CheckStatus(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
