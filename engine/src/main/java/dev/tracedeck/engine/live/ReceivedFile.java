package dev.tracedeck.engine.live;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

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
    /** Where each line starts, and (last) where the next will: line {@code n} (from 1) is {@code starts[n-1]} on. */
    private long[] starts = new long[1024];
    /** Lines read back so far: what checking some lines cost. */
    private long readBack;

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
        if (requests + 1 > starts.length) {
            starts = java.util.Arrays.copyOf(starts, starts.length * 2);
        }
        starts[(int) requests] = length;
    }

    /** How many lines were read back by {@link #lines(List)}. */
    public synchronized long readBack() {
        return readBack;
    }

    /** How many lines are written whole. */
    public synchronized int lines() {
        return (int) requests;
    }

    /**
     * Lines {@code numbers} (from 1) as written, without their newlines: read back from the file, which holds every
     * line taken, so that a reader of some lines needs not keep them.
     */
    public List<String> lines(List<Integer> numbers) throws IOException {
        long[][] ranges = new long[numbers.size()][];
        synchronized (this) {
            for (int i = 0; i < ranges.length; i++) {
                int n = numbers.get(i);
                if (n < 1 || n > requests) {
                    throw new IllegalArgumentException("no line " + n + " of " + requests);
                }
                ranges[i] = new long[] {starts[n - 1], starts[n] - 1};
            }
        }
        synchronized (this) {
            readBack += ranges.length;
        }
        List<String> texts = new ArrayList<>(ranges.length);
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            for (long[] range : ranges) {
                ByteBuffer bytes = ByteBuffer.allocate((int) (range[1] - range[0]));
                while (bytes.hasRemaining()) {
                    if (in.read(bytes, range[0] + bytes.position()) < 0) {
                        throw new EOFException(file + " ends before a line written to it does");
                    }
                }
                texts.add(new String(bytes.array(), StandardCharsets.UTF_8));
            }
        }
        return texts;
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
