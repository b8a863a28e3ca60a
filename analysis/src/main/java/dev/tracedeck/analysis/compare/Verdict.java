package dev.tracedeck.analysis.compare;

import dev.tracedeck.analysis.rules.CheckStatus;
import java.util.Optional;

/** What became of one check between a run and its fix. */
public enum Verdict {
    FIXED("fixed"),
    REGRESSED("regressed"),
    STILL_FAILING("still-failing"),
    PASSING("passing"),
    /** Failing after, not checked before (the rule could not see the before run). Not a regression: nothing passed. */
    NEWLY_FAILING("newly-failing"),
    /** Failing or passing before, not checked after: the after run can no longer show it. */
    NO_LONGER_CHECKED("no-longer-checked"),
    NOT_APPLICABLE("not-applicable"),
    /** The rule belongs to one side's profile only (the two files are of different formats). */
    NOT_COMPARED("not-compared");

    private final String id;

    Verdict(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** @param before the rule's status over the before file, empty when its profile lacks the rule */
    public static Verdict of(Optional<CheckStatus> before, Optional<CheckStatus> after) {
        if (before.isEmpty() || after.isEmpty()) {
            return NOT_COMPARED;
        }
        CheckStatus b = before.get();
        CheckStatus a = after.get();
        if (a == CheckStatus.FAIL) {
            return b == CheckStatus.FAIL ? STILL_FAILING : b == CheckStatus.PASS ? REGRESSED : NEWLY_FAILING;
        }
        if (a == CheckStatus.PASS) {
            return b == CheckStatus.FAIL ? FIXED : PASSING;
        }
        return b == CheckStatus.NOT_APPLICABLE ? NOT_APPLICABLE : NO_LONGER_CHECKED;
    }
}
