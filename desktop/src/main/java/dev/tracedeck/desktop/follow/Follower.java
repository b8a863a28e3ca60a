package dev.tracedeck.desktop.follow;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.Notice;
import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.findings.CheckResult;
import dev.tracedeck.desktop.tabs.LoadedTrace;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.desktop.tabs.TraceDocument;
import dev.tracedeck.desktop.tabs.TraceViewModel;
import dev.tracedeck.engine.live.FollowedFile;
import dev.tracedeck.engine.live.FollowedTrace;
import dev.tracedeck.engine.live.LiveCheck;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Optional;
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
 * on the import runner that reads the lines added and checks again the threads that changed ({@link FollowedTrace},
 * the follower {@code tracedeck watch} follows files with); the document's trace then takes the new reading in place ({@link TraceViewModel#grow}): its
 * rows stay, the new ones come in at their end, what the user selected stays selected. While the user holds a mouse
 * button or has a menu open, the new reading waits. The findings that appeared and those that stopped holding are
 * counted and told as {@code tracedeck watch} tells them.
 *
 * <p>Lives on the FX thread; the reader and the checks run on the runner, one reading at a time.
 */
final class Follower {

    private final TraceDocument document;
    private final OpenFilesViewModel openFiles;
    private final FollowedTrace followed;
    private final Duration interval;
    private final BooleanSupplier userBusy;
    private final Runnable changed;
    private final PauseTransition timer = new PauseTransition();
    private final ReadOnlyIntegerWrapper arrived = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ToldFindings told = new ToldFindings();
    /** The findings the document showed when following began, not new to the user; taken by the first reading. */
    private List<Finding> shownAtStart;
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
    /** How long showing the last reading kept the FX thread. */
    private double showMillis;

    /**
     * A look made on the runner: how the file changed and, when it was read, the trace with what the views need, its
     * checks, how many of its first events are those of {@code base} (the trace shown when the look began), and the
     * findings that appeared and stopped holding; a sentence about the reading to tell once, if any.
     */
    private record Reading(FollowedFile.Change change, LoadedTrace loaded, CheckResult checked, LoadedTrace base, int keep,
                           List<Finding> fresh, List<Finding> resolved, Optional<String> note) {
    }

    /**
     * @param baseline what the document holds now, in events: those past it have arrived since following began
     * @param shown    the findings the document shows now, none while its checks run: not new when read again
     * @param userBusy whether to hold a new reading back for now
     * @param changed  told when {@link #arrived}, {@link #problem} or the findings told changed
     */
    Follower(TraceDocument document, OpenFilesViewModel openFiles, FollowedTrace followed, Duration interval, int baseline,
             List<Finding> shown, BooleanSupplier userBusy, Runnable changed) {
        this.shownAtStart = List.copyOf(shown);
        this.document = document;
        this.openFiles = openFiles;
        this.followed = followed;
        this.interval = interval;
        this.baseline = baseline;
        this.userBusy = userBusy;
        this.changed = changed;
        timer.setOnFinished(e -> tick());
    }

    /** Starts looking at the file, the timeline showing its newest events as {@code tail -f} does. */
    void start() {
        document.getContent().follow();
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

    /** The findings that appeared and stopped holding since following began, as {@code tracedeck watch} tells them. */
    ToldFindings told() {
        return told;
    }

    /** Looks made so far (tests wait for one). */
    int looks() {
        return looks;
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
        LoadedTrace shown = document.getContent().loaded();
        List<Finding> toldAlready = shownAtStart;
        shownAtStart = List.of();
        running = openFiles.importRunner().submit(BackgroundJob.of("follow " + document.name(),
                        context -> read(shown, toldAlready))
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
    private Reading read(LoadedTrace shown, List<Finding> toldAlready) throws Exception {
        LiveCheck check = followed.check();
        check.toldAlready(toldAlready);
        // A file read again from its start has its checks started again here.
        FollowedFile.Change change = followed.change();
        Optional<Trace> read = followed.read(change);
        Optional<String> note = followed.note();
        if (read.isEmpty()) {
            return new Reading(change, null, null, shown, 0, List.of(), List.of(), note);
        }
        Trace trace = read.get();
        List<Finding> fresh = check.update(trace);
        Validation checked = EvidenceRebase.onto(trace, check.validation().orElseThrow());
        LoadedTrace loaded = LoadedTrace.of(trace);
        return new Reading(change, loaded, CheckResult.of(checked), shown, KeptEvents.of(shown, loaded), fresh,
                check.resolved(), note);
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

    private void took(Reading reading) {
        looks++;
        reading.note().ifPresent(note -> openFiles.notices().post(Notice.info(note)));
        switch (reading.change()) {
            case MISSING -> setProblem(document.name() + " is gone; waiting for it to come back");
            case TRUNCATED -> say(document.name() + " was truncated: read again from its start");
            case REPLACED -> say(document.name() + " was replaced by another file (rotated): read from its start");
            case REWRITTEN -> say(document.name() + " was written again in place: read again from its start");
            case NONE, GREW -> { }
        }
        long now = System.nanoTime();
        if (reading.loaded() == null) {
            // Unchanged: a reading cut short is what the file holds after all once it has stayed so a while.
            if (reading.change() == FollowedFile.Change.NONE && held != null && now - heldSince >= FollowedTrace.CUT_SHORT_WAIT_NANOS) {
                show(held);
            }
            return;
        }
        if (reading.change().restarts()) {
            baseline = 0;
            told.forgetUnshown();
        }
        told.found(reading.fresh(), reading.resolved());
        setProblem("");
        lastNotice = "";
        if (!reading.loaded().trace().report().complete()) {
            // Its last record is cut short: most likely still being written (a state dump is many lines, written
            // one by one). It waits for its end, rather than show a finding about a record that is not there yet.
            if (held == null) {
                heldSince = now;
            }
            if (now - heldSince < FollowedTrace.CUT_SHORT_WAIT_NANOS) {
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
        TraceViewModel content = document.getContent();
        // Read against what was shown when the look began; a reading shown since (it waited for the user) changed that.
        int keep = reading.base() == content.loaded() ? reading.keep() : KeptEvents.of(content.loaded(), reading.loaded());
        content.grow(reading.loaded(), keep, reading.checked());
        showMillis = (System.nanoTime() - started) / 1e6;
        arrived.set(Math.max(0, reading.loaded().trace().events().size() - baseline));
        told.shown();
        changed.run();
    }

    private void failed(Throwable error) {
        // The importer's message names the file and the line; it is the whole story. Said once, not at every look.
        String message = error instanceof ImportException ? error.getMessage()
                : document.name() + ": " + ErrorBoundary.describe(error);
        setProblem("can't read it: " + message);
        if (!message.equals(lastNotice)) {
            lastNotice = message;
            openFiles.notices().post(new Notice(Notice.Severity.WARNING, "Following " + message, ""));
        }
    }

    private void say(String text) {
        told.say(text);
        openFiles.notices().post(Notice.info(text));
    }

    private void setProblem(String text) {
        if (!problem.get().equals(text)) {
            problem.set(text);
            changed.run();
        }
    }
}
