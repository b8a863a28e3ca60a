package dev.tracedeck.app.report;

import dev.tracedeck.model.rules.Check;
import dev.tracedeck.model.rules.CheckStatus;
import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.rules.ThreadChecklist;
import dev.tracedeck.model.rules.Validation;
import java.util.List;

/** For a pull-request comment: a summary table, then each thread's checklist with the failures spelled out. */
final class MarkdownReport {

    private MarkdownReport() {
    }

    static String render(List<Validation> validations) {
        StringBuilder out = new StringBuilder("## Tracedeck validation\n\n| file | format | threads | errors | warnings |\n|---|---|---:|---:|---:|\n");
        for (Validation v : validations) {
            out.append("| `").append(code(v.file())).append("` | ").append(v.format()).append(" | ").append(v.threads().size())
                    .append(" | ").append(v.count(dev.tracedeck.model.rules.Severity.ERROR)).append(" | ")
                    .append(v.count(dev.tracedeck.model.rules.Severity.WARNING)).append(" |\n");
        }
        for (Validation v : validations) {
            out.append("\n### `").append(code(v.file())).append("`\n");
            for (ThreadChecklist t : v.threads()) {
                out.append("\n**Thread `").append(code(Evidence.threadLabel(t.threadId()))).append("`** — ")
                        .append(t.count(CheckStatus.PASS)).append(" pass, ").append(t.count(CheckStatus.FAIL)).append(" fail, ")
                        .append(t.count(CheckStatus.NOT_APPLICABLE)).append(" n/a\n\n");
                for (Check c : t.checks()) {
                    String box = switch (c.status()) {
                        case PASS -> "- [x] ";
                        case FAIL -> "- [ ] ❌ ";
                        case NOT_APPLICABLE -> "- ➖ ";
                    };
                    out.append(box).append('`').append(c.ruleId()).append("` ").append(text(c.description()));
                    if (c.status() == CheckStatus.NOT_APPLICABLE) {
                        out.append(" _(n/a: ").append(text(c.reason())).append(")_");
                    }
                    out.append('\n');
                    for (Finding f : c.findings()) {
                        out.append("  - **").append(f.severity().id()).append("** ").append(text(f.message())).append(" — ")
                                .append(Evidence.lines(f)).append('\n');
                    }
                }
            }
        }
        return out.toString();
    }

    /** Trace text can hold markdown and HTML; neutralise both so a comment renders what the log says. */
    private static String text(String s) {
        return Xml.escape(s).replace("\n", " ").replaceAll("([\\\\`*_\\[\\]|#])", "\\\\$1");
    }

    private static String code(String s) {
        return s.replace("`", "'").replace("|", "\\|");
    }
}
