package dev.tracedeck.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Whether what a command printed reached standard output. A {@link java.io.PrintStream} or {@link PrintWriter}
 * never throws: a full disk or a closed pipe only sets its error flag, so a run whose report was lost would
 * otherwise exit 0 having said nothing.
 */
final class OutputCheck {

    private OutputCheck() {
    }

    /** {@code code}, or {@link ExitCodes#USAGE} after one line on standard error when the output was lost. */
    static int afterRun(CommandLine cli, int code) {
        // checkError flushes first, so output still buffered is written (or fails) here.
        boolean lost = System.out.checkError();
        CommandLine.ParseResult parsed = cli.getParseResult();
        for (CommandLine command : parsed == null ? java.util.List.of(cli) : parsed.asCommandLineList()) {
            lost |= command.getOut().checkError();
        }
        if (!lost) {
            return code;
        }
        PrintWriter err = cli.getErr();
        err.println("tracedeck: cannot write to standard output (a full disk, or a closed pipe or file): the output is lost");
        err.flush();
        return code == ExitCodes.OK || code == ExitCodes.FINDINGS || code == ExitCodes.NOTHING_TO_CHECK ? ExitCodes.USAGE : code;
    }
}
