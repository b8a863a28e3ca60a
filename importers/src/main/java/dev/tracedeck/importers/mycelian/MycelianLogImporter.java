package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.GrowingRead;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.ParsingThreads;
import dev.tracedeck.importers.SourceStream;
import dev.tracedeck.importers.TraceImporter;
import dev.tracedeck.importers.text.LineReader;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Imports the per-question logs of the Mycelian LongMemEval benchmarker: runner, agent, state-debugger and
 * tool lines under any logging prefix, or none. Streams the file line by line; every record becomes an event,
 * including lines it does not understand ("other") and known lines whose fields don't parse ("malformed").
 */
public final class MycelianLogImporter implements TraceImporter {

    public static final String FORMAT_ID = "mycelian-log";

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    /**
     * Sure when the head has several of the benchmarker's records, willing with one, and not at all without:
     * a text file in which no line looks like a Mycelian record is not a Mycelian log, whatever its name. A
     * record here is a known keyword followed by a {@code key=} field, as every line the benchmarker writes
     * has (so "RESULT of the meeting" in someone's notes does not count).
     */
    @Override
    public int confidence(String head) {
        int hits = 0;
        for (String line : head.split("\n", 200)) {
            LinePrefix prefix = LinePrefix.parse(line);
            if (Keywords.looksLikeRecord(line, prefix.messageStart())) {
                hits++;
            }
        }
        return hits >= 2 ? 90 : hits == 1 ? 60 : 0;
    }

    /**
     * Reads the lines on a second thread while this one takes the records into the trace, with two cores or more and
     * a lane to read on ({@link ParsingThreads#readAhead()}); the listener hears everything on this thread either way.
     */
    @Override
    public Trace read(ImportSource source, ImportListener listener) throws ImportException {
        ExecutorService reader = Runtime.getRuntime().availableProcessors() >= 2 ? ParsingThreads.readAhead().orElse(null) : null;
        boolean ahead = reader != null;
        AtomicLong bytes = new AtomicLong();
        SourceStream in = source.open(total -> {
            bytes.set(total);
            if (!ahead) {
                listener.progress(total, source.size());
            }
        });
        LogReading reading = new LogReading(source.name(), listener::added, source.reread());
        try (LineReader lines = new LineReader(in)) {
            if (reader != null) {
                long[] reported = {-1};
                reading.readAhead(lines, listener, source.name(), reader, () -> {
                    if (bytes.get() != reported[0]) {
                        reported[0] = bytes.get();
                        listener.progress(reported[0], source.size());
                    }
                });
            } else {
                reading.readOn(lines, listener, source.name());
            }
            reading.endHere(in.endedEarly().isEmpty(), lines.endedMidLine());
        } catch (IOException e) {
            throw new ImportException(source.name(), reading.lines() + 1L, "read failed: " + e.getMessage(), e);
        } finally {
            if (reader != null) {
                reader.shutdownNow();
            }
        }
        listener.progress(bytes.get(), source.size());
        reading.refuseWithoutRecords(source.name());
        in.endedEarly().ifPresent(reading::cutShort);
        in.trailingBytes().ifPresent(reading::notRead);
        return reading.build(FORMAT_ID, bytes.get(), in.endedEarly().isEmpty());
    }

    /** A log read as the benchmarker writes it: each read takes the lines added since the last. */
    @Override
    public Optional<GrowingRead> growing(String name, Path file, ImportSource head) {
        return Optional.of(new GrowingLog(name, file));
    }
}
