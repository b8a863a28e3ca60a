package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import java.util.List;

/**
 * One self-contained page: no scripts, no external resources, so it opens offline and from an email. Every
 * string that came from a trace goes through {@link Xml#escape}; threads with failures start open.
 */
final class HtmlReport {

    private static final String STYLE = """
            :root{--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--na:#8c959f;--card:#f6f8fa}
            @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--line:#30363d;--pass:#3fb950;--fail:#f85149;--warn:#d29922;--na:#6e7681;--card:#161b22}}
            body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;background:var(--bg);color:var(--fg);margin:2rem auto;max-width:72rem;padding:0 1rem}
            h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid var(--line);padding-bottom:.3rem}
            code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
            table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
            details{background:var(--card);border:1px solid var(--line);border-radius:6px;margin:.6rem 0;padding:.4rem .8rem}
            summary{cursor:pointer;font-weight:600}.muted{color:var(--muted)}
            .st{font-weight:700;font-size:12px;text-transform:uppercase}.pass{color:var(--pass)}.fail{color:var(--fail)}.na{color:var(--na)}
            .sev-error{color:var(--fail);font-weight:700}.sev-warning{color:var(--warn);font-weight:700}.sev-info{color:var(--muted)}.zero{color:var(--pass)}
            ul.f{margin:.2rem 0 .2rem 1rem;padding:0}ul.f li{margin:.15rem 0}
            """;

    /**
     * The page may run no script and load nothing from anywhere, only use its own inline styles (and data: images):
     * it quotes the trace, whose text a reader does not trust, and is opened from disk or a CI artifact.
     */
    static final String CONTENT_SECURITY_POLICY = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
            + "'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'\">";

    private HtmlReport() {
    }

    static String render(List<Validation> validations) {
        StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + CONTENT_SECURITY_POLICY + "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>Tracedeck validation</title><style>")
                .append(STYLE).append("</style></head><body>\n<h1>Tracedeck validation</h1>\n<table><tr><th>file</th><th>format</th>"
                        + "<th>threads</th><th>errors</th><th>warnings</th><th>infos</th></tr>\n");
        for (Validation v : validations) {
            out.append("<tr><td class=\"mono\">").append(Xml.escape(v.file())).append("</td><td>").append(Xml.escape(v.format()))
                    .append(v.nothingToCheck() ? " · <strong>nothing to check</strong>" : "")
                    .append("</td><td>").append(v.threads().size()).append("</td>").append(countCell(v, Severity.ERROR))
                    .append(countCell(v, Severity.WARNING)).append(countCell(v, Severity.INFO)).append("</tr>\n");
        }
        out.append("</table>\n");
        for (Validation v : validations) {
            out.append("<h2 class=\"mono\">").append(Xml.escape(v.file())).append("</h2>\n<p class=\"muted\">profile ")
                    .append(Xml.escape(v.profile())).append(" · ").append(Xml.escape(Summary.of(v))).append("</p>\n");
            if (v.nothingToCheck()) {
                out.append("<p><strong>").append(Xml.escape(NothingToCheck.sentence(v))).append("</strong></p>\n");
            }
            for (ThreadChecklist t : Evidence.inReportOrder(v.threads())) {
                thread(out, v, t);
            }
        }
        return out.append("</body></html>\n").toString();
    }

    /** A count in its severity's colour only when it is not zero: a clean file's "0 errors" is no alarm. */
    private static String countCell(Validation v, Severity severity) {
        long n = v.count(severity);
        return "<td class=\"" + (n == 0 ? "zero" : "sev-" + severity.id()) + "\">" + n + "</td>";
    }

    private static void thread(StringBuilder out, Validation v, ThreadChecklist t) {
        out.append("<details").append(t.count(CheckStatus.FAIL) > 0 ? " open" : "").append("><summary><span class=\"mono\">")
                .append(Xml.escape(Evidence.threadLabel(t.threadId()))).append("</span> <span class=\"muted\">")
                .append(t.count(CheckStatus.PASS)).append(" pass · ").append(t.count(CheckStatus.FAIL)).append(" fail · ")
                .append(t.count(CheckStatus.NOT_APPLICABLE)).append(" n/a</span></summary>\n<table>\n");
        for (Check c : t.checks()) {
            String css = c.status() == CheckStatus.PASS ? "pass" : c.status() == CheckStatus.FAIL ? "fail" : "na";
            out.append("<tr><td class=\"st ").append(css).append("\">").append(c.status().id()).append("</td><td><code>")
                    .append(Xml.escape(c.ruleId())).append("</code></td><td>").append(Xml.escape(c.description()));
            if (!c.reason().isEmpty()) {
                out.append(" <span class=\"muted\">(").append(Xml.escape(c.reason())).append(")</span>");
            }
            if (!c.findings().isEmpty()) {
                out.append("<ul class=\"f\">");
                for (Finding f : c.findings()) {
                    out.append("<li><span class=\"sev-").append(f.severity().id()).append("\">").append(f.severity().id())
                            .append("</span> ").append(Xml.escape(f.message())).append(" <span class=\"muted mono\">")
                            .append(Xml.escape(Evidence.place(v.file(), f))).append("</span></li>");
                }
                out.append("</ul>");
            }
            out.append("</td></tr>\n");
        }
        out.append("</table></details>\n");
    }
}
