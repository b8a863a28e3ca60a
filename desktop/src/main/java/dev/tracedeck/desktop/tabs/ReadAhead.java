package dev.tracedeck.desktop.tabs;

import dev.tracedeck.engine.job.TraceJob;
import dev.tracedeck.engine.tasks.TaskExecutor;
import dev.tracedeck.importers.ImportCancelledException;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A file whose reading starts before the window exists: JavaFX and the window take about half a second to come up,
 * and a file read meanwhile has its first rows in the window's first frame instead of a second later. What the
 * importer reports waits here until the window's import of that file takes it over ({@link #read}); from
 * then on every report goes straight to that import, in the order the importer made them. Thread-safe.
 *
 * <p>Only the first {@value #HELD_AT_MOST} events are read ahead; then the importer waits to be taken over. A window
 * needs no more for its first frame, and reading on would take the cores the toolkit starts on: on two cores a
 * file read at full speed beside it held the window back by a second.
 */
public final class ReadAhead implements TraceJob.Source {

    /** A few screens of rows: what the window's first frame can show of the file, and then some. */
    public static final int HELD_AT_MOST = 2_000;

    private final Path file;
    private final Object lock = new Object();
    private final CountDownLatch done = new CountDownLatch(1);
    /** What the importer reported before anyone took it: events, and the threads read to their end, in order. */
    private List<Event> waitingEvents = new ArrayList<>();
    private final List<ThreadRead> waitingThreads = new ArrayList<>();
    private long bytesRead;
    private long totalBytes = -1;
    /** The window's import once it has taken the reading over; null before. Set under {@link #lock}. */
    private volatile ImportListener taker;
    private volatile boolean cancelled;
    private Trace trace;
    private Throwable failure;

    private record ThreadRead(TraceThread thread, String rulesFormat) {
    }

    private ReadAhead(Path file) {
        this.file = file.toAbsolutePath().normalize();
    }

    /** Starts reading {@code file} (as named, which is how its events will cite it) on a thread of its own. */
    public static ReadAhead start(Importers importers, Path file) {
        return start(file, TraceJob.Source.of(importers, ImportSource.of(file)));
    }

    /** Starts {@code reading}, which reads {@code file}, on a thread of its own. */
    public static ReadAhead start(Path file, TraceJob.Source reading) {
        ReadAhead ahead = new ReadAhead(file);
        TaskExecutor.shared().start("tracedeck-read-ahead", () -> ahead.run(reading));
        return ahead;
    }

    /** Whether this reads the file at {@code path}. */
    public boolean reads(Path path) {
        return file.equals(path.toAbsolutePath().normalize());
    }

    /**
     * The events read so far and not yet taken, at most {@code max} of them in order; they will not be handed over
     * again. For the window to show before its first frame.
     */
    public List<Event> takeReadSoFar(int max) {
        synchronized (lock) {
            if (waitingEvents.size() <= max) {
                List<Event> taken = waitingEvents;
                waitingEvents = new ArrayList<>();
                lock.notifyAll();
                return taken;
            }
            List<Event> taken = new ArrayList<>(waitingEvents.subList(0, max));
            waitingEvents = new ArrayList<>(waitingEvents.subList(max, waitingEvents.size()));
            lock.notifyAll();
            return taken;
        }
    }

    /**
     * Takes the reading over: hands {@code listener} what was reported and not taken yet, then every later report as
     * it comes, and returns the trace once the file is read. The listener's cancel flag stops the importer from then on.
     *
     * @throws ImportException as reading the file would; {@link ImportCancelledException} when the thread taking it
     *                         over is interrupted (its task cancelled, its runner closed), which stops the reading too
     */
    @Override
    public Trace read(ImportListener listener) throws ImportException {
        synchronized (lock) {
            if (taker != null) {
                throw new IllegalStateException("the reading of " + file + " was taken over already");
            }
            if (totalBytes >= 0) {
                listener.progress(bytesRead, totalBytes);
            }
            waitingEvents.forEach(listener::added);
            waitingThreads.forEach(t -> listener.threadRead(t.thread(), t.rulesFormat()));
            waitingEvents = List.of();
            waitingThreads.clear();
            taker = listener;
            lock.notifyAll();
        }
        try {
            done.await();
        } catch (InterruptedException e) {
            cancel();
            Thread.currentThread().interrupt();
            throw new ImportCancelledException(file.toString());
        }
        if (failure instanceof ImportException e) {
            throw e;
        } else if (failure instanceof RuntimeException e) {
            throw e;
        } else if (failure instanceof Error e) {
            throw e;
        }
        return trace;
    }

    /** Stops the reading when nobody will take it over (the window could not open its file). */
    public void cancel() {
        synchronized (lock) {
            cancelled = true;
            lock.notifyAll();
        }
    }

    private void run(TraceJob.Source reading) {
        try {
            trace = reading.read(new Reported());
        } catch (ImportException | RuntimeException | Error e) {
            failure = e;
        } finally {
            done.countDown();
        }
    }

    /**
     * What the importer tells, kept or handed on. Once the reading is taken over every report goes straight on, without
     * the lock: {@link #taker} is set after what waited was handed over, so nothing read later can overtake it, and the
     * rest of a big file's millions of events pay nothing for having been read ahead.
     */
    private final class Reported implements ImportListener {
        @Override
        public void progress(long read, long total) {
            ImportListener now = taker;
            if (now != null) {
                now.progress(read, total);
                return;
            }
            synchronized (lock) {
                if (taker != null) {
                    taker.progress(read, total);
                } else {
                    bytesRead = read;
                    totalBytes = total;
                }
            }
        }

        @Override
        public void added(Event event) {
            ImportListener now = taker;
            if (now != null) {
                now.added(event);
                return;
            }
            synchronized (lock) {
                waitForRoom();
                if (taker != null) {
                    taker.added(event);
                } else {
                    waitingEvents.add(event);
                }
            }
        }

        @Override
        public void threadRead(TraceThread thread, String rulesFormat) {
            ImportListener now = taker;
            if (now != null) {
                now.threadRead(thread, rulesFormat);
                return;
            }
            synchronized (lock) {
                if (taker != null) {
                    taker.threadRead(thread, rulesFormat);
                } else {
                    waitingThreads.add(new ThreadRead(thread, rulesFormat));
                }
            }
        }

        /** Holds the importer while {@value #HELD_AT_MOST} events wait and nobody has taken the reading over. */
        private void waitForRoom() {
            while (taker == null && !cancelled && waitingEvents.size() >= HELD_AT_MOST) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    cancelled = true;
                }
            }
        }

        @Override
        public boolean isCancelled() {
            ImportListener now = taker;
            return cancelled || now != null && now.isCancelled();
        }
    }
}
