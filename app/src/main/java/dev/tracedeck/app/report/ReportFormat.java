package dev.tracedeck.app.report;

import dev.tracedeck.model.rules.Validation;
import java.util.List;
import java.util.function.Function;

/** The formats {@code tracedeck validate} writes, each for a different reader. */
public enum ReportFormat {
    /** The checklist for a terminal. */
    TEXT(TextReport::render),
    /** For scripts; the field names are a contract. */
    JSON(JsonReport::render),
    /** Each thread × rule a test case, so any CI shows the checklist. */
    JUNIT(JunitReport::render),
    /** SARIF 2.1.0, for code-scanning views that point at file and line. */
    SARIF(SarifReport::render),
    /** For a pull-request comment. */
    MARKDOWN(MarkdownReport::render),
    /** One self-contained offline page; all trace content escaped. */
    HTML(HtmlReport::render);

    private final Function<List<Validation>, String> renderer;

    ReportFormat(Function<List<Validation>, String> renderer) {
        this.renderer = renderer;
    }

    public String render(List<Validation> validations) {
        return renderer.apply(validations);
    }
}
