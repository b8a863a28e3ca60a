package dev.tracedeck.engine.live;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.io.Content;

/**
 * Reads a request's body as its chunks arrive, holding no thread while it waits for them (a client that sends its
 * body slowly costs a connection, never a worker), and bounded twice: by the largest body a request may have, and by
 * the bytes every request being read or kept may hold together ({@link Budget}), so that many clients at once can't
 * make the receiver hold more than that.
 */
final class BodyReader {

    /** The bytes the bodies under way may hold together. */
    static final class Budget {
        private final long limit;
        private final AtomicLong held = new AtomicLong();

        Budget(long limit) {
            this.limit = limit;
        }

        boolean take(long bytes) {
            while (true) {
                long now = held.get();
                if (now + bytes > limit) {
                    return false;
                }
                if (held.compareAndSet(now, now + bytes)) {
                    return true;
                }
            }
        }

        void give(long bytes) {
            held.addAndGet(-bytes);
        }

        long held() {
            return held.get();
        }
    }

    /** What became of a body. */
    interface Outcome {
        /** The whole body, whose {@code bytes.length} bytes are held from the budget until given back. */
        void read(byte[] bytes);

        /** Past the largest body: the request is answered 413. */
        void tooLarge(long limit);

        /** The budget is spent by other requests: the request is answered 503, to be sent again. */
        void busy();

        /** The connection failed or was closed before the body ended. */
        void failed(Throwable why);
    }

    private final Content.Source source;
    private final long max;
    private final Budget budget;
    private final Outcome outcome;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private BodyReader(Content.Source source, long max, Budget budget, Outcome outcome) {
        this.source = source;
        this.max = max;
        this.budget = budget;
        this.outcome = outcome;
    }

    static void read(Content.Source source, long max, Budget budget, Outcome outcome) {
        new BodyReader(source, max, budget, outcome).readOn();
    }

    /** Takes the chunks there are, then asks to be called again when more come. */
    private void readOn() {
        while (true) {
            Content.Chunk chunk = source.read();
            if (chunk == null) {
                source.demand(this::readOn);
                return;
            }
            if (Content.Chunk.isFailure(chunk)) {
                budget.give(bytes.size());
                outcome.failed(chunk.getFailure());
                return;
            }
            ByteBuffer buffer = chunk.getByteBuffer();
            int n = buffer.remaining();
            boolean last = chunk.isLast();
            if (n > 0) {
                if (bytes.size() + (long) n > max) {
                    chunk.release();
                    budget.give(bytes.size());
                    outcome.tooLarge(max);
                    return;
                }
                if (!budget.take(n)) {
                    chunk.release();
                    budget.give(bytes.size());
                    outcome.busy();
                    return;
                }
                byte[] copy = new byte[n];
                buffer.get(copy);
                bytes.write(copy, 0, n);
            }
            chunk.release();
            if (last) {
                outcome.read(bytes.toByteArray());
                return;
            }
        }
    }
}
