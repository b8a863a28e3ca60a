package dev.tracedeck.cli;

import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.registry.Importers;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --input-format NAME}: read the files as this format instead of detecting it, in every command that reads
 * traces (a command's {@code --format}, where it has one, names its report).
 */
public final class InputFormatOption {

    static final String DESCRIPTION = "Read the files as this format instead of detecting it (${COMPLETION-CANDIDATES}).";

    @Option(names = "--input-format", paramLabel = "NAME", completionCandidates = InputFormat.Names.class,
            description = DESCRIPTION)
    private String name;

    /** The importers to read with; empty after saying on {@code err} that the name is unknown. */
    public Optional<Importers> importers(PrintWriter err, String command) {
        return InputFormat.importers(name, err, command);
    }

    /**
     * The same option in the commands that have no report format (inspect, convert, the window), where it is also
     * spelled {@code --format}, as command lines written for them spell it; the help shows the one name.
     */
    public static final class AlsoFormat {

        @Option(names = "--input-format", paramLabel = "NAME", completionCandidates = InputFormat.Names.class,
                description = DESCRIPTION + " Also spelled --format here (this command has no report format).")
        private String name;

        @Option(names = "--format", paramLabel = "NAME", hidden = true, completionCandidates = InputFormat.Names.class,
                description = DESCRIPTION)
        private String formatName;

        /** The name given, if any. */
        public Optional<String> name() {
            return Optional.ofNullable(name != null ? name : formatName);
        }

        /**
         * The importers to read with; empty after saying on {@code err} that the name is unknown, or that the two
         * spellings name two formats.
         */
        public Optional<Importers> importers(PrintWriter err, String command) {
            if (name != null && formatName != null && !name.equals(formatName)) {
                err.println(TerminalText.line(command + ": --input-format " + name + " and --format " + formatName
                        + " are the same option; give one"));
                err.flush();
                return Optional.empty();
            }
            return InputFormat.importers(name().orElse(null), err, command);
        }
    }
}
