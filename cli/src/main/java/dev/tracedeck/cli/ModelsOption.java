package dev.tracedeck.cli;

import dev.tracedeck.analysis.config.ConfigException;
import dev.tracedeck.analysis.config.ModelProfilesReader;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import dev.tracedeck.engine.text.TerminalText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --models FILE}: model profiles that add to the built-in ones; a bad file is a usage error naming its line. */
final class ModelsOption {

    @Option(names = "--models", paramLabel = "FILE",
            description = "Model profiles (JSON: {\"models\": [{\"name\", \"contextLimit\", \"encoding\"}]}) added to the built-in ones.")
    private Path file;

    boolean given() {
        return file != null;
    }

    /** The profiles to look models up in; empty after saying on {@code err} what is wrong with the file. */
    Optional<ModelProfiles> read(PrintWriter err, String command) {
        if (file == null) {
            return Optional.of(ModelProfiles.defaults());
        }
        try {
            return Optional.of(new ModelProfilesReader().read(file));
        } catch (ConfigException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            err.flush();
            return Optional.empty();
        }
    }
}
