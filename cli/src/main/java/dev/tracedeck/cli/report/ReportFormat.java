package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.source.SourceChangedException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/** The formats {@code tracedeck validate} writes, each for a different reader. */
public enum ReportFormat {
    /** For a terminal: a summary and the failures, or with --verbose the whole checklist. */
    TEXT(whole((validations, verbose, known, fingerprints) -> TextReport.render(validations, verbose, known))),
    /**
     * For scripts; the field names are a contract, and it always holds the whole checklist. Streamed: on a big file
     * it is the largest report by far.
     */
    JSON((validations, verbose, known, fingerprints, costs, out) -> JsonReport.write(validations, known, fingerprints, costs, out)),
    /** Each thread × rule a test case, so any CI shows the checklist. */
    JUNIT(whole((validations, verbose, known, fingerprints) -> JunitReport.render(validations))),
    /** SARIF 2.1.0, for code-scanning views that point at file and line. */
    SARIF(whole((validations, verbose, known, fingerprints) -> SarifReport.render(validations))),
    /** For a pull-request comment: a summary and the failures, never over GitHub's 65,536 characters. */
    MARKDOWN(whole((validations, verbose, known, fingerprints) -> MarkdownReport.render(validations, verbose))),
    /** One self-contained offline page; all trace content escaped. */
    HTML(whole((validations, verbose, known, fingerprints) -> HtmlReport.render(validations)));

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
        return render(validations, verbose, knownByFile, fingerprints, Map.of());
    }

    /** With what each file's model calls cost, by file, which JSON reports (the other formats have no place for it). */
    public String render(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile,
                         Fingerprints fingerprints, Map<String, CostTotal> costs) {
        StringWriter report = new StringWriter();
        try {
            renderer.write(validations, verbose, knownByFile, fingerprints, costs, report);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter throws none
        }
        return report.toString();
    }

    /**
     * The same report as {@link #render(List, boolean, Map, Fingerprints)}, written to {@code out} (left open) as it
     * is made where the format allows: a big file's JSON report is never held whole in memory.
     *
     * @throws IOException when {@code out} fails
     */
    public void write(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile,
                      Fingerprints fingerprints, Writer out) throws IOException {
        write(validations, verbose, knownByFile, fingerprints, Map.of(), out);
    }

    /** With what each file's model calls cost, by file, which JSON reports. */
    public void write(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile,
                      Fingerprints fingerprints, Map<String, CostTotal> costs, Writer out) throws IOException {
        renderer.write(validations, verbose, knownByFile, fingerprints, costs, out);
    }

    private static Renderer whole(WholeRenderer renderer) {
        return (validations, verbose, known, fingerprints, costs, out) ->
                out.write(renderer.render(validations, verbose, known, fingerprints));
    }

    /** Writes a report as it is made. */
    private interface Renderer {
        void write(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile,
                   Fingerprints fingerprints, Map<String, CostTotal> costs, Writer out) throws IOException;
    }

    /** Makes a report whole, as one string: the formats whose reports stay small. */
    private interface WholeRenderer {
        String render(List<Validation> validations, boolean verbose, Map<String, Long> knownByFile,
                      Fingerprints fingerprints);
    }
}
