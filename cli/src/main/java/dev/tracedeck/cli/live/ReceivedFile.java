package dev.tracedeck.cli.live;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What an OTLP receiver accepted, appended to a file as OTLP/JSON Lines (one export request a line, the collector's
 * {@code file} exporter's shape, which the OTLP importer reads as the trace) and counted; whoever reads the file
 * follows it as it grows. Each line is written whole before the request is answered; a line the disk refuses (full,
 * gone) is taken back off the file, which ends at the last line written whole, and the request is answered as not
 * kept, so that nothing answered as kept is lost and no later line is joined to half of one.
 */
public final class ReceivedFile implements OtlpHttpReceiver.Sink, AutoCloseable {

    private final Path file;
    private final FileChannel out;
    private long length;
    private long requests;
    private long spans;
    private long logRecords;

    /** Writes to {@code file}, replacing what it held. */
    public ReceivedFile(Path file) throws IOException {
        this(file, FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE));
    }

    /** Writes through {@code channel}, open on {@code file} and empty. */
    ReceivedFile(Path file, FileChannel channel) {
        this.file = file;
        this.out = channel;
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
        ByteBuffer line = ByteBuffer.wrap((request.toString() + "\n").getBytes(StandardCharsets.UTF_8));
        int size = line.remaining();
        try {
            while (line.hasRemaining()) {
                out.write(line, length + line.position());
            }
        } catch (IOException e) {
            takeBack();
            throw e;
        }
        length += size;
        requests++;
    }

    /** Cuts what a failed write left after the last whole line; if even that fails, the next write overwrites it. */
    private void takeBack() {
        try {
            out.truncate(length);
        } catch (IOException e) {
            // Lines are written at their offset, so the next one written starts where this one did.
        }
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
        try {
            out.truncate(length);
        } finally {
            out.close();
        }
    }
}
