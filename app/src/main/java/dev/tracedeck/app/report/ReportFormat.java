package dev.tracedeck.app.report;

import dev.tracedeck.model.rules.Validation;
import java.util.List;
import java.util.Map;

/** The formats {@code tracedeck validate} writes, each for a different reader. */
public enum ReportFormat {
    /** For a terminal: a summary and the failures, or with --verbose the whole checklist. */
    TEXT(TextReport::render),
    /** For scripts; the field names are a contract, and it always holds the whole checklist. */
    JSON((validations, verbose, known) -> JsonReport.render(validations, known)),
    /** Each thread × rule a test case, so any CI shows the checklist. */
    JUNIT((validations, verbose, known) -> JunitReport.render(validations)),
    /** SARIF 2.1.0, for code-scanning views that point at file and line. */
    SARIF((validations, verbose, known) -> SarifReport.render(validations)),
    /** For a pull-request comment: a summary and the failures, never over GitHub's 65,536 characters. */
    MARKDOWN((validations, verbose, known) -> MarkdownReport.render(validations, verbose)),
    /** One self-contained offline page; all trace content escaped. */
    HTML((validations, verbose, known) -> HtmlReport.render(validations));

    private final Renderer renderer;

    ReportFormat(Renderer renderer) {
        this.renderer = renderer;
    }

    /** The report of failures and a summary. */
    public String render(List<Validation> validations) {
        return render(validations, false);
    }

    /** With {@code verbose}, text and Markdown list every check of every thread, passes included. */
    public String render(List<Validation> validations, boolean verbose) {
        return render(validations, verbose, Map.of());
    }

    /**
     * Validations from which a baseline took its findings out; {@code knownByFile} says how many per file, which
     * text and JSON report in the summary ("known").
     */
    public String render(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile) {
        return renderer.render(validations, verbose, knownByFile);
    }

    private interface Renderer {
        String render(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile);
    }
}
