package dev.tracedeck.cli;

import picocli.CommandLine.Option;

/**
 * {@code --no-workspace} in the commands that record nothing in a workspace and read nothing from one (convert, listen,
 * watch): every command takes it, so that a script can pass it to any, and their help says there is nothing to leave
 * out.
 */
public final class NoWorkspaceOption {

    @Option(names = "--no-workspace", description = "Taken by every command; this one records nothing in a workspace "
            + "and reads nothing from one.")
    private boolean given;
}
