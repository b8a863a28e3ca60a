package dev.tracedeck.desktop.tabs;

import dev.tracedeck.desktop.common.TaskHandle;
import java.nio.file.Path;
import java.util.Objects;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * One open file and its {@link TraceViewModel}, one from the moment its tab opens: fed the file's events as they are
 * read (with progress), then the trace read whole, when the document is ready. A file whose import fails or is
 * cancelled is closed, so a document is never in an error state.
 */
public final class TraceDocument {

    private final Path path;
    private final String name;
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(-1);
    private final ReadOnlyObjectWrapper<TraceViewModel> content = new ReadOnlyObjectWrapper<>();
    private TaskHandle importTask = TaskHandle.DONE;
    /** Stops the checks begun as the file was read, until the trace's verdict has taken them over. */
    private Runnable checksAsRead = () -> { };
    private final TraceViewModel model;

    /** @param model shows the file as far as it has been read, from the moment its tab opens, and then whole */
    TraceDocument(Path path, TraceViewModel model) {
        this(path, path.getFileName() == null ? path.toString() : path.getFileName().toString(), model);
    }

    /** @param name what the tab and the status bar call it, when not the file's name (what a receiver writes) */
    TraceDocument(Path path, String name, TraceViewModel model) {
        this.path = Objects.requireNonNull(path);
        this.name = Objects.requireNonNull(name);
        this.model = Objects.requireNonNull(model);
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

    /**
     * The trace's view-model once the file is read whole, null before: the same as {@link #model()}, which shows the
     * file as far as read meanwhile.
     */
    public ReadOnlyObjectProperty<TraceViewModel> contentProperty() {
        return content.getReadOnlyProperty();
    }

    public TraceViewModel getContent() {
        return content.get();
    }

    public boolean isReady() {
        return content.get() != null;
    }

    /** The file's view-model, from the moment its tab opens: as far as the file is read, then whole. */
    public TraceViewModel model() {
        return model;
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

    /** The file is read whole: its {@link #model()} shows the trace. */
    void loaded() {
        importTask = TaskHandle.DONE;
        progress.set(1);
        content.set(model);
    }

    /** Stops the import, and the checks of the threads it read, if they are still running. */
    void cancelImport() {
        importTask.cancel();
        checksAsRead.run();
    }
}
