package dev.tracedeck.desktop.cli;

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
        return run(Main.commandLine(), args);
    }

    /** The command line with {@code stdin} as the process's standard input (System.in, restored after). */
    static CliRun withStdin(byte[] stdin, String... args) {
        java.io.InputStream before = System.in;
        System.setIn(new java.io.ByteArrayInputStream(stdin));
        try {
            return of(args);
        } finally {
            System.setIn(before);
        }
    }

    /** {@code validate} and {@code baseline write} reading each file with {@code reading} instead of importing it. */
    static CliRun reading(FileChecks.Reading reading, String... args) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                if (type == ValidateCommand.class) {
                    return type.cast(new ValidateCommand(reading));
                }
                if (type == BaselineCommand.Write.class) {
                    return type.cast(new BaselineCommand.Write(reading));
                }
                return CommandLine.defaultFactory().create(type);
            }
        };
        return run(Main.commandLine(factory), args);
    }

    /** The command line printing to {@code out} (a full disk, a closed pipe): {@link #out()} is empty. */
    static CliRun writingTo(java.io.OutputStream out, String... args) {
        CommandLine cli = Main.commandLine();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.UTF_8)));
        cli.setErr(new PrintWriter(err));
        int code = Main.run(cli, args);
        return new CliRun(code, "", err.toString());
    }

    private static CliRun run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = Main.run(cli, args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
