package dev.tracedeck.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs the command line in-process and captures what it prints. */
record CliRun(int code, String out, String err) {

    static final Path SAMPLES = Path.of("../sample-logs/mycelian");
    static final Path BEFORE = SAMPLES.resolve("before-prebuilt-react.log");
    static final Path AFTER = SAMPLES.resolve("after-tool-only.log");

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
