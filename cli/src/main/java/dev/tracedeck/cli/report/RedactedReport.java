package dev.tracedeck.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.redact.Redactor;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A report to paste where others read it ({@code validate --redact}): the findings' messages, thread ids and reasons
 * (what quotes the trace) go through a {@link Redactor} before any format renders them, so every format escapes the
 * pseudonyms as it escapes any text; the count by kind ends the report where the format has a place for it.
 */
public final class RedactedReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RedactedReport() {
    }

    /** Renders {@code validations} redacted, with the count at the end. */
    public static String render(ReportFormat format, List<Validation> validations, boolean verbose,
                                Map<String, Long> knownByFile, Fingerprints fingerprints, Redactor redactor) {
        return render(format, validations, verbose, knownByFile, fingerprints, Map.of(), redactor);
    }

    /** With what each file's model calls cost (no trace content: figures and the files' names, redacted as the report's). */
    public static String render(ReportFormat format, List<Validation> validations, boolean verbose,
                                Map<String, Long> knownByFile, Fingerprints fingerprints,
                                Map<String, dev.tracedeck.analysis.cost.CostTotal> costs, Redactor redactor) {
        Map<Finding, Finding> copies = new IdentityHashMap<>();
        List<Validation> redacted = new ArrayList<>();
        for (Validation v : validations) {
            List<ThreadChecklist> threads = new ArrayList<>();
            for (ThreadChecklist t : v.threads()) {
                List<Check> checks = new ArrayList<>();
                for (Check c : t.checks()) {
                    List<Finding> findings = new ArrayList<>();
                    for (Finding f : c.findings()) {
                        Finding copy = new Finding(f.ruleId(), f.severity(), redactor.redact(f.threadId()), f.msgIdx(),
                                redactor.redact(f.message()), f.evidence(), f.blamed());
                        copies.put(f, copy);
                        findings.add(copy);
                    }
                    checks.add(new Check(c.ruleId(), c.description(), c.status(), findings, redactor.redact(c.reason())));
                }
                threads.add(new ThreadChecklist(redactor.redact(t.threadId()), checks));
            }
            redacted.add(v.withThreads(v.file(), threads));
        }
        String report = format.render(redacted, verbose, knownByFile, fingerprints.carriedTo(copies), costs);
        return withCount(format, report, redactor);
    }

    /** The report with the redactor's count where {@code format} has a place for it. */
    static String withCount(ReportFormat format, String report, Redactor redactor) {
        String summary = redactor.summary();
        return switch (format) {
            case TEXT -> report + TerminalText.line(summary) + "\n";
            case MARKDOWN -> report + "\n_" + summary + "_\n";
            case HTML -> report.replace("</body></html>", "<p class=\"muted\">" + Xml.escape(summary) + "</p>\n</body></html>");
            case JUNIT -> report.replaceFirst("\n", "\n<!-- " + summary.replace("--", "- -") + " -->\n");
            case JSON -> json(report, root -> root.set("redactions", counts(redactor)));
            case SARIF -> json(report, root -> ((ObjectNode) root.withArray("runs").get(0)).putObject("properties")
                    .set("redactions", counts(redactor)));
        };
    }

    private static ObjectNode counts(Redactor redactor) {
        ObjectNode counts = MAPPER.createObjectNode();
        redactor.counts().forEach(counts::put);
        return counts;
    }

    private static String json(String report, java.util.function.Consumer<ObjectNode> edit) {
        try {
            ObjectNode root = (ObjectNode) MAPPER.readTree(report);
            edit.accept(root);
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
