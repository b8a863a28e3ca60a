package dev.tracedeck.app.report;

import dev.tracedeck.model.rules.Check;
import dev.tracedeck.model.rules.CheckStatus;
import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.rules.ThreadChecklist;
import dev.tracedeck.model.rules.Validation;
import java.util.ArrayList;
import java.util.List;

/** The checklist for a terminal: per file, per thread, every rule with pass / FAIL / n/a and the evidence. */
final class TextReport {

    private TextReport() {
    }

    static String render(List<Validation> validations) {
        StringBuilder out = new StringBuilder();
        for (Validation v : validations) {
            out.append(v.file()).append("  (").append(v.format()).append(", profile ").append(v.profile()).append(")  ")
                    .append(Summary.of(v)).append('\n');
            for (ThreadChecklist thread : v.threads()) {
                out.append("\n  thread ").append(Evidence.threadLabel(thread.threadId())).append("  ")
                        .append(thread.count(CheckStatus.PASS)).append(" pass, ").append(thread.count(CheckStatus.FAIL))
                        .append(" fail, ").append(thread.count(CheckStatus.NOT_APPLICABLE)).append(" n/a\n");
                List<String> notApplicable = new ArrayList<>();
                for (Check check : thread.checks()) {
                    if (check.status() == CheckStatus.NOT_APPLICABLE) {
                        notApplicable.add(check.ruleId());
                        continue;
                    }
                    out.append(String.format("    %s  %-34s %s%n", check.status() == CheckStatus.FAIL ? "FAIL" : "pass",
                            check.ruleId(), check.description()));
                    for (Finding f : check.findings()) {
                        out.append(String.format("          %-7s %s%s%n", f.severity().id(),
                                f.msgIdx().isPresent() ? "[" + Evidence.msgIdx(f) + "] " : "", f.message()));
                        out.append("                  ").append(v.file()).append(": ").append(Evidence.lines(f)).append('\n');
                    }
                }
                if (!notApplicable.isEmpty()) {
                    // The reasons are in the other formats; here they would drown the failures.
                    out.append("    n/a   ").append(String.join(", ", notApplicable)).append('\n');
                }
            }
            out.append('\n');
        }
        if (validations.size() > 1) {
            long errors = validations.stream().mapToLong(v -> v.count(Severity.ERROR)).sum();
            long warnings = validations.stream().mapToLong(v -> v.count(Severity.WARNING)).sum();
            out.append("total: ").append(validations.size()).append(" files, ").append(errors).append(" errors, ")
                    .append(warnings).append(" warnings\n");
        }
        return out.toString();
    }
}
