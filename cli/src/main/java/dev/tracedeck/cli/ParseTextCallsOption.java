package dev.tracedeck.cli;

import dev.tracedeck.analysis.lift.TextCallLifting;
import picocli.CommandLine.Option;

/**
 * {@code --parse-text-calls}, the import option of every command that checks or measures a trace (and of the app):
 * one mixin, so the name and the words stay the same everywhere.
 */
public final class ParseTextCallsOption {

    static final String DESCRIPTION = "Make the tool calls the model wrote as text (confidence >= 0.7, not run by "
            + "anything) structured calls, marked as parsed from text, so the rules and prune strategies see them.";

    @Option(names = "--parse-text-calls", description = DESCRIPTION)
    private boolean enabled;

    /** Whether the option was given. */
    public boolean enabled() {
        return enabled;
    }

    /** What is done to each trace once read: its text calls lifted when the option is given. */
    TextCallLifting lifting() {
        return TextCallLifting.when(enabled);
    }
}
