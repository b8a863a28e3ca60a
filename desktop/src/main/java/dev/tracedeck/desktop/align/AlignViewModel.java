package dev.tracedeck.desktop.align;

import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.analysis.align.Branch;
import dev.tracedeck.analysis.align.TaskAlignment;
import dev.tracedeck.analysis.compare.TraceComparison;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.engine.align.AlignInputs;
import dev.tracedeck.engine.align.AlignReader;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * File ▸ Align Runs…: runs read from files or a folder and aligned task by task, as {@code tracedeck align} does, the
 * task shown, the branch selected and its runs. Reading, checking and comparing run on the {@link TaskRunner}, never
 * on the window's thread; the traces read are kept, so two runs chosen are compared without reading them again.
 */
public final class AlignViewModel {

    private final Importers importers;
    private final Validator validator;
    private final TaskRunner runner;
    private final ObjectProperty<Alignment> alignment = new SimpleObjectProperty<>();
    private final ObjectProperty<TaskAlignment> task = new SimpleObjectProperty<>();
    private final ObjectProperty<Branch> branch = new SimpleObjectProperty<>();
    private final ObservableList<AlignedRun> branchRuns = FXCollections.observableArrayList();
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final StringProperty status = new SimpleStringProperty("Choose the runs of a task: files, or a folder of them.");
    private Map<String, Trace> traces = Map.of();
    private TaskHandle reading = TaskHandle.DONE;

    public AlignViewModel(Importers importers, Validator validator, TaskRunner runner) {
        this.importers = importers;
        this.validator = validator;
        this.runner = runner;
    }

    /** Reads and aligns {@code inputs} (files, or folders of them) in the background; what was shown stays until then. */
    public void load(List<Path> inputs) {
        reading.cancel();
        busy.set(true);
        status.set("Reading " + CountFormat.count(inputs.size(), "input", "inputs") + "…");
        Map<String, Trace> read = new HashMap<>();
        reading = runner.submit(BackgroundJob.of("align runs", context -> {
            AlignInputs files = AlignInputs.of(inputs);
            if (files.files().isEmpty()) {
                throw new IllegalArgumentException("no trace file in " + inputs);
            }
            ImportListener listener = new ImportListener() {
                @Override
                public boolean isCancelled() {
                    return context.isCancelled();
                }
            };
            Alignment aligned = new AlignReader(importers, validator).read(files.files(), f -> listener,
                    (file, trace) -> read.put(file.toString(), trace));
            return aligned;
        }).onSuccess(aligned -> {
            busy.set(false);
            traces = read;
            alignment.set(aligned);
            status.set(CountFormat.count(aligned.runCount(), "run", "runs") + " of "
                    + CountFormat.count(aligned.tasks().size(), "task", "tasks") + " aligned");
            selectTask(aligned.tasks().isEmpty() ? null : aligned.tasks().get(0));
        }).onFailure(error -> {
            busy.set(false);
            status.set("Could not align the runs: " + error.getMessage());
        }).onCancelled(() -> busy.set(false)));
    }

    /** Shows the alignment already made (a picture, a test). */
    public void show(Alignment aligned) {
        alignment.set(aligned);
        selectTask(aligned.tasks().isEmpty() ? null : aligned.tasks().get(0));
    }

    public void selectTask(TaskAlignment chosen) {
        task.set(chosen);
        selectBranch(chosen == null ? null : chosen.trunk());
    }

    public void selectBranch(Branch chosen) {
        branch.set(chosen);
        branchRuns.setAll(chosen == null ? List.of() : chosen.runs());
    }

    /**
     * Compares two runs, thread against thread, as File ▸ Compare… compares two threads, in the background; hands the
     * comparison to {@code open}.
     */
    public void compare(AlignedRun before, AlignedRun after, Consumer<TraceComparison> open) {
        Trace b = traces.get(before.file());
        Trace a = traces.get(after.file());
        if (b == null || a == null) {
            status.set("The runs' traces are no longer read: align them again.");
            return;
        }
        status.set("Comparing " + before.name() + " with " + after.name() + "…");
        runner.submit(BackgroundJob.of("compare runs", context -> TraceComparison.ofThreads(
                b, validator.validate(b), b.thread(before.thread()).orElseThrow(),
                a, validator.validate(a), a.thread(after.thread()).orElseThrow())).onSuccess(comparison -> {
                    status.set(before.name() + " ↔ " + after.name());
                    open.accept(comparison);
                }).onFailure(error -> status.set("Could not compare the runs: " + error.getMessage())));
    }

    public ReadOnlyObjectProperty<Alignment> alignmentProperty() {
        return alignment;
    }

    public ReadOnlyObjectProperty<TaskAlignment> taskProperty() {
        return task;
    }

    public ReadOnlyObjectProperty<Branch> branchProperty() {
        return branch;
    }

    /** The runs of the selected branch. */
    public ObservableList<AlignedRun> branchRuns() {
        return FXCollections.unmodifiableObservableList(branchRuns);
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status;
    }
}
