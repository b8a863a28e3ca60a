package dev.tracedeck.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Tracedeck's own failure — out of memory, or a fault in its code — said in one line with {@link ExitCodes#INTERNAL},
 * never as a stack trace that exits 1, the code that means findings. {@code -Dtracedeck.stackTraces=true} (through
 * {@code TRACEDECK_JAVA_OPTS}) prints the stack trace as well, for a bug report.
 */
public final class InternalFailure {

    static final String STACK_TRACES = "tracedeck.stackTraces";

    private InternalFailure() {
    }

    /** Says {@code failure} on {@code err} as {@code command: [file: ]…} and returns {@link ExitCodes#INTERNAL}. */
    public static int report(PrintWriter err, String command, String file, Throwable failure) {
        err.println(command + ": " + (file == null ? "" : file + ": ") + describe(failure));
        if (Boolean.getBoolean(STACK_TRACES)) {
            failure.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.INTERNAL;
    }

    static String describe(Throwable failure) {
        if (failure instanceof OutOfMemoryError) {
            return outOfMemory(Runtime.getRuntime().maxMemory());
        }
        if (failure instanceof StackOverflowError) {
            return "internal error: the input nests too deeply to follow (StackOverflowError); please report it";
        }
        StackTraceElement[] at = failure.getStackTrace();
        String where = at.length == 0 ? "" : " at " + at[0].getClassName() + "." + at[0].getMethodName()
                + "(" + at[0].getFileName() + ":" + at[0].getLineNumber() + ")";
        String message = failure.getMessage() == null ? "" : ": " + failure.getMessage().lines().findFirst().orElse("");
        return "internal error: " + failure.getClass().getName() + message + where + "; please report it (-D"
                + STACK_TRACES + "=true in TRACEDECK_JAVA_OPTS prints the stack trace)";
    }

    /** How to give the JVM more: the launcher appends {@code TRACEDECK_JAVA_OPTS} last, so an -Xmx there wins. */
    static String outOfMemory(long maxHeapBytes) {
        long gib = 1L << 30;
        long suggestion = Math.max(2, (2 * maxHeapBytes + gib - 1) / gib);
        String max = maxHeapBytes < gib ? (maxHeapBytes >> 20) + " MiB"
                : String.format(Locale.ROOT, "%.1f GiB", maxHeapBytes / (double) gib);
        return "ran out of memory (the JVM may use at most " + max + "); give it more, e.g. TRACEDECK_JAVA_OPTS=-Xmx"
                + suggestion + "g ./tracedeck …";
    }
}
