package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.engine.text.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The checklist for a terminal. By default a summary per file and the failing checks with their evidence: a
 * clean 178-thread log is two lines, not three thousand. Verbose lists every thread's every rule.
 */
final class TextReport {

    private TextReport() {
    }

    static String render(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile) {
        StringBuilder out = new StringBuilder();
        for (Validation v : validations) {
            out.append(TerminalText.line(v.file())).append("  (").append(TerminalText.line(v.format())).append(", profile ").append(v.profile()).append(")  ")
                    .append(Summary.of(v)).append('\n');
            long known = knownByFile.getOrDefault(v.file(), 0L);
            if (known > 0) {
                out.append("  ").append(Summary.plural(known, "known finding")).append(" in the baseline, not listed\n");
            }
            CheckCounts counts = CheckCounts.of(v);
            if (v.nothingToCheck()) {
                out.append("  ").append(NothingToCheck.sentence(v));
            } else {
                out.append("  ").append(counts.sentence());
                if (!verbose && counts.passed() + counts.notApplicable() > 0) {
                    out.append(" (--verbose lists every check)");
                }
            }
            out.append('\n');
            for (ThreadChecklist thread : Evidence.inReportOrder(v.threads())) {
                if (verbose || thread.count(CheckStatus.FAIL) > 0) {
                    thread(out, v, thread, verbose);
                }
            }
            out.append('\n');
        }
        if (validations.size() > 1) {
            long errors = validations.stream().mapToLong(v -> v.count(Severity.ERROR)).sum();
            long warnings = validations.stream().mapToLong(v -> v.count(Severity.WARNING)).sum();
            out.append("total: ").append(CountFormat.count(validations.size())).append(" files, ").append(Summary.plural(errors, "error"))
                    .append(", ").append(Summary.plural(warnings, "warning"));
            long known = knownByFile.values().stream().mapToLong(Long::longValue).sum();
            if (!knownByFile.isEmpty()) {
                out.append(", ").append(CountFormat.count(known)).append(" known");
            }
            out.append('\n');
        }
        return TerminalText.block(out.toString());
    }

    private static void thread(StringBuilder out, Validation v, ThreadChecklist thread, boolean verbose) {
        out.append("\n  thread ").append(TerminalText.line(Evidence.threadLabel(thread.threadId()))).append("  ")
                .append(CountFormat.count(thread.count(CheckStatus.PASS))).append(" pass, ").append(CountFormat.count(thread.count(CheckStatus.FAIL)))
                .append(" fail, ").append(CountFormat.count(thread.count(CheckStatus.NOT_APPLICABLE))).append(" n/a\n");
        List<String> notApplicable = new ArrayList<>();
        for (Check check : thread.checks()) {
            if (check.status() == CheckStatus.NOT_APPLICABLE) {
                notApplicable.add(check.ruleId());
                continue;
            }
            if (check.status() == CheckStatus.PASS && !verbose) {
                continue;
            }
            out.append(String.format("    %s  %-34s %s%n", check.status() == CheckStatus.FAIL ? "FAIL" : "pass",
                    check.ruleId(), TerminalText.line(check.description())));
            for (Finding f : check.findings()) {
                out.append(String.format("          %-7s %s%s%n", f.severity().id(),
                        f.msgIdx().isPresent() ? "[" + Evidence.msgIdx(f) + "] " : "", TerminalText.line(f.message())));
                out.append("                  ").append(TerminalText.line(Evidence.place(v.file(), f))).append('\n');
            }
        }
        if (verbose && !notApplicable.isEmpty()) {
            // The reasons are in the other formats; here they would drown the failures.
            out.append("    n/a   ").append(String.join(", ", notApplicable)).append('\n');
        }
    }
}
