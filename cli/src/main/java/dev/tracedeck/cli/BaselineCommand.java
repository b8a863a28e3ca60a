package dev.tracedeck.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.workspace.NamedBaseline;
import dev.tracedeck.workspace.WorkspaceException;
import dev.tracedeck.workspace.WorkspaceStore;
import dev.tracedeck.workspace.baseline.Baseline;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tracedeck baseline write}: the findings of some traces as a baseline for {@code validate --baseline}, in a file
 * or kept in the workspace by name; {@code baseline list}: the baselines the workspace keeps.
 */
@Command(name = "baseline", mixinStandardHelpOptions = true, subcommands = {BaselineCommand.Write.class, BaselineCommand.Listing.class},
        description = "Baselines: the findings already known, which validate --baseline FILE (or workspace:NAME) leaves out.")
public final class BaselineCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println(TerminalText.line("tracedeck baseline: say what to do: tracedeck baseline write [--output FILE] [--name NAME] TRACE..., "
                + "or tracedeck baseline list"));
        return ExitCodes.USAGE;
    }

    @Command(name = "write", mixinStandardHelpOptions = true,
            description = {"Validate the traces and write every finding's fingerprint as a JSON baseline.",
                "A fingerprint is the finding's rule, thread, msg_idx and a hash of its evidence text, not its lines. "
                    + "Secrets the findings quote are redacted (--redact: personal data too).",
                "With --name, the baseline is kept in the workspace under that name (replacing one of that name), with "
                    + "when and by whom it was written, for validate --baseline workspace:NAME; a workspace shared on "
                    + "PostgreSQL shares it with the team.",
                "Exit 0, or 2 when a file can't be read (or changed while being checked, so that a finding's "
                    + "evidence can't be read back) or the baseline can't be written; then no baseline is written."})
    static final class Write implements Callable<Integer> {

        @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Traces whose findings are known.")
        private List<Path> files;

        @Option(names = "--output", paramLabel = "FILE", description = "Write the baseline here instead of standard output.")
        private Path output;

        @Option(names = "--name", paramLabel = "NAME", description = "Keep the baseline in the workspace under this name "
                + "(letters, digits, '.', '-', '_'); then nothing goes to standard output.")
        private String name;

        @Mixin
        private RuleConfigOption config;

        @Mixin
        private InputFormatOption inputFormat;

        @Mixin
        private final RedactOptions redact = new RedactOptions();

        @Mixin
        private WorkspaceOption workspace;

        @Spec
        private CommandSpec spec;

        private final FileChecks.Reading reading;

        Write() {
            this(FileChecks.Reading.IMPORT);
        }

        /** @param reading how each file is read (tests change a file between its import and its fingerprints) */
        Write(FileChecks.Reading reading) {
            this.reading = reading;
        }

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            String command = "tracedeck baseline write";
            Optional<RuleConfig> rules = config.read(err, command);
            if (rules.isEmpty()) {
                return ExitCodes.USAGE;
            }
            Optional<Importers> importers = inputFormat.importers(err, command);
            if (importers.isEmpty()) {
                return ExitCodes.USAGE;
            }
            Optional<Redactor> asked = redact.redactor(err, command);
            if (asked.isEmpty()) {
                return ExitCodes.USAGE;
            }
            // A baseline is meant to be committed: its secrets are redacted always, personal data with --redact.
            Redactor redactor = asked.get().isActive() ? asked.get() : Redactor.secrets();
            if (name != null && (workspace.disabled() || !NamedBaseline.validName(name))) {
                err.println(TerminalText.line(command + ": " + (workspace.disabled() ? "--name keeps the baseline in a workspace; "
                        + "drop --no-workspace" : NamedBaseline.nameProblem(name))));
                return ExitCodes.USAGE;
            }
            List<Validation> validations = new ArrayList<>();
            List<Fingerprints> taken = new ArrayList<>();
            String baseline;
            try (WorkspaceOpening opening = WorkspaceOpening.start(workspace, err, command)) {
                FileChecks checks = new FileChecks(reading, importers.get(), TextCallLifting.OFF, new Validator(rules.get()), opening,
                        err, command);
                for (Path file : InputFiles.distinct(files, err, command)) {
                    // A file left out would make a baseline that silently knows less: nothing is written.
                    Optional<FileChecks.Checked> checked = checks.check(file);
                    if (checked.isEmpty()) {
                        return ExitCodes.USAGE;
                    }
                    validations.add(checked.get().validation());
                    taken.add(checked.get().fingerprints());
                }
                if (opening.failed()) {
                    return ExitCodes.USAGE;
                }
                Fingerprints fingerprints = Fingerprints.union(taken);
                baseline = Baseline.write(validations, fingerprints, redactor);
                if (name != null) {
                    NamedBaseline kept = opening.store().orElseThrow().writeBaseline(name, baseline, distinct(validations, fingerprints));
                    err.println(TerminalText.line(command + ": " + kept.findings() + " findings kept in " + opening.store().get().address()
                            + " as the baseline " + name + kept.author().map(a -> " (by " + a + ")").orElse("")));
                }
            } catch (WorkspaceException e) {
                err.println(TerminalText.line(command + ": " + e.getMessage()));
                return ExitCodes.USAGE;
            }
            if (asked.get().isActive()) {
                err.println(TerminalText.line(command + ": " + redactor.summary()));
            }
            if (output == null) {
                if (name == null) {
                    spec.commandLine().getOut().print(baseline);
                    spec.commandLine().getOut().flush();
                }
                return ExitCodes.OK;
            }
            try {
                Files.writeString(output, baseline, StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println(TerminalText.line(command + ": " + output + ": cannot write the baseline (" + e.getMessage() + ")"));
                return ExitCodes.USAGE;
            }
            long count = validations.stream().mapToLong(v -> v.findings().size()).sum();
            err.println(TerminalText.line(command + ": " + count + " findings written to " + output));
            return ExitCodes.OK;
        }

        /** How many distinct findings the baseline holds: one per fingerprint, as it is written. */
        private static int distinct(List<Validation> validations, Fingerprints fingerprints) {
            Set<String> seen = new HashSet<>();
            validations.forEach(v -> v.findings().forEach(f -> seen.add(fingerprints.of(f))));
            return seen.size();
        }
    }

    /** {@code tracedeck baseline list}: the baselines the workspace keeps by name, with when and by whom each was written. */
    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the baselines the workspace keeps by name (baseline write --name): each one's name, how many "
                    + "findings it knows, when it was written and, in a workspace shared on PostgreSQL, by whom.",
                "Exit 0, or 2."})
    static final class Listing implements Callable<Integer> {

        private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

        @Option(names = "--json", description = "Print a JSON array: [{name, findings, writtenAt, author}].")
        private boolean json;

        @Mixin
        private WorkspaceOption workspace;

        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            String command = "tracedeck baseline list";
            Optional<WorkspaceStore> store = workspace.openRequiredForReading(err, command, "named baselines");
            if (store.isEmpty()) {
                return ExitCodes.USAGE;
            }
            try {
                List<NamedBaseline> baselines = store.get().baselines();
                out.print(json ? json(baselines) : text(baselines));
                out.flush();
                return ExitCodes.OK;
            } catch (WorkspaceException e) {
                err.println(TerminalText.line(command + ": " + e.getMessage()));
                return ExitCodes.USAGE;
            } finally {
                WorkspaceOption.closeQuietly(store.get(), err, command);
            }
        }

        /** A line a baseline: name, findings, when, and by whom where recorded. */
        private static String text(List<NamedBaseline> baselines) {
            if (baselines.isEmpty()) {
                return "no baselines kept in this workspace (tracedeck baseline write --name NAME TRACE... keeps one)"
                        + System.lineSeparator();
            }
            int width = baselines.stream().mapToInt(b -> b.name().length()).max().orElse(1);
            StringBuilder s = new StringBuilder();
            for (NamedBaseline b : baselines) {
                s.append(String.format("%-" + width + "s  %6d finding%s  %s%s%n", b.name(), b.findings(), b.findings() == 1 ? " " : "s",
                        b.writtenAt().truncatedTo(ChronoUnit.SECONDS),
                        b.author().map(a -> "  by " + TerminalText.line(a)).orElse("")));
            }
            return s.toString();
        }

        private static String json(List<NamedBaseline> baselines) {
            ArrayNode array = MAPPER.createArrayNode();
            for (NamedBaseline b : baselines) {
                ObjectNode node = array.addObject().put("name", b.name()).put("findings", b.findings())
                        .put("writtenAt", b.writtenAt().toString());
                if (b.author().isPresent()) {
                    node.put("author", b.author().get());
                } else {
                    node.putNull("author");
                }
            }
            try {
                return MAPPER.writeValueAsString(array) + System.lineSeparator();
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
