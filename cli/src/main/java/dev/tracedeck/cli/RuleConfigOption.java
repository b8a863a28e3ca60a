package dev.tracedeck.cli;

import dev.tracedeck.analysis.config.ConfigException;
import dev.tracedeck.analysis.config.RuleConfigReader;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.engine.text.TerminalText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --config FILE}: the rule configuration a command checks with; a bad file is a usage error naming its line. */
public final class RuleConfigOption {

    @Option(names = "--config", paramLabel = "FILE", description = "Rule configuration (JSON): parameters, rules on/off, severities.")
    private Path file;

    /** The file named, if any. */
    public Optional<Path> file() {
        return Optional.ofNullable(file);
    }

    /** The configuration to check with, the defaults without {@code --config}; empty after saying on {@code err} what is wrong with the file. */
    public Optional<RuleConfig> read(PrintWriter err, String command) {
        if (file == null) {
            return Optional.of(RuleConfig.DEFAULT);
        }
        try {
            return Optional.of(new RuleConfigReader().read(file));
        } catch (ConfigException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            err.flush();
            return Optional.empty();
        }
    }
}
