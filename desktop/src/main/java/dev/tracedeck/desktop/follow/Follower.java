package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.cli.live.FollowedFile;
import dev.tracedeck.cli.live.LiveCheck;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.TaskContext;
import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.findings.CheckResult;
import dev.tracedeck.desktop.tabs.LoadedTrace;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.model.trace.Trace;
import java.util.function.BooleanSupplier;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.util.Duration;

/**
 * Keeps one open document up with its file as the file grows: a look at the file every {@code interval} (never more
 * often, nor sooner after a reading than the reading, or twice showing it, took), and when the file changed, a reading
 * on the import runner that also checks again the threads that changed ({@link LiveCheck}); the document then shows
 * the new reading in place of the old, with what the user looked at carried over ({@link ViewState}). While the user
 * is in the middle of something (a menu open, a mouse button down, a note being typed) the new reading waits.
 *
 * <p>Lives on the FX thread; the reader and the checks run on the runner, one reading at a time.
 */
final class Follower {

    /** How long a reading whose last record is cut short waits for the rest of it before it is shown as it is. */
    static final long CUT_SHORT_WAIT_NANOS = 2_000_000_000L;

    private final TraceDocument document;
    private final OpenFilesViewModel workspace;
    private final LiveReader reader;
    private final LiveCheck check;
    private final Duration interval;
    private final BooleanSupplier userBusy;
    private final Runnable changed;
    private final PauseTransition timer = new PauseTransition();
    private final ReadOnlyIntegerWrapper arrived = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private int baseline;
    private TaskHandle running = TaskHandle.DONE;
    private boolean looking;
    private boolean stopped;
    private Reading waiting;
    /** A reading whose last record was cut short, held back since {@link #heldSince} for the rest of it. */
    private Reading held;
    private long heldSince;
    private int looks;
    private String lastNotice = "";
    /** How long showing the last reading kept the FX thread: the window is laid out again for each. */
    private double showMillis;

    /** A look made on the runner: how the file changed and, when it did, the trace with what the views need, and its checks. */
    private record Reading(FollowedFile.Change change, LoadedTrace loaded, CheckResult checked) {
    }

    /**
     * @param baseline what the document holds now, in events: those past it have arrived since following began
     * @param userBusy whether to hold a new reading back for now
     * @param changed  told when {@link #arrived} or {@link #problem} changed
     */
    Follower(TraceDocument document, OpenFilesViewModel workspace, LiveReader reader, Duration interval, int baseline,
             BooleanSupplier userBusy, Runnable changed) {
        this.document = document;
        this.workspace = workspace;
        this.reader = reader;
        this.check = new LiveCheck(workspace.validator());
        this.interval = interval;
        this.baseline = baseline;
        this.userBusy = userBusy;
        this.changed = changed;
        timer.setOnFinished(e -> tick());
    }

    void start() {
        tick();
    }

    void stop() {
        stopped = true;
        timer.stop();
        running.cancel();
    }

    TraceDocument document() {
        return document;
    }

    /** Events that arrived since following began (all of them, once the file was truncated or replaced). */
    ReadOnlyIntegerProperty arrivedProperty() {
        return arrived.getReadOnlyProperty();
    }

    /** What keeps the file from being read, "" while nothing does. */
    ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    private void tick() {
        if (stopped) {
            return;
        }
        showWaiting();
        if (!looking) {
            look();
        }
    }

    private void look() {
        looking = true;
        long started = System.nanoTime();
        running = workspace.importRunner().submit(BackgroundJob.of("follow " + document.name(), this::read)
                .onSuccess(reading -> {
                    looking = false;
                    if (!stopped) {
                        took(reading);
                        next(started);
                    }
                })
                .onFailure(error -> {
                    looking = false;
                    if (!stopped) {
                        failed(error);
                        next(started);
                    }
                })
                .onCancelled(() -> looking = false));
    }

    /** On the runner. */
    private Reading read(TaskContext context) throws Exception {
        LiveReader.Look look = reader.look(context);
        if (look.trace().isEmpty()) {
            return new Reading(look.change(), null, null);
        }
        Trace trace = look.trace().get();
        if (look.change() != FollowedFile.Change.GREW) {
            check.restart();
        }
        check.update(trace);
        Validation checked = EvidenceRebase.onto(trace, check.validation().orElseThrow());
        return new Reading(look.change(), LoadedTrace.of(trace), CheckResult.of(checked));
    }

    /**
     * The next look: after the interval; or after as long as this reading took, if longer; or after twice as long as
     * showing the last one kept the window busy, so that a big file leaves the window free two thirds of the time.
     */
    private void next(long started) {
        double tookMillis = (System.nanoTime() - started) / 1e6;
        timer.setDuration(Duration.millis(Math.max(interval.toMillis(), Math.max(tookMillis, 2 * showMillis))));
        timer.playFromStart();
    }

    /** Looks made so far (tests wait for one). */
    int looks() {
        return looks;
    }

    private void took(Reading reading) {
        looks++;
        switch (reading.change()) {
            case MISSING -> setProblem(document.name() + " is gone; waiting for it to come back");
            case TRUNCATED -> say(document.name() + " was truncated: read again from its start");
            case REPLACED -> say(document.name() + " was replaced by another file (rotated): read from its start");
            case NONE, GREW -> { }
        }
        long now = System.nanoTime();
        if (reading.loaded() == null) {
            // Unchanged: a reading cut short is what the file holds after all once it has stayed so a while.
            if (reading.change() == FollowedFile.Change.NONE && held != null && now - heldSince >= CUT_SHORT_WAIT_NANOS) {
                show(held);
            }
            return;
        }
        if (reading.change() == FollowedFile.Change.TRUNCATED || reading.change() == FollowedFile.Change.REPLACED) {
            baseline = 0;
        }
        setProblem("");
        lastNotice = "";
        if (!reading.loaded().trace().report().complete()) {
            // Its last record is cut short: most likely still being written (a state dump is many lines, written
            // one by one). It waits for its end, rather than show a finding about a record that is not there yet.
            if (held == null) {
                heldSince = now;
            }
            if (now - heldSince < CUT_SHORT_WAIT_NANOS) {
                held = reading;
                return;
            }
        }
        show(reading);
    }

    private void show(Reading reading) {
        held = null;
        waiting = reading;
        showWaiting();
    }

    private void showWaiting() {
        if (waiting == null || !document.isReady() || userBusy.getAsBoolean()) {
            return;
        }
        Reading reading = waiting;
        waiting = null;
        long started = System.nanoTime();
        TraceViewModel earlier = document.getContent();
        TraceViewModel next = workspace.newContent(reading.loaded(), earlier.annotations());
        ViewState.of(earlier).applyTo(next, reading.checked());
        document.replaceContent(next);
        earlier.close();
        showMillis = (System.nanoTime() - started) / 1e6;
        arrived.set(Math.max(0, reading.loaded().trace().events().size() - baseline));
        changed.run();
    }

    private void failed(Throwable error) {
        // The importer's message names the file and the line; it is the whole story. Said once, not at every look.
        String message = error instanceof ImportException ? error.getMessage()
                : document.name() + ": " + ErrorBoundary.describe(error);
        setProblem("can't read it: " + message);
        if (!message.equals(lastNotice)) {
            lastNotice = message;
            workspace.notices().post(new Notice(Notice.Severity.WARNING, "Following " + message, ""));
        }
    }

    private void say(String text) {
        workspace.notices().post(Notice.info(text));
    }

    private void setProblem(String text) {
        if (!problem.get().equals(text)) {
            problem.set(text);
            changed.run();
        }
    }
}
