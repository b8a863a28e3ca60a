package dev.tracedeck.desktop.window;

import dev.tracedeck.engine.tasks.TaskExecutor;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import javafx.application.Application;

/**
 * JavaFX's toolkit started while the command line is still being parsed. Both are cold code on the window's first
 * start (picocli's model by reflection, which the class-data archive can't hold: its classes are of a Java too old
 * for it; the toolkit and its native glass): one after the other they would both come before the first frame. Begun
 * only for a command line that can only open the window: the window's {@code start} then waits for the parsed options
 * ({@link #options()}), and a command line the parse refuses ends the process before any window is shown.
 */
final class ToolkitHeadStart {

    private static final CompletableFuture<LaunchOptions> OPTIONS = new CompletableFuture<>();
    private static volatile Future<?> launcher;
    /** What {@link Application#launch} threw on the launcher thread, if it did. */
    private static volatile Throwable failure;

    private ToolkitHeadStart() {
    }

    /** Starts the toolkit and the application on a thread of their own; a no-op where no window can open. */
    static synchronized void begin() {
        if (launcher != null || DesktopCheck.problem().isPresent()) {
            return; // the problem is said once the command line is parsed, as without a head start
        }
        launcher = TaskExecutor.shared().start("tracedeck-window-launcher", () -> {
            try {
                Application.launch(TracedeckApplication.class);
            } catch (RuntimeException | LinkageError e) {
                failure = e;
            }
        });
    }

    static boolean begun() {
        return launcher != null;
    }

    /**
     * Hands {@code options} to the window started ahead and waits until it closes.
     *
     * @return what {@link Application#launch} threw, or empty once the window has closed
     */
    static Optional<Throwable> openAndWait(LaunchOptions options) throws InterruptedException {
        OPTIONS.complete(options);
        try {
            launcher.get();
        } catch (ExecutionException e) {
            failure = e.getCause();
        }
        return Optional.ofNullable(failure);
    }

    /** For the window's {@code start}: the options the command line was parsed to, once it is. */
    static LaunchOptions options() {
        try {
            return OPTIONS.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the command line", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the command line was not parsed", e.getCause());
        }
    }
}
