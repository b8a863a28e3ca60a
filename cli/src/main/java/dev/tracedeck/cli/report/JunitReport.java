package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import java.util.List;

/**
 * JUnit XML as CI servers read it: a test suite per file and thread, a test case per rule. A failing check
 * is a failure whose text lists the findings; a rule that does not apply is skipped with the reason.
 */
final class JunitReport {

    private JunitReport() {
    }

    static String render(List<Validation> validations) {
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tracedeck validate\">\n");
        for (Validation v : validations) {
            if (v.nothingToCheck()) {
                // Not a suite of passes: one case, skipped, saying why there was nothing to check.
                String suite = Xml.escape(v.file());
                out.append("  <testsuite name=\"").append(suite).append("\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\">\n")
                        .append("    <testcase classname=\"").append(suite).append("\" name=\"").append(NothingToCheck.STATUS)
                        .append("\">\n      <skipped message=\"").append(Xml.escape(NothingToCheck.sentence(v)))
                        .append("\"/>\n    </testcase>\n  </testsuite>\n");
                continue;
            }
            for (ThreadChecklist t : Evidence.inReportOrder(v.threads())) {
                String suite = v.file() + " :: " + Evidence.threadLabel(t.threadId());
                out.append("  <testsuite name=\"").append(Xml.escape(suite)).append("\" tests=\"").append(t.checks().size())
                        .append("\" failures=\"").append(t.count(CheckStatus.FAIL)).append("\" errors=\"0\" skipped=\"")
                        .append(t.count(CheckStatus.NOT_APPLICABLE)).append("\">\n");
                for (Check c : t.checks()) {
                    out.append("    <testcase classname=\"").append(Xml.escape(suite)).append("\" name=\"").append(Xml.escape(c.ruleId()))
                            .append("\"");
                    if (c.status() == CheckStatus.PASS) {
                        out.append("/>\n");
                        continue;
                    }
                    out.append(">\n");
                    if (c.status() == CheckStatus.NOT_APPLICABLE) {
                        out.append("      <skipped message=\"").append(Xml.escape(c.reason())).append("\"/>\n");
                    } else {
                        Finding first = c.findings().get(0);
                        out.append("      <failure type=\"").append(first.severity().id()).append("\" message=\"")
                                .append(Xml.escape(Summary.plural(c.findings().size(), "finding") + ": " + first.message())).append("\">");
                        for (Finding f : c.findings()) {
                            out.append(Xml.escape(f.severity().id() + " " + f.message() + " (" + Evidence.place(v.file(), f) + ")")).append('\n');
                        }
                        out.append("</failure>\n");
                    }
                    out.append("    </testcase>\n");
                }
                out.append("  </testsuite>\n");
            }
        }
        return out.append("</testsuites>\n").toString();
    }
}
