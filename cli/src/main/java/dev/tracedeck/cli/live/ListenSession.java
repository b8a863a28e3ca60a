package dev.tracedeck.cli.live;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.GrowingFile;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.Importers;
import dev.tracedeck.importers.otlp.OtlpImporter;
import dev.tracedeck.importers.spans.SpanWriter;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What {@code tracedeck listen} received, kept and checked: each accepted export request is appended to a file as a
 * line of OTLP/JSON (the collector's {@code file} exporter's shape, which the OTLP importer reads back as the same
 * trace), and a checker thread, a few times a second while requests come in, reads the lines added since it last did
 * ({@link GrowingFile}) and checks again the threads that changed ({@link LiveCheck}), telling each new finding once
 * and each finding that stopped holding.
 */
public final class ListenSession implements OtlpHttpReceiver.Sink, AutoCloseable {

    private final String name;
    private final ReceivedFile received;
    private final LiveCheck check;
    private final GrowingFile reading;
    private final Consumer<String> findings;
    private final Consumer<String> problems;
    private final long batchMillis;
    private final Thread checker;
    private boolean pending;
    private boolean stopped;
    /** The spans and log records the last check read: what the checklist rests on. */
    private volatile long checkedSpans;
    private volatile long checkedLogRecords;

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
        this.check = new LiveCheck(validator);
        this.reading = new GrowingFile(Importers.standard().forcing(OtlpImporter.FORMAT_ID), file, name);
        this.findings = findings;
        this.problems = problems;
        this.batchMillis = batchMillis;
        this.checker = new Thread(this::checkWhileOpen, "live-check");
        checker.setDaemon(true);
        checker.start();
    }

    @Override
    public synchronized void traces(ObjectNode request, int count) throws IOException {
        received.traces(request, count);
        pending = true;
        notifyAll();
    }

    /**
     * Log records are written with the spans: the OTLP importer reads them as events, joined to their spans, and a
     * model call's GenAI events as its messages, so they are checked as spans are.
     */
    @Override
    public synchronized void logs(ObjectNode request, int count) throws IOException {
        received.logs(request, count);
        pending = true;
        notifyAll();
    }

    /** "3 requests, 12 spans, 0 log records". */
    public String received() {
        return received.received();
    }

    /** "12 spans, 0 log records": what the last check read of the file. */
    public String checked() {
        return String.format("%,d span%s, %,d log record%s", checkedSpans, checkedSpans == 1 ? "" : "s",
                checkedLogRecords, checkedLogRecords == 1 ? "" : "s");
    }

    /** Stops taking requests' checks after a last one of everything received, and closes the file. */
    @Override
    public void close() throws IOException {
        synchronized (this) {
            stopped = true;
            notifyAll();
        }
        try {
            checker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        received.close();
    }

    /** The checklist of everything checked, once a span was received; call after {@link #close()}. */
    public Optional<Validation> validation() {
        return check.validation();
    }

    private void checkWhileOpen() {
        while (true) {
            long length;
            synchronized (this) {
                while (!pending && !stopped) {
                    waitQuietly(0);
                }
                if (!pending) {
                    return;
                }
                pending = false;
                length = received.length();
            }
            boolean putOff = !checkUpTo(length);
            synchronized (this) {
                // Requests arriving meanwhile are checked together, a few times a second at most; a read put off is
                // tried again after that time, even once stopped.
                if (!stopped || putOff) {
                    waitQuietly(batchMillis);
                }
            }
        }
    }

    private void waitQuietly(long millis) {
        try {
            wait(millis);
        } catch (InterruptedException e) {
            stopped = true;
        }
    }

    /** Reads and checks the file up to {@code length}; false when the read was put off ({@link GrowingFile#putOff()}). */
    private boolean checkUpTo(long length) {
        try {
            Optional<Trace> trace = reading.read(length);
            if (trace.isEmpty()) {
                synchronized (this) {
                    pending = true;
                }
                return false;
            }
            checkedSpans = trace.get().report().recordsOf(SpanWriter.SPAN);
            checkedLogRecords = trace.get().report().recordsOf(SpanWriter.LOG);
            List<Finding> fresh = check.update(trace.get());
            check.resolved().forEach(f -> findings.accept(FindingLine.resolved(f)));
            fresh.forEach(f -> findings.accept(FindingLine.of(f)));
        } catch (ImportException e) {
            problems.accept(e.getMessage());
        } catch (RuntimeException e) {
            problems.accept(name + ": checking failed: " + e);
        }
        return true;
    }
}
