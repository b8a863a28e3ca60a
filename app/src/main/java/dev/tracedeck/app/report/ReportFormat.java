package dev.tracedeck.app.report;

import dev.tracedeck.model.rules.Validation;
import java.util.List;
import java.util.function.BiFunction;

/** The formats {@code tracedeck validate} writes, each for a different reader. */
public enum ReportFormat {
    /** For a terminal: a summary and the failures, or with --verbose the whole checklist. */
    TEXT(TextReport::render),
    /** For scripts; the field names are a contract, and it always holds the whole checklist. */
    JSON((validations, verbose) -> JsonReport.render(validations)),
    /** Each thread × rule a test case, so any CI shows the checklist. */
    JUNIT((validations, verbose) -> JunitReport.render(validations)),
    /** SARIF 2.1.0, for code-scanning views that point at file and line. */
    SARIF((validations, verbose) -> SarifReport.render(validations)),
    /** For a pull-request comment: a summary and the failures, never over GitHub's 65,536 characters. */
    MARKDOWN(MarkdownReport::render),
    /** One self-contained offline page; all trace content escaped. */
    HTML((validations, verbose) -> HtmlReport.render(validations));

    private final BiFunction<List<Validation>, Boolean, String> renderer;

    ReportFormat(BiFunction<List<Validation>, Boolean, String> renderer) {
        this.renderer = renderer;
    }

    /** The report of failures and a summary. */
    public String render(List<Validation> validations) {
        return render(validations, false);
    }

    /** With {@code verbose}, text and Markdown list every check of every thread, passes included. */
    public String render(List<Validation> validations, boolean verbose) {
        return renderer.apply(validations, verbose);
    }
}
