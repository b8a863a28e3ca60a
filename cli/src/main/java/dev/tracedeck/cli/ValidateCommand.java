package dev.tracedeck.cli;

import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.cli.report.RedactedReport;
import dev.tracedeck.cli.report.ReportFormat;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.workspace.NamedBaseline;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import dev.tracedeck.workspace.baseline.Baseline;
import dev.tracedeck.workspace.baseline.BaselineException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck validate}: the checklist, headless, for QA and CI. */
@Command(name = "validate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Check every thread of each file against the rules of its format and print the checklist.",
            "Exit 0 when no finding reaches --fail-on, 1 when one does, 2 for usage errors or unreadable files (also "
                    + "one that changed while being checked, so that a finding's evidence can't be read back as it was read), "
                    + "3 for a file with nothing to check (unless --allow-empty), 4 when Tracedeck itself fails."})
public final class ValidateCommand implements Callable<Integer> {

    /** When validate exits 1. */
    enum FailOn {
        ERROR, WARNING, NEVER
    }

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to validate (.log .jsonl .json, optionally .gz; a Claude Code project folder; - for standard input).")
    private List<Path> files;

    @Mixin
    private final ParseTextCallsOption parseTextCalls = new ParseTextCallsOption();

    @Mixin
    private RuleConfigOption config;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, json, junit, sarif, markdown or html (default: ${DEFAULT-VALUE}).")
    private ReportFormat format;

