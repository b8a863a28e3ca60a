package dev.tracedeck.engine.live;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import dev.tracedeck.engine.tasks.TaskExecutor;
import org.eclipse.jetty.io.Connection;

/**
 * Closes a connection that takes too long to send what it owes: a request's head, from the moment the connection
 * opens or its last answer went out ({@code head}), and a request's body, from the moment its head was read
 * ({@code body}). The server's idle timeout starts again with every byte, so on its own a client sending a byte
 * every few seconds would hold a connection for as long as it likes (nginx's {@code client_header_timeout} and
 * {@code client_body_timeout} close that gap the same way). A sweeper looks twice a second.
 */
final class ConnectionDeadlines implements Connection.Listener, AutoCloseable {

    private final long headNanos;
    private final long bodyNanos;
    private final LongSupplier clock;
    private final Map<Connection, Long> deadlines = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper;

    ConnectionDeadlines(long headMillis, long bodyMillis) {
        this(headMillis, bodyMillis, System::nanoTime);
    }

    ConnectionDeadlines(long headMillis, long bodyMillis, LongSupplier clock) {
        this.headNanos = TimeUnit.MILLISECONDS.toNanos(headMillis);
        this.bodyNanos = TimeUnit.MILLISECONDS.toNanos(bodyMillis);
        this.clock = clock;
        this.sweeper = TaskExecutor.shared().timer("otlp-http-deadlines");
        sweeper.scheduleWithFixedDelay(this::sweep, 500, 500, TimeUnit.MILLISECONDS);
    }

    @Override
    public void onOpened(Connection connection) {
        deadlines.put(connection, clock.getAsLong() + headNanos);
    }

    @Override
    public void onClosed(Connection connection) {
        deadlines.remove(connection);
    }

    /** The head of a request on {@code connection} was read: its body is due within the body's time. */
    void bodyDue(Connection connection) {
        deadlines.computeIfPresent(connection, (c, d) -> clock.getAsLong() + bodyNanos);
    }

    /** The body is read and the request is being answered: nothing is owed until the answer went out. */
    void answering(Connection connection) {
        deadlines.computeIfPresent(connection, (c, d) -> Long.MAX_VALUE);
    }

    /** The answer went out: the next request's head is due within the head's time. */
    void answered(Connection connection) {
        deadlines.computeIfPresent(connection, (c, d) -> clock.getAsLong() + headNanos);
    }

    /** Closes every connection past its deadline; returns how many. */
    int sweep() {
        long now = clock.getAsLong();
        int closed = 0;
        for (Map.Entry<Connection, Long> e : deadlines.entrySet()) {
            if (e.getValue() != Long.MAX_VALUE && now - e.getValue() > 0) {
                deadlines.remove(e.getKey());
                e.getKey().getEndPoint().close();
                closed++;
            }
        }
        return closed;
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
