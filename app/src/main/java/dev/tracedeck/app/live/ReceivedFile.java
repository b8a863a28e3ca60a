package dev.tracedeck.app.live;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What an OTLP receiver accepted, appended to a file as OTLP/JSON Lines (one export request a line, the collector's
 * {@code file} exporter's shape, which the OTLP importer reads as the trace) and counted; whoever reads the file
 * follows it as it grows. Each line is written whole and flushed before the request is answered.
 */
public final class ReceivedFile implements OtlpHttpReceiver.Sink, AutoCloseable {

    private final Path file;
    private final OutputStream out;
    private long length;
    private long requests;
    private long spans;
    private long logRecords;

    /** Writes to {@code file}, replacing what it held. */
    public ReceivedFile(Path file) throws IOException {
        this.file = file;
        this.out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void traces(ObjectNode request, int count) throws IOException {
        append(request);
        spans += count;
    }

    @Override
    public synchronized void logs(ObjectNode request, int count) throws IOException {
        append(request);
        logRecords += count;
    }

    private void append(ObjectNode request) throws IOException {
        byte[] line = (request.toString() + "\n").getBytes(StandardCharsets.UTF_8);
        out.write(line);
        out.flush();
        length += line.length;
        requests++;
    }

    /** The bytes written so far, every line whole: how far a reader may read. */
    public synchronized long length() {
        return length;
    }

    public synchronized long requests() {
        return requests;
    }

    /** "3 requests, 12 spans, 0 log records". */
    public synchronized String received() {
        return count(requests, "request") + ", " + count(spans, "span") + ", " + count(logRecords, "log record");
    }

    private static String count(long n, String what) {
        return String.format("%,d %s%s", n, what, n == 1 ? "" : "s");
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
