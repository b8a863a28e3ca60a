package dev.tracedeck.engine.live;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.otlp.OtlpImporter;
import dev.tracedeck.importers.otlp.OtlpLines;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.importers.spans.SpanWriter;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What {@code tracedeck listen} received, kept and checked. Each accepted export request is appended to a file as a
 * line of OTLP/JSON (the collector's {@code file} exporter's shape, which the OTLP importer reads back as the same
 * trace), and its spans' traces and conversations sort the line into groups ({@link LineGroups}). A checker thread, a
 * few times a second while requests come in, reads back the lines of each group that grew, checks that group's
 * threads ({@link LiveCheck#updatePart}) and tells each new finding once and each finding that stopped holding: a
 * check costs what the groups that grew hold, not what was received before, and what is held between checks is the
 * lines' numbers, not their text. When checks take long, they are spaced so that they take a third of the time at
 * most, and said to be behind. The checklist at the end reads the whole file, as {@code validate} would.
 */
public final class ListenSession implements OtlpHttpReceiver.Sink, AutoCloseable {

    /** Checks take at most this share of the time: they wait this many times their own duration after them. */
    private static final int CHECK_SPACING = 2;
    /** Findings later than this are said to be behind, once. */
    private static final long BEHIND_NANOS = TimeUnit.SECONDS.toNanos(10);

    private static final System.Logger LOG = System.getLogger(ListenSession.class.getName());

    private final String name;
    private final ReceivedFile received;
    private final Validator validator;
    private final LiveCheck check;
    private final LineGroups groups = new LineGroups();
    private final Consumer<String> findings;
    private final Consumer<String> problems;
    private final long batchMillis;
    private final Future<?> checker;
    private boolean stopped;
    /** When the oldest request not checked yet was kept; 0 when all are checked. */
    private long waitingSince;
    private boolean toldBehind;
    private boolean liveChecksOff;
    private Validation finalValidation;
    private boolean wholeCheckFailed;
    private long checkedSpans;
    private long checkedLogRecords;

    /**
     * @param file        where the requests are written (replaced when it exists)
     * @param name        what findings call it: the file's path, or a word when the file is temporary
     * @param findings    hears each new finding, as a line
     * @param problems    hears what went wrong reading or checking, as a line
     * @param batchMillis the least time between two checks
     */
    public ListenSession(Path file, String name, Validator validator, Consumer<String> findings, Consumer<String> problems,
                         long batchMillis) throws IOException {
        this.name = name;
        this.received = new ReceivedFile(file);
        this.validator = validator;
        this.check = new LiveCheck(validator);
        this.findings = findings;
        this.problems = problems;
        this.batchMillis = batchMillis;
        this.checker = TaskExecutor.shared().start("live-check", this::checkWhileOpen);
    }

    @Override
    public void traces(ObjectNode request, int count) throws IOException {
        List<java.util.Set<String>> keys = OtlpLines.keys(request);
        synchronized (this) {
            received.traces(request, count);
            taken(keys);
        }
    }

    /**
     * Log records are written with the spans: the OTLP importer reads them as events, joined to their spans, and a
     * model call's GenAI events as its messages, so they are checked as spans are.
     */
    @Override
    public void logs(ObjectNode request, int count) throws IOException {
        List<java.util.Set<String>> keys = OtlpLines.keys(request);
        synchronized (this) {
            received.logs(request, count);
            taken(keys);
        }
    }

    private void taken(List<java.util.Set<String>> keys) {
        groups.add(received.lines(), keys);
        if (waitingSince == 0) {
            waitingSince = System.nanoTime();
        }
        notifyAll();
    }

    /** "3 requests, 12 spans, 0 log records". */
    public String received() {
        return received.received();
    }

    /** "12 spans, 0 log records": what the checklist at the end read of the file, once {@link #close()}d. */
    public synchronized String checked() {
        return String.format("%,d span%s, %,d log record%s", checkedSpans, checkedSpans == 1 ? "" : "s",
                checkedLogRecords, checkedLogRecords == 1 ? "" : "s");
    }

    /** Stops the live checks after a last one of everything received, closes the file and checks it whole. */
    @Override
    public void close() throws IOException {
        synchronized (this) {
            stopped = true;
            notifyAll();
        }
        try {
            checker.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // The live checks broke off; the whole file is still checked below, and that verdict is the one said.
            LOG.log(System.Logger.Level.DEBUG, "live checks of " + name + " failed", e.getCause());
        }
        received.close();
        checkWhole();
    }

    /**
     * The checklist of the whole file, once {@link #close()}d, when a span or record was received and it could be
     * checked; when it could not, {@link #problems} was told why.
     */
    public synchronized Optional<Validation> validation() {
        return Optional.ofNullable(finalValidation);
    }

    private void checkWhileOpen() {
        long spacing = 0;
        while (true) {
            List<LineGroups.Group> touched;
            synchronized (this) {
                while (!stopped && (waitingSince == 0 || liveChecksOff)) {
                    waitQuietly(0);
                }
                if (stopped || liveChecksOff) {
                    return;
                }
                touched = groups.takeTouched();
                behind(waitingSince);
                waitingSince = 0;
            }
            long start = System.nanoTime();
            checkGroups(touched);
            long took = System.nanoTime() - start;
            spacing = Math.max(TimeUnit.MILLISECONDS.toNanos(batchMillis), CHECK_SPACING * took);
            synchronized (this) {
                // Requests arriving meanwhile are checked together, a few times a second at most.
                if (!stopped) {
                    waitQuietly(TimeUnit.NANOSECONDS.toMillis(spacing) + 1);
                }
            }
        }
    }

    /** Says once that findings come late, when the oldest request checked now waited long. */
    private void behind(long since) {
        if (!toldBehind && since != 0 && System.nanoTime() - since > BEHIND_NANOS) {
            toldBehind = true;
            problems.accept("checks are " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - since)
                    + " s behind what arrives: findings come late, and the checklist at the end checks the whole file");
        }
    }

    private void checkGroups(List<LineGroups.Group> touched) {
        try {
            for (LineGroups.Group group : touched) {
                List<Integer> lines;
                Set<String> keys;
                Set<String> before;
                synchronized (this) {
                    lines = List.copyOf(group.lines());
                    keys = Set.copyOf(group.keys());
                    before = group.threads();
                }
                List<String> texts = received.lines(lines);
                List<OtlpLines.Line> read = new ArrayList<>(lines.size());
                for (int i = 0; i < lines.size(); i++) {
                    read.add(new OtlpLines.Line(lines.get(i), texts.get(i)));
                }
                Trace part = OtlpLines.read(name, read, keys);
                List<Finding> fresh = check.updatePart(part, before);
                Set<String> threads = new HashSet<>();
                for (TraceThread t : part.threads()) {
                    threads.add(t.id());
                }
                synchronized (this) {
                    group.checked(threads);
                }
                check.resolved().forEach(f -> findings.accept(FindingLine.resolved(f)));
                fresh.forEach(f -> findings.accept(FindingLine.of(f)));
            }
        } catch (IOException e) {
            problems.accept(name + ": reading back what was received failed: " + e.getMessage());
        } catch (OutOfMemoryError e) {
            stopLiveChecks("out of memory");
        } catch (RuntimeException e) {
            problems.accept(name + ": checking failed: " + e);
        }
    }

    /** Live checks stop for good; the checklist at the end still checks the whole file. */
    private void stopLiveChecks(String why) {
        synchronized (this) {
            liveChecksOff = true;
        }
        problems.accept("live checks stopped (" + why + "): nothing more is told as it arrives; the checklist at the end"
                + " checks the whole file");
    }

    /** The whole file read and checked as {@code validate} would, for the checklist at the end. */
    private void checkWhole() {
        if (received.lines() == 0) {
            return;
        }
        try {
            Trace whole = Importers.standard().forcing(OtlpImporter.FORMAT_ID)
                    .read(ImportSource.prefix(name, received.file(), received.length()), ImportListener.NONE);
            Validation validation = validator.validate(whole);
            synchronized (this) {
                checkedSpans = whole.report().recordsOf(SpanWriter.SPAN);
                checkedLogRecords = whole.report().recordsOf(SpanWriter.LOG);
                finalValidation = validation;
            }
        } catch (ImportException e) {
            failedWhole(e.getMessage());
        } catch (OutOfMemoryError e) {
            failedWhole(name + ": the checklist could not be made: out of memory; check the file with tracedeck validate"
                    + " and more memory (TRACEDECK_JAVA_OPTS=-Xmx…)");
        }
    }

    private void failedWhole(String why) {
        synchronized (this) {
            wholeCheckFailed = true;
        }
        problems.accept(why);
    }

    /** True when something was received but the whole file could not be checked (said to {@code problems}). */
    public synchronized boolean checkFailed() {
        return wholeCheckFailed;
    }

    private void waitQuietly(long millis) {
        try {
            wait(millis);
        } catch (InterruptedException e) {
            stopped = true;
        }
    }

    /** How many groups of threads the received lines fall into. */
    synchronized int groups() {
        return groups.size();
    }

    /** How many lines the live checks read back from the file so far. */
    long linesReadBack() {
        return received.readBack();
    }
}
