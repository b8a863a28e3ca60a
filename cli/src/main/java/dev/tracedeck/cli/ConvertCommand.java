package dev.tracedeck.cli;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.convert.Converter;
import dev.tracedeck.importers.convert.TraceWriter;
import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck convert}: any trace Tracedeck reads, written as ATIF or as OTLP/JSON for other tools. */
@Command(name = "convert", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write the files' traces as ATIF trajectories or as OpenTelemetry GenAI spans (OTLP/JSON).",
            "The spans follow the OpenTelemetry GenAI conventions (for Phoenix, Langfuse, MLflow). One document is written "
                + "indented; several (ATIF: a trajectory per thread; OTLP: one export per file) as JSON Lines. What the format can't hold is said "
                + "on standard error, a line per kind, and in the output's notes.",
            "Exit 0 when written, 2 for usage errors, unreadable files or output that can't be written, 3 when no "
                    + "file holds a message to write."})
public final class ConvertCommand implements Callable<Integer> {

    /** The formats {@code --to} names. */
    enum Target {
        ATIF, OTLP;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Traces to convert (any format Tracedeck reads).")
    private List<Path> files;

    @Option(names = "--to", required = true, paramLabel = "FORMAT", description = "atif or otlp.")
    private Target to;

    @Mixin
    private final RedactOptions redact = new RedactOptions();

    @Option(names = "--output", paramLabel = "FILE", description = "Write here instead of standard output.")
    private Path output;

    @Mixin
    private InputFormatOption.AlsoFormat format;

    @Mixin
    private final ParseTextCallsOption parseTextCalls = new ParseTextCallsOption();

    @Mixin
    private NoWorkspaceOption noWorkspace;

    @Spec
    private CommandSpec spec;

    private static final String COMMAND = "tracedeck convert";

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Optional<Importers> chosen = format.importers(err, COMMAND);
        if (chosen.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Redactor> redactor = redact.redactor(err, COMMAND);
        if (redactor.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Importers importers = chosen.get();
        TextCallLifting lifting = parseTextCalls.lifting();
        TraceWriter writer = Converter.writer(to.id()).orElseThrow();
        List<Converter.Part> parts = new ArrayList<>();
        boolean unreadable = false;
        for (Path file : InputFiles.distinct(files, err, COMMAND)) {
            ConsoleProgress progress = ConsoleProgress.forTerminal(file.toString());
            Trace trace;
            try {
                trace = lifting.apply(importers.read(ImportSource.of(file), progress));
            } catch (ImportException e) {
                err.println(TerminalText.line(COMMAND + ": " + e.getMessage()));
                unreadable = true;
                continue;
            } finally {
                progress.done();
            }
            TraceWriter.Prepared prepared = writer.prepare(trace);
            for (String line : prepared.omissions().lines()) {
                err.println(TerminalText.line(COMMAND + ": " + file + " → " + to.id() + ": " + line));
            }
            if (prepared.documents() == 0) {
                err.println(TerminalText.line(COMMAND + ": " + file + ": no message to write"));
            }
            parts.add(new Converter.Part(prepared, start(file)));
        }
        err.flush();
        int written;
        try {
            written = write(parts, redactor.get());
        } catch (IOException e) {
            err.println(TerminalText.line(COMMAND + ": " + (output == null ? "standard output" : output)
                    + ": cannot write (" + e.getMessage() + ")"));
            return ExitCodes.USAGE;
        }
        if (redactor.get().isActive()) {
            err.println(TerminalText.line(COMMAND + ": " + redactor.get().summary()));
        }
        err.flush();
        if (unreadable) {
            return ExitCodes.USAGE;
        }
        return written == 0 ? ExitCodes.NOTHING_TO_CHECK : ExitCodes.OK;
    }

    private int write(List<Converter.Part> parts, Redactor redactor) throws IOException {
        if (parts.stream().mapToInt(p -> p.prepared().documents()).sum() == 0) {
            return 0;
        }
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            int n = Converter.write(parts, out, redactor);
            out.flush();
            return n;
        }
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8))) {
            return Converter.write(parts, out, redactor);
        }
    }

    /** Spans and steps need times; a trace that logged none starts when its file was last written. */
    private static Instant start(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException | UnsupportedOperationException e) {
            return Instant.EPOCH;
        }
    }
}
