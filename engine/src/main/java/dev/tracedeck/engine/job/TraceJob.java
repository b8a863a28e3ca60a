package dev.tracedeck.engine.job;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.checks.ChecksAsRead;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A file made into checked events, the one path every front end takes from a file to its findings: read (the
 * importer its first bytes call for, or the one named), lift the calls the model wrote as text when asked, check — the
 * threads the importer says are read to their end checked beside the import ({@link ChecksAsRead}), the others once
 * the trace is built — and fingerprint the findings. A command {@link #run}s it whole; the window {@link #read}s the
 * file first, shows it, and asks the {@link Read} for its verdict when its findings panel is ready for it. What to do
 * with the result (print it, record it in a workspace, keep it as a baseline, show it) is the caller's.
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

    /**
     * What a job tells as it goes: the import's progress and its events one by one, from the importing thread; each
     * thread checked while the file is read; then the checks'. {@link #isCancelled} stops the import.
     */
    public interface Progress extends ImportListener {

        /**
         * Told once, from the importing thread, when a first thread is read to its end: this file's threads are checked
         * as it is read (a log's are not: they are checked once it is).
         */
        default void checkingAsRead() {
        }

        /** A thread's checklist made while the file is still read, from the thread that checked it. */
        default void checkedAsRead(ThreadChecklist checklist) {
        }

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

    /** Whether the threads a file's importer reads to their end are checked while the file is read: not when lifted. */
    public boolean checksAsRead() {
        return validator.isPresent() && lifting == TextCallLifting.OFF;
    }

    /** Reads and lifts {@code source}, checking nothing, whatever the job: what the commands that only read need. */
    public Trace read(Source source, ImportListener progress) throws ImportException {
        return lifting.apply(source.read(progress));
    }

    /**
     * Reads and lifts {@code source}, its threads checked on {@code beside} as the importer reads them to their end;
     * the verdict is the {@link Read}'s to give. A job that checks nothing checks nothing here either.
     *
     * @throws ImportException the file can't be read, or the import was cancelled; the checks begun are stopped
     */
    public Read read(Source source, Progress progress, Executor beside) throws ImportException {
        if (validator.isEmpty()) {
            return new Read(lifting.apply(source.read(progress)), Optional.empty());
        }
        ChecksAsRead checks = new ChecksAsRead(validator.get(), beside, progress::checkedAsRead, progress::checkingAsRead);
        try {
            ImportListener listening = checksAsRead() ? new CheckingAsRead(progress, checks) : progress;
            return new Read(lifting.apply(source.read(listening)), Optional.of(checks));
        } catch (ImportException | RuntimeException | Error e) {
            checks.stop();
            throw e;
        }
    }

    /**
     * Runs the job on {@code source}: reads it, its threads checked beside the import on the process's computing pool
     * ({@link TaskExecutor#compute()}), which the import's parsing shares, and gives
     * the verdict with its fingerprints.
     *
     * @throws ImportException the file can't be read (said in one line naming it and the line)
     * @throws SourceChangedException the file changed while its findings were fingerprinted: nothing of it may be reported
     */
    public Result run(Source source, Progress progress) throws ImportException, SourceChangedException {
        if (validator.isEmpty()) {
            return new Result(read(source, progress, Runnable::run).trace(), Optional.empty(), Optional.empty());
        }
        Read read = read(source, progress, TaskExecutor.shared().compute());
        try {
            int threads = read.trace().threads().size();
            AtomicInteger done = new AtomicInteger();
            Validation validation = read.verdict(checklist -> progress.checking(done.incrementAndGet(), threads));
            return new Result(read.trace(), Optional.of(validation), Optional.of(Fingerprints.of(validation)));
        } finally {
            read.stop();
        }
    }

    /**
     * A file read, with the checks of its threads begun as it was read: the verdict is given when asked for, taking
     * what those checks made. Thread-safe.
     */
    public static final class Read {

        private final Trace trace;
        private final Optional<ChecksAsRead> checks;

        private Read(Trace trace, Optional<ChecksAsRead> checks) {
            this.trace = trace;
            this.checks = checks;
        }

        /** The file's events, lifted when the job lifts. */
        public Trace trace() {
            return trace;
        }

        /**
         * The rules' verdict on the trace, the checks made as it was read taken, the others run on every core.
         *
         * @param checkedThread hears each thread's checklist when it is done, from whichever thread checked it
         * @throws IllegalStateException for a job that checks nothing
         * @throws CancellationException when {@link #stop}ped
         */
        public Validation verdict(Consumer<ThreadChecklist> checkedThread) {
            return checks.orElseThrow(() -> new IllegalStateException("a job that reads checks nothing"))
                    .verdict(trace, checkedThread);
        }

        /**
         * The file is shown whole: the checks begun as it was read go on for the verdict, but tell {@link
         * Progress#checkedAsRead} nothing more, so that what showed them (a tab still loading, holding the whole file
         * as read) can go.
         */
        public void shownWhole() {
            checks.ifPresent(ChecksAsRead::imported);
        }

        /** Starts no more checks: the file was closed before its verdict was asked for, or the verdict is given. */
        public void stop() {
            checks.ifPresent(ChecksAsRead::stop);
        }
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
