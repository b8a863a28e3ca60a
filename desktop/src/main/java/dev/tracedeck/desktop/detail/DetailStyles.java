package dev.tracedeck.desktop.detail;

/** Style classes of the detail pane's text, as named in detail.css. */
final class DetailStyles {

    static final String TITLE = "d-title";
    static final String SOURCE = "d-source";
    static final String HEADING = "d-heading";
    static final String HEADING_LINE = "d-heading-line";
    static final String KEY = "d-key";
    static final String VALUE = "d-value";
    static final String MUTED = "d-muted";
    static final String LINE_NO = "d-line-no";
    static final String WARNING = "d-warning";
    static final String ERROR = "d-error";
    static final String CUT = "d-cut";
    /** The span of a tool call the model wrote as text, in its message or state entry. */
    static final String TEXT_CALL = "d-text-call";

    static final String APPENDED = "d-appended";
    static final String APPENDED_LINE = "d-appended-line";
    static final String CHANGED = "d-changed";
    static final String CHANGED_LINE = "d-changed-line";
    static final String ENTRY_TYPE = "d-entry-type";
    static final String TOOL = "d-tool";
    /** The "was" line under a changed entry, and the parts that differ: {@code d-diff-del}, {@code d-diff-ins}. */
    static final String WAS = "d-was";
    static final String DIFF_DEL = "d-diff-del";
    static final String DIFF_INS = "d-diff-ins";
    /** A state entry a finding blames: {@code d-blamed d-blamed-error} on its mark, {@code d-blamed-line-error} on its line. */
    static final String BLAMED = "d-blamed";
    static final String BLAMED_LINE = "d-blamed-line";

    /** A finding's severity badge: {@code d-flag d-flag-error}. */
    static final String FLAG = "d-flag";
    static final String RULE = "d-rule";
    /** A finding's lines, tinted by severity: {@code d-finding-line-error}. */
    static final String FINDING_LINE = "d-finding-line";
    /** A finding's triage mark: {@code d-triage d-triage-accepted}. */
    static final String TRIAGE = "d-triage";

    static final String JSON_KEY = "j-key";
    static final String JSON_STRING = "j-string";
    static final String JSON_NUMBER = "j-number";
    static final String JSON_LITERAL = "j-literal";
    static final String JSON_PUNCT = "j-punct";

    private DetailStyles() {
    }
}
