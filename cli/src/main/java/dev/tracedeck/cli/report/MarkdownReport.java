package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.engine.text.TerminalText;
import java.util.List;

/**
 * For a pull-request comment: a summary table, then the failing threads with their failed checks and findings
 * (verbose: every check of every thread). GitHub refuses a comment over 65,536 characters, so the report stops
 * adding findings before that and ends by saying how many it left out.
 */
final class MarkdownReport {

    /** GitHub's limit for a comment body. */
    static final int COMMENT_LIMIT = 65_536;
    /** Room kept for the closing line that says what was left out. */
    private static final int RESERVE = 600;

    private MarkdownReport() {
    }

    static String render(List<Validation> validations, boolean verbose) {
        Budget out = new Budget(COMMENT_LIMIT - RESERVE);
        out.add("## Tracedeck validation\n\n| file | format | threads | failing threads | errors | warnings |\n"
                + "|---|---|---:|---:|---:|---:|\n");
        for (Validation v : validations) {
            CheckCounts counts = CheckCounts.of(v);
            out.add("| `" + code(v.file()) + "` | " + text(v.format()) + (v.nothingToCheck() ? " · **nothing to check**" : "")
                    + " | " + counts.threads() + " | "
                    + counts.failingThreads() + " | " + v.count(Severity.ERROR) + " | " + v.count(Severity.WARNING) + " |\n");
        }
        for (Validation v : validations) {
            out.add("\n### `" + code(v.file()) + "`\n\n" + (v.nothingToCheck() ? "**" + text(NothingToCheck.sentence(v)) + "**"
                    : CheckCounts.of(v).sentence() + (verbose ? "" : "; passing checks are not listed (`--verbose` lists them)"))
                    + ".\n");
            for (ThreadChecklist t : Evidence.inReportOrder(v.threads())) {
                if (verbose || t.count(CheckStatus.FAIL) > 0) {
                    thread(out, t, verbose);
                }
            }
        }
        return out.finish();
    }

    private static void thread(Budget out, ThreadChecklist t, boolean verbose) {
        out.startThread();
        out.add("\n**Thread `" + code(Evidence.threadLabel(t.threadId())) + "`** — " + t.count(CheckStatus.PASS) + " pass, "
                + t.count(CheckStatus.FAIL) + " fail, " + t.count(CheckStatus.NOT_APPLICABLE) + " n/a\n\n");
        for (Check c : t.checks()) {
            if (!verbose && c.status() != CheckStatus.FAIL) {
                continue;
            }
            String box = switch (c.status()) {
                case PASS -> "- [x] ";
                case FAIL -> "- [ ] ❌ ";
                case NOT_APPLICABLE -> "- ➖ ";
            };
            String line = box + "`" + c.ruleId() + "` " + text(c.description())
                    + (c.status() == CheckStatus.NOT_APPLICABLE ? " _(n/a: " + text(c.reason()) + ")_" : "") + "\n";
            out.add(line);
            for (Finding f : c.findings()) {
                out.addFinding("  - **" + f.severity().id() + "** " + text(f.message()) + " — " + Evidence.lines(f) + "\n");
            }
        }
    }

    /**
     * Trace text in Markdown: every character with Markdown or HTML meaning backslash-escaped, so a comment shows
     * what the log says, and controls and newlines written as {@link TerminalText} escapes (a finding is one list
     * item; CommonMark shows a backslash before a letter as it is). HTML entities would render literally
     * ({@code &#39;}); CommonMark's backslash escapes do not.
     */
    static String text(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        s.codePoints().forEach(c -> {
            switch (c) {
                case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '~', '&', '#', '!' -> out.append('\\').append((char) c);
                default -> {
                    if (TerminalText.isEscaped(c)) {
                        out.append(TerminalText.escape(c));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }

    /**
     * Inside a code span nothing is escaped, so a control shows as its {@link TerminalText} escape as it is; a
     * backtick would end the span and a pipe would split a table cell.
     */
    private static String code(String s) {
        return TerminalText.line(s).replace("`", "'").replace("|", "\\|");
    }

    /** Appends while the comment stays under the limit; counts the findings (and their threads) it had to leave out. */
    private static final class Budget {
        private final int limit;
        private final StringBuilder out = new StringBuilder();
        private boolean full;
        private int omittedFindings;
        private int omittedThreads;
        private boolean threadCut;

        Budget(int limit) {
            this.limit = limit;
        }

        void startThread() {
            threadCut = false;
        }

        void add(String chunk) {
            if (!full && out.length() + chunk.length() <= limit) {
                out.append(chunk);
            } else {
                full = true;
            }
        }

        void addFinding(String chunk) {
            add(chunk);
            if (full) {
                omittedFindings++;
                if (!threadCut) {
                    threadCut = true;
                    omittedThreads++;
                }
            }
        }

        String finish() {
            if (full) {
                out.append("\n> … ").append(omittedFindings == 0 ? "the rest of the checklist"
                                : Summary.plural(omittedFindings, "more finding") + " in " + Summary.plural(omittedThreads, "thread"))
                        .append(" not shown: a pull-request comment holds at most ").append(CountFormat.count(COMMENT_LIMIT))
                        .append(" characters. `tracedeck validate --format html` lists them all.\n");
            }
            return out.toString();
        }
    }
}
