package dev.tracedeck.cli;

import dev.tracedeck.importers.Importers;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --input-format NAME}: read the files as this format instead of detecting it, in the commands whose
 * {@code --format} names the report (validate, prune, watch, baseline write).
 */
public final class InputFormatOption {

    static final String DESCRIPTION = "Read the files as this format instead of detecting it (${COMPLETION-CANDIDATES}).";

    @Option(names = "--input-format", paramLabel = "NAME", completionCandidates = InputFormat.Names.class,
            description = DESCRIPTION)
    private String name;

    /** The importers to read with; empty after saying on {@code err} that the name is unknown. */
    Optional<Importers> importers(PrintWriter err, String command) {
        return InputFormat.importers(name, err, command);
    }

    /**
     * The same option also spelled {@code --format}, in the commands where a format can only be the input's
     * (inspect, convert, the window).
     */
    public static final class AlsoFormat {

        @Option(names = {"--format", "--input-format"}, paramLabel = "NAME", completionCandidates = InputFormat.Names.class,
                description = DESCRIPTION)
        private String name;

        /** The name given, if any. */
        public Optional<String> name() {
            return Optional.ofNullable(name);
        }

        /** The importers to read with; empty after saying on {@code err} that the name is unknown. */
        public Optional<Importers> importers(PrintWriter err, String command) {
            return InputFormat.importers(name, err, command);
        }
    }
}
