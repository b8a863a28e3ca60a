package dev.tracedeck.desktop.tabs;

import dev.tracedeck.analysis.textcalls.lift.TextCallLifting;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Batches;
import dev.tracedeck.desktop.common.TaskContext;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.Importers;
import dev.tracedeck.model.event.Event;
import java.nio.file.Path;

/**
 * Reads one file into a {@link LoadedTrace} on a worker thread, handing its events to the window as they are read,
 * then lifts its text calls when the window was asked to; the task's cancel flag stops the importer.
 */
final class ImportJob implements BackgroundJob.Work<LoadedTrace> {

    private final Importers importers;
    private final TextCallLifting lifting;
    private final Path path;
    private final Batches<Event> arriving;

    ImportJob(Importers importers, TextCallLifting lifting, Path path, Batches<Event> arriving) {
        this.importers = importers;
        this.lifting = lifting;
        this.path = path;
        this.arriving = arriving;
    }

    @Override
    public LoadedTrace run(TaskContext context) throws ImportException {
        ImportListener listener = new ImportListener() {
            @Override
            public void progress(long bytesRead, long totalBytes) {
                context.progress(bytesRead, totalBytes);
                arriving.tick();
            }

            @Override
            public void added(Event event) {
                arriving.add(event);
            }

            @Override
            public boolean isCancelled() {
                return context.isCancelled();
            }
        };
        return LoadedTrace.of(lifting.apply(importers.read(ImportSource.of(path), listener)));
    }
}
