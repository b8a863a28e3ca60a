package dev.tracedeck.importers.json;

import dev.tracedeck.importers.ParsingThreads;
import dev.tracedeck.importers.text.LineReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/**
 * JSON Lines parsed ahead on other cores, handed out in file order. The lines of a JSON Lines file are independent, and
 * parsing them is most of an import: the caller's thread reads lines and turns parsed ones into events while workers
 * parse the next ones. Lines go to the workers in batches of consecutive lines ({@link #BATCH_LINES} lines or
 * {@link #BATCH_BYTES} bytes, whichever comes first), so that a file of short lines costs one hand-over per batch, not
 * per line, and a file of long lines (a chat file's conversations, 20 KiB each) a few lines per hand-over: smaller
 * batches cost CPU waking workers, larger ones memory at the peak (docs/performance.md, "What makes the reading
 * fast"). At most {@link #BATCHES_AHEAD} batches, and {@link #WINDOW_BYTES} bytes, are in
 * flight. What is in flight when the collector runs outlives its use by a collection (the batch JVM moves every
 * survivor to the old generation), so the window is kept small: a window of 256 lines of a chat file left a third of
 * the heap full of lines already read. The workers are the process's computing pool ({@link ParsingThreads}), at most
 * as many at once as it allows; with none, the lines are parsed on the caller's thread, as they come. The system
 * property {@value #WORKERS_PROPERTY} sets the number of parsing threads (0: none), for benchmarks that compare them
 * in one run.
 */
final class LinePipeline implements Closeable {

    /**
     * A line's bytes, copied out of the reader's buffer, and what is known of it: its number, its offset in the file,
     * and its length when it was too long to hold and {@code bytes} are only its start (-1 otherwise).
     */
    record LineBytes(int number, byte[] bytes, boolean ascii, long position, long cutLength) {

        LineBytes(int number, byte[] bytes, boolean ascii, long position) {
            this(number, bytes, ascii, position, -1);
        }
    }

    /** Parses one line; runs on a worker, so it must not touch shared mutable state. */
    @FunctionalInterface
    interface Parse {
        JsonItem apply(LineBytes line) throws IOException;
    }

    static final String WORKERS_PROPERTY = "tracedeck.jsonWorkers";
    static final int BATCH_LINES = 64;
    static final int BATCH_BYTES = 128 << 10;
    static final int BATCHES_AHEAD = 4;
    static final long WINDOW_BYTES = 64L << 20;

    private final LineReader lines;
    private final Parse parse;
    /** Where batches are parsed, at most the threads asked for at once; null parses on the caller's thread. */
    private final Executor workers;
    private final ArrayDeque<Pending> ahead = new ArrayDeque<>();
    private long aheadBytes;
    private boolean eof;
    private int lastLine;
    /** The batch being handed out, and the next of its items. */
    private Parsed current;
    private int next;

    /** A batch's lines parsed, up to the one whose parse failed ({@code failure}, else null). */
    private record Parsed(List<JsonItem> items, Exception failure) {
    }

    private record Pending(Future<Parsed> parsed, long size) {
    }

    /**
     * On the process's parsing threads: the importers prepare each line's events where it is parsed
     * ({@link JsonImport.Preparer}), which leaves the caller's thread little to do but hand them on.
     */
    LinePipeline(LineReader lines, Parse parse) {
        this(lines, parse, ParsingThreads.executor(), Integer.getInteger(WORKERS_PROPERTY, ParsingThreads.parallelism()));
    }

    /** @param threads how many of {@code pool}'s threads parse at once, besides the caller's; 0 parses on the caller's thread */
    LinePipeline(LineReader lines, Parse parse, Executor pool, int threads) {
        this.lines = lines;
        this.parse = parse;
        this.workers = threads <= 0 ? null : new AtMost(pool, threads);
    }

    /** The next non-blank line, parsed; null after the last. */
    JsonItem next() throws IOException {
        if (workers == null) {
            LineBytes line = read();
            return line == null ? null : parse.apply(line);
        }
        while (current == null || next == current.items().size()) {
            if (current != null && current.failure() != null) {
                Exception failure = current.failure();
                current = null;
                throw rethrown(failure);
            }
            fill();
            Pending head = ahead.poll();
            if (head == null) {
                return null;
            }
            aheadBytes -= head.size();
            current = await(head.parsed());
            next = 0;
        }
        return current.items().get(next++);
    }

    private static Parsed await(Future<Parsed> parsed) throws IOException {
        try {
            return parsed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while parsing JSON Lines");
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        }
    }

    private static IOException rethrown(Throwable failure) {
        if (failure instanceof IOException io) {
            return io;
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        throw new UncheckedIOException(new IOException(failure));
    }

    /** The number of the last line read from the file. */
    int lastLine() {
        return lastLine;
    }

    private void fill() throws IOException {
        while (!eof && ahead.size() < BATCHES_AHEAD && (aheadBytes < WINDOW_BYTES || ahead.isEmpty())) {
            List<LineBytes> batch = new ArrayList<>();
            long size = 0;
            LineBytes line;
            while (batch.size() < BATCH_LINES && size < BATCH_BYTES && (line = read()) != null) {
                batch.add(line);
                size += line.bytes().length;
            }
            if (batch.isEmpty()) {
                return;
            }
            FutureTask<Parsed> parsed = new FutureTask<>(() -> parseAll(batch));
            workers.execute(parsed);
            ahead.add(new Pending(parsed, size));
            aheadBytes += size;
        }
    }

    /** Parses a batch's lines in order; a failure ends the batch, and is handed out after the lines before it. */
    private Parsed parseAll(List<LineBytes> batch) {
        List<JsonItem> items = new ArrayList<>(batch.size());
        for (LineBytes line : batch) {
            try {
                items.add(parse.apply(line));
            } catch (IOException | RuntimeException e) {
                return new Parsed(items, e);
            }
        }
        return new Parsed(items, null);
    }

    /** The next line that is not blank, copied out of the reader's buffer; null at the end. */
    private LineBytes read() throws IOException {
        LineReader.RawLine raw;
        while ((raw = lines.nextRaw()) != null) {
            lastLine = raw.number();
            if (!isBlank(raw)) {
                return new LineBytes(raw.number(), Arrays.copyOfRange(raw.bytes(), raw.offset(), raw.offset() + raw.length()),
                        raw.isAscii(), raw.position(), raw.cutLength());
            }
        }
        eof = true;
        return null;
    }

    private static boolean isBlank(LineReader.RawLine raw) {
        byte[] b = raw.bytes();
        for (int i = raw.offset(); i < raw.offset() + raw.length(); i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        // Batches still in line are dropped; one being parsed is interrupted, and its thread goes back to the pool.
        ahead.forEach(p -> p.parsed().cancel(true));
    }
}
