package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.source.SourceChangedException;
import java.util.List;
import java.util.Map;

/** The formats {@code tracedeck validate} writes, each for a different reader. */
public enum ReportFormat {
    /** For a terminal: a summary and the failures, or with --verbose the whole checklist. */
    TEXT((validations, verbose, known, fingerprints) -> TextReport.render(validations, verbose, known)),
    /** For scripts; the field names are a contract, and it always holds the whole checklist. */
    JSON((validations, verbose, known, fingerprints) -> JsonReport.render(validations, known, fingerprints)),
    /** Each thread × rule a test case, so any CI shows the checklist. */
    JUNIT((validations, verbose, known, fingerprints) -> JunitReport.render(validations)),
    /** SARIF 2.1.0, for code-scanning views that point at file and line. */
    SARIF((validations, verbose, known, fingerprints) -> SarifReport.render(validations)),
    /** For a pull-request comment: a summary and the failures, never over GitHub's 65,536 characters. */
    MARKDOWN((validations, verbose, known, fingerprints) -> MarkdownReport.render(validations, verbose)),
    /** One self-contained offline page; all trace content escaped. */
    HTML((validations, verbose, known, fingerprints) -> HtmlReport.render(validations));

    private final Renderer renderer;

    ReportFormat(Renderer renderer) {
        this.renderer = renderer;
    }

    /**
     * The report of failures and a summary, the findings fingerprinted now.
     *
     * @throws SourceChangedException when a finding's evidence can't be read back as it was read
     */
    public String render(List<Validation> validations) throws SourceChangedException {
        return render(validations, false);
    }

    /** With {@code verbose}, text and Markdown list every check of every thread, passes included. */
    public String render(List<Validation> validations, boolean verbose) throws SourceChangedException {
        return render(validations, verbose, Map.of(), Fingerprints.of(validations));
    }

    /**
     * Validations from which a baseline took its findings out; {@code knownByFile} says how many per file, which
     * text and JSON report in the summary ("known"). {@code fingerprints} are those of every finding, taken where
     * they were checked (JSON prints them).
     */
    public String render(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile,
                         Fingerprints fingerprints) {
        return renderer.render(validations, verbose, knownByFile, fingerprints);
    }

    private interface Renderer {
        String render(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile,
                      Fingerprints fingerprints);
    }
}