    @Mixin
    private InputFormatOption inputFormat;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the report here instead of standard output; "
            + "standard error then says in one line what was checked, what it found and where the report is.")
    private Path output;

    @Option(names = "--verbose", description = "text and markdown: list every check of every thread, passes included "
            + "(by default: a summary and the failures).")
    private boolean verbose;

    @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "error",
            description = "error, warning or never: the least severe finding that makes the exit code 1 (default: ${DEFAULT-VALUE}).")
    private FailOn failOn;

    @Option(names = "--allow-empty", description = "Exit 0 for a file with nothing to check (no message, tool call, tool "
            + "result or state entry for a rule to read; every check n/a), which otherwise exits 3. The report says so either way.")
    private boolean allowEmpty;

    @Mixin
    private ModelsOption models;

    @Option(names = "--baseline", paramLabel = "FILE|workspace|workspace:NAME",
            description = "Report only findings not in this baseline (written by `tracedeck baseline write`), with "
                    + "`workspace` not marked accepted or false-positive in the workspace, or with `workspace:NAME` not in "
                    + "the baseline the workspace keeps as NAME (`baseline write --name NAME`); the others are counted as "
                    + "known. The exit code follows the new findings alone.")
    private String baseline;

    /** {@code --baseline workspace:NAME}: the baseline the workspace keeps under that name. */
    static final String NAMED_BASELINE = "workspace:";

    @Mixin
    private final RedactOptions redact = new RedactOptions();

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    private final FileChecks.Reading reading;

    ValidateCommand() {
        this(FileChecks.Reading.IMPORT);
    }

    /** @param reading how each file is read (tests change a file between its import and its fingerprints) */
    ValidateCommand(FileChecks.Reading reading) {
        this.reading = reading;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Optional<RuleConfig> configured = config.read(err, "tracedeck validate");
        if (configured.isEmpty()) {
            return ExitCodes.USAGE;
        }
        RuleConfig rules = configured.get();
        if (models.given()) {
            Optional<dev.tracedeck.analysis.tokens.ModelProfiles> profiles = models.read(err, "tracedeck validate");
            if (profiles.isEmpty()) {
                return ExitCodes.USAGE;
            }
            // The file's profiles win over the built-in ones and over any the rule configuration lists.
            rules = new RuleConfig(rules.parameters().withModels(rules.parameters().models().with(profiles.get().entries())),
                    rules.rules());
        }
        Validator validator = new Validator(rules);
        Optional<Redactor> redactor = redact.redactor(err, "tracedeck validate");
        if (redactor.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Importers> chosen = inputFormat.importers(err, "tracedeck validate");
        if (chosen.isEmpty()) {
            return ExitCodes.USAGE;
        }
        try (WorkspaceOpening opening = WorkspaceOpening.start(workspace, err, "tracedeck validate")) {
            return validate(validator, chosen.get(), opening, err, redactor.get());
        }
    }

    private int validate(Validator validator, Importers importers, WorkspaceOpening opening, PrintWriter err,
                         Redactor redactor) {
        Optional<Baseline> known = Optional.empty();
        if (baseline != null) {
            known = readBaseline(opening, err);
            if (known.isEmpty()) {
                return ExitCodes.USAGE;
            }
        }
        FileChecks checks = new FileChecks(reading, importers, parseTextCalls.lifting(), validator, opening, err,
                "tracedeck validate");
        List<Validation> validations = new ArrayList<>();
        List<Fingerprints> taken = new ArrayList<>();
        Map<String, ValidateCostLine.Cost> costs = new java.util.LinkedHashMap<>();
        List<String> said = new ArrayList<>();
        boolean unreadable = false;
        Optional<Runnable> failure = Optional.empty();
        for (Path file : InputFiles.distinct(files, err, "tracedeck validate")) {
            Optional<FileChecks.Checked> checked;
            try {
                checked = checks.check(file);
            } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
                // The files checked before still get their report; this one's failure is said after it.
                failure = Optional.of(() -> InternalFailure.report(err, "tracedeck validate", file.toString(), e));
                break;
            }
            if (checked.isPresent()) {
                validations.add(checked.get().validation());
                taken.add(checked.get().fingerprints());
                checked.get().cost().ifPresent(c -> costs.put(checked.get().validation().file(), c));
                said.addAll(checked.get().outcomes());
            } else {
                unreadable = true;
            }
            if (opening.failed()) {
                return ExitCodes.USAGE;
            }
        }
        if (opening.failed()) {
            return ExitCodes.USAGE;
        }
        Fingerprints fingerprints = Fingerprints.union(taken);
        Map<String, Long> knownByFile = Map.of();
        if (known.isPresent()) {
            Baseline.Applied applied = known.get().apply(validations, fingerprints);
            validations = applied.validations();
            knownByFile = applied.knownByFile();
        }
        List<Validation> reported = validations;
        Map<String, Long> knownCounts = knownByFile;
        boolean written = write(out -> {
            Map<String, CostTotal> totals = new java.util.LinkedHashMap<>();
            costs.forEach((file, cost) -> totals.put(file, cost.total()));
            report(out, reported, knownCounts, fingerprints, totals, redactor);
            if (format == ReportFormat.TEXT) {
                // What each trace says of its own runs (scores, errors, aborts), beside the checks' verdict.
                for (String line : said) {
                    out.write(line + System.lineSeparator());
                }
                // What the calls cost, a line a file; JSON has each file's in a cost object, the other formats' schemas
                // hold findings only.
                for (ValidateCostLine.Cost cost : costs.values()) {
                    out.write(cost.line() + System.lineSeparator());
                }
            }
        }, err);
        if (written && output != null) {
            err.println(TerminalText.line("tracedeck validate: " + WrittenReportLine.of(reported, knownCounts,
                    format.name(), output)));
        }
        if (redactor.isActive()) {
            err.println(TerminalText.line("tracedeck validate: " + redactor.summary()));
        }
        if (failure.isPresent()) {
            failure.get().run();
            return ExitCodes.INTERNAL;
        }
        if (!written) {
            return ExitCodes.USAGE;
        }
        if (unreadable) {
            return ExitCodes.USAGE;
        }
        if (reachesThreshold(validations)) {
            return ExitCodes.FINDINGS;
        }
        List<Validation> empty = validations.stream().filter(Validation::nothingToCheck).toList();
        if (empty.isEmpty() || allowEmpty) {
            return ExitCodes.OK;
        }
        empty.forEach(v -> err.println("tracedeck validate: nothing to check in " + v.file() + " (--allow-empty passes it)"));
        return ExitCodes.NOTHING_TO_CHECK;
    }

    private Optional<Baseline> readBaseline(WorkspaceOpening opening, PrintWriter err) {
        boolean marks = baseline.equals("workspace");
        if (marks || baseline.startsWith(NAMED_BASELINE)) {
            if (opening.disabled()) {
                err.println(TerminalText.line("tracedeck validate: --baseline " + baseline + " needs a workspace (drop --no-workspace)"));
                return Optional.empty();
            }
            Optional<WorkspaceStore> store = opening.store();
            if (store.isEmpty()) {
                return Optional.empty();
            }
            try {
                return marks ? Optional.of(new Baseline(store.get().silencedFingerprints()))
                        : named(store.get(), baseline.substring(NAMED_BASELINE.length()), err);
            } catch (WorkspaceException | BaselineException e) {
                err.println(TerminalText.line("tracedeck validate: " + e.getMessage()));
                return Optional.empty();
            }
        }
        try {
            return Optional.of(Baseline.read(Path.of(baseline)));
        } catch (BaselineException e) {
            err.println(TerminalText.line("tracedeck validate: " + e.getMessage()));
            return Optional.empty();
        }
    }

    /** The baseline the workspace keeps as {@code name}; empty after saying that there is none, and which there are. */
    private static Optional<Baseline> named(WorkspaceStore store, String name, PrintWriter err)
            throws WorkspaceException, BaselineException {
        Optional<String> content = store.baseline(name);
        if (content.isEmpty()) {
            String kept = store.baselines().stream().map(NamedBaseline::name).collect(java.util.stream.Collectors.joining(", "));
            err.println(TerminalText.line("tracedeck validate: " + store.address() + " keeps no baseline named " + name
                    + (kept.isEmpty() ? " (it keeps none: `tracedeck baseline write --name NAME` writes one)" : " (it keeps " + kept + ")")));
            return Optional.empty();
        }
        return Optional.of(Baseline.parse(content.get(), store.address() + " baseline " + name));
    }

    private boolean reachesThreshold(List<Validation> validations) {
        if (failOn == FailOn.NEVER) {
            return false;
        }
        Severity threshold = Severity.valueOf(failOn.name().toUpperCase(Locale.ROOT));
        return validations.stream().anyMatch(v -> v.reaches(threshold));
    }

    private void report(Writer out, List<Validation> validations, Map<String, Long> knownByFile,
                        Fingerprints fingerprints, Map<String, CostTotal> costs, Redactor redactor) throws IOException {
        if (redactor.isActive()) {
            out.write(RedactedReport.render(format, validations, verbose, knownByFile, fingerprints, costs, redactor));
        } else {
            format.write(validations, verbose, knownByFile, fingerprints, costs, out);
        }
    }

    private boolean write(Report report, PrintWriter err) {
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            try {
                report.writeTo(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a PrintWriter keeps its failures for checkError
            }
            out.flush();
            return true;
        }
        try (Writer out = Files.newBufferedWriter(output, StandardCharsets.UTF_8)) {
            report.writeTo(out);
            return true;
        } catch (IOException e) {
            err.println(TerminalText.line("tracedeck validate: " + output + ": cannot write the report (" + e.getMessage() + ")"));
            return false;
        }
    }

    /** The report, written as it is made (see {@link ReportFormat#write}). */
    private interface Report {
        void writeTo(Writer out) throws IOException;
    }
}
