package dev.tracedeck.cli;

import dev.tracedeck.analysis.tokens.ModelChoice;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.trace.Trace;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code --model NAME}, {@code --context-limit TOKENS} and {@code --models FILE}: the model a command counts tokens
 * with ({@link ModelChoice}), the same in every command that counts.
 */
final class ModelChoiceOptions {

    @Option(names = "--model", paramLabel = "NAME",
            description = "The model whose tokenizer and window to use (default: the one the trace names, else gpt-4o).")
    private String model;

    @Option(names = "--context-limit", paramLabel = "TOKENS", description = "The context window, overriding the model's.")
    private Integer contextLimit;

    @Mixin
    private ModelsOption models;

    /**
     * The profiles to choose from; empty after saying on {@code err} why the options can't be used (a context limit
     * that is no positive number, a bad profiles file).
     */
    Optional<ModelProfiles> profiles(PrintWriter err, String command) {
        if (contextLimit != null && contextLimit <= 0) {
            err.println(TerminalText.line(command + ": --context-limit must be a positive number of tokens"));
            err.flush();
            return Optional.empty();
        }
        return models.read(err, command);
    }

    ModelChoice choose(Trace trace, ModelProfiles profiles) {
        return ModelChoice.of(trace, model, contextLimit, profiles);
    }
}
