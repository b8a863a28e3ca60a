package dev.tracedeck.cli;

import picocli.CommandLine;

/** This module's commands as a program, for tests that start them in a JVM of their own (the MCP server over stdio). */
public final class CliMain {

    private CliMain() {
    }

    public static void main(String[] args) {
        System.exit(CommandLines.run(CliRun.commandLine(CommandLine.defaultFactory()), args));
    }
}
