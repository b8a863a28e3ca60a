package dev.tracedeck.desktop.common;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Consumer;

/**
 * Where unexpected errors end: logged once with their stack trace, and shown as a short notice whose
 * details hold the trace. Installed as the default uncaught-exception handler, so a bug in a handler or a
 * worker never vanishes silently and never shows the user a raw stack trace.
 */
public final class ErrorBoundary implements Thread.UncaughtExceptionHandler {

    private static final System.Logger LOG = System.getLogger("dev.tracedeck.desktop");
    private static final int MAX_MESSAGE = 200;

    private final NoticesViewModel notices;
    private final Consumer<Runnable> uiThread;

    /** @param uiThread runs an action on the thread that owns {@code notices} ({@code Platform::runLater} in the app) */
    public ErrorBoundary(NoticesViewModel notices, Consumer<Runnable> uiThread) {
        this.notices = notices;
        this.uiThread = uiThread;
    }

    @Override
    public void uncaughtException(Thread thread, Throwable error) {
        report("Unexpected error", error);
    }

    /** Logs {@code error} and posts "{@code what}: SomeException: message" with the stack trace as details. */
    public void report(String what, Throwable error) {
        LOG.log(System.Logger.Level.ERROR, what, error);
        Notice notice = new Notice(Notice.Severity.ERROR, what + ": " + describe(error), stackTrace(error));
        uiThread.accept(() -> notices.post(notice));
    }

    /** "NullPointerException: x is null", first line of the message only, cut to a readable length. */
    public static String describe(Throwable error) {
        String message = error.getMessage();
        String name = error.getClass().getSimpleName();
        if (message == null || message.isBlank()) {
            return name;
        }
        String firstLine = message.strip().lines().findFirst().orElse("");
        if (firstLine.length() > MAX_MESSAGE) {
            firstLine = firstLine.substring(0, MAX_MESSAGE - 1) + "…";
        }
        return name + ": " + firstLine;
    }

    static String stackTrace(Throwable error) {
        StringWriter out = new StringWriter();
        error.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
