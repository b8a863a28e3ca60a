package dev.tracedeck.engine.job;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.checks.ChecksAsRead;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A file made into checked events, the one path the commands take from a file to its report: read (the importer its
 * first bytes call for, or the one named), lift the calls the model wrote as text when asked, check — the threads the
 * importer says are read to their end checked beside the import ({@link ChecksAsRead}), the others once the trace is
 * built — and fingerprint the findings. What to do with the result (print it, record it in a workspace, keep it as a
 * baseline) is the caller's.
 *
 * <p>Lifting text calls makes every event anew after the import, so with lifting on nothing is checked while reading:
 * each thread would be checked twice.
 */
public final class TraceJob {

    /** What a job reads: a file, with the importers, telling {@code listener} as it goes. */
    @FunctionalInterface
    public interface Source {
        Trace read(ImportListener listener) throws ImportException;

        /** {@code source} read by the importer its first bytes call for (or the one {@code importers} force). */
        static Source of(Importers importers, ImportSource source) {
            return listener -> importers.read(source, listener);
        }
    }

    /** What a job tells as it goes: the import's progress, then the checks'. */
    public interface Progress extends ImportListener {

        /** {@code checked} of the trace's {@code threads} threads are checked; from the threads that check them. */
        default void checking(int checked, int threads) {
        }
    }

    /**
     * A file read and, when the job checks, checked.
     *
     * @param validation   the rules' verdict, empty for a job that only reads
     * @param fingerprints the verdict's findings' fingerprints, empty with it
     */
    public record Result(Trace trace, Optional<Validation> validation, Optional<Fingerprints> fingerprints) {
    }

    private final TextCallLifting lifting;
    private final Optional<Validator> validator;

    private TraceJob(TextCallLifting lifting, Optional<Validator> validator) {
        this.lifting = lifting;
        this.validator = validator;
    }

    /** A job that reads and lifts, and checks nothing ({@code inspect}, {@code tokens}, {@code cost}). */
    public static TraceJob reading(TextCallLifting lifting) {
        return new TraceJob(lifting, Optional.empty());
    }

    /** A job that reads, lifts and checks with {@code validator} ({@code validate}, {@code baseline write}). */
    public static TraceJob checking(TextCallLifting lifting, Validator validator) {
        return new TraceJob(lifting, Optional.of(validator));
    }

    /** Reads and lifts {@code source}, checking nothing, whatever the job: what the commands that only read need. */
    public Trace read(Source source, ImportListener progress) throws ImportException {
        return lifting.apply(source.read(progress));
    }

    /**
     * Runs the job on {@code source}.
     *
     * @throws ImportException the file can't be read (said in one line naming it and the line)
     * @throws SourceChangedException the file changed while its findings were fingerprinted: nothing of it may be reported
     */
    public Result run(Source source, Progress progress) throws ImportException, SourceChangedException {
        if (validator.isEmpty()) {
            return new Result(lifting.apply(source.read(progress)), Optional.empty(), Optional.empty());
        }
        ExecutorService beside = besideTheImport();
        try {
            ChecksAsRead checks = new ChecksAsRead(validator.get(), beside, checklist -> { });
            try {
                ImportListener listening = lifting == TextCallLifting.OFF ? new CheckingAsRead(progress, checks) : progress;
                Trace trace = lifting.apply(source.read(listening));
                int threads = trace.threads().size();
                AtomicInteger done = new AtomicInteger();
                Validation validation = checks.verdict(trace, checklist -> progress.checking(done.incrementAndGet(), threads));
                return new Result(trace, Optional.of(validation), Optional.of(Fingerprints.of(validation)));
            } finally {
                checks.stop();
            }
        } finally {
            beside.shutdownNow();
        }
    }

    /**
     * Half the cores: the import parses its lines on every core, and on two it leaves much of the second idle. Daemons:
     * a command that fails while reading must still exit.
     */
    private static ExecutorService besideTheImport() {
        AtomicInteger made = new AtomicInteger();
        return Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors() / 2), task -> {
            Thread thread = new Thread(task, "tracedeck-checks-" + made.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The import's listener: the threads read to their end go to the checks, everything else to the progress. */
    private record CheckingAsRead(ImportListener progress, ChecksAsRead checks) implements ImportListener {

        @Override
        public void threadRead(TraceThread thread, String rulesFormat) {
            checks.threadRead(thread, rulesFormat);
        }

        @Override
        public void progress(long bytesRead, long totalBytes) {
            progress.progress(bytesRead, totalBytes);
        }

        @Override
        public void added(Event event) {
            progress.added(event);
        }

        @Override
        public boolean isCancelled() {
            return progress.isCancelled();
        }
    }
}
