package dev.tracedeck.desktop.tabs;

import dev.tracedeck.desktop.common.TaskHandle;
import dev.tracedeck.desktop.loading.LoadingViewModel;
import java.nio.file.Path;
import java.util.Objects;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * One open file: importing (with progress) until its trace arrives, then ready with a {@link TraceViewModel}.
 * A file whose import fails or is cancelled is closed, so a document is never in an error state.
 */
public final class TraceDocument {

    private final Path path;
    private final String name;
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(-1);
    private final ReadOnlyObjectWrapper<TraceViewModel> content = new ReadOnlyObjectWrapper<>();
    private TaskHandle importTask = TaskHandle.DONE;
    /** Stops the checks begun as the file was read, until the trace's verdict has taken them over. */
    private Runnable checksAsRead = () -> { };
    private LoadingViewModel loading;

    /** @param loading shows the file as far as it has been read, from the moment its tab opens */
    TraceDocument(Path path, LoadingViewModel loading) {
        this(path, path.getFileName() == null ? path.toString() : path.getFileName().toString(), loading);
    }

    /** @param name what the tab and the status bar call it, when not the file's name (what a receiver writes) */
    TraceDocument(Path path, String name, LoadingViewModel loading) {
        this.path = Objects.requireNonNull(path);
        this.name = Objects.requireNonNull(name);
        this.loading = Objects.requireNonNull(loading);
    }

    public Path path() {
        return path;
    }

    /** The file name, for tabs. */
    public String name() {
        return name;
    }

    /** Fraction of the file read, negative while unknown. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** The trace's view-model once imported, null before. */
    public ReadOnlyObjectProperty<TraceViewModel> contentProperty() {
        return content.getReadOnlyProperty();
    }

    public TraceViewModel getContent() {
        return content.get();
    }

    public boolean isReady() {
        return content.get() != null;
    }

    /** The file as far as it has been read, while it is; null once its trace is ready. */
    public LoadingViewModel loading() {
        return loading;
    }

    void importing(TaskHandle task) {
        importTask = task;
    }

    /** @param stop stops the checks begun as the file was read: closing the file before its verdict stops them */
    void checkingAsRead(Runnable stop) {
        checksAsRead = stop;
    }

    void progressed(double fraction) {
        progress.set(fraction);
    }

    void loaded(TraceViewModel model) {
        importTask = TaskHandle.DONE;
        loading = null;
        progress.set(1);
        content.set(model);
    }

    /** Stops the import, and the checks of the threads it read, if they are still running. */
    void cancelImport() {
        importTask.cancel();
        checksAsRead.run();
    }
}
