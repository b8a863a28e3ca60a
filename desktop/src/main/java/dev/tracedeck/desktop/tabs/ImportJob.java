package dev.tracedeck.desktop.tabs;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.desktop.common.BackgroundJob;
import dev.tracedeck.desktop.common.Batches;
import dev.tracedeck.desktop.common.TaskContext;
import dev.tracedeck.desktop.timeline.StreamedSignatures;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Reads one file into a {@link LoadedTrace} on a worker thread, handing its events to the window as they are read,
 * to the search signatures made of them meanwhile, and each thread the importer has read to its end to whatever
 * checks it meanwhile, then lifts its text calls when the window was asked to; the task's cancel flag stops the
 * importer.
 */
final class ImportJob implements BackgroundJob.Work<LoadedTrace> {

    private final Importers importers;
    private final TextCallLifting lifting;
    private final Path path;
    private final Batches<Event> arriving;
    private final Optional<StreamedSignatures> signatures;
    private final BiConsumer<TraceThread, String> threadRead;
    private final Optional<ReadAhead> readAhead;

    /**
     * @param signatures when present, takes every event as it is read, and is finished with the trace (see {@link
     *                   StreamedSignatures#finish}) before the job ends
     * @param threadRead hears each thread read to its end and its rules' format (see {@link ImportListener#threadRead})
     * @param readAhead  the file's reading when it started before the window: taken over rather than started again
     */
    ImportJob(Importers importers, TextCallLifting lifting, Path path, Batches<Event> arriving,
              Optional<StreamedSignatures> signatures, BiConsumer<TraceThread, String> threadRead, Optional<ReadAhead> readAhead) {
        this.importers = importers;
        this.lifting = lifting;
        this.path = path;
        this.arriving = arriving;
        this.signatures = signatures;
        this.threadRead = threadRead;
        this.readAhead = readAhead;
    }

    @Override
    public LoadedTrace run(TaskContext context) throws ImportException, InterruptedException {
        ImportListener listener = new ImportListener() {
            @Override
            public void progress(long bytesRead, long totalBytes) {
                context.progress(bytesRead, totalBytes);
                arriving.tick();
            }

            @Override
            public void added(Event event) {
                arriving.add(event);
                if (signatures.isPresent()) {
                    signatures.get().add(event);
                }
            }

            @Override
            public void threadRead(TraceThread thread, String rulesFormat) {
                ImportJob.this.threadRead.accept(thread, rulesFormat);
            }

            @Override
            public boolean isCancelled() {
                return context.isCancelled();
            }
        };
        Trace read = readAhead.isPresent() ? readAhead.get().continueWith(listener)
                : importers.read(ImportSource.of(path), listener);
        LoadedTrace loaded = LoadedTrace.toShow(lifting.apply(read));
        if (signatures.isPresent()) {
            signatures.get().finish(loaded.trace().events(), loaded.llmRounds());
        }
        return loaded;
    }
}
