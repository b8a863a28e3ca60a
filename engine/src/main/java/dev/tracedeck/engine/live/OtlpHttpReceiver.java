package dev.tracedeck.engine.live;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.engine.tasks.TaskExecutor;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * An OTLP/HTTP receiver ({@code POST /v1/traces}, {@code POST /v1/logs}) answering as the OTLP specification says:
 * 200 with an export response (its {@code partialSuccess} counting the spans refused), 400 with a
 * {@code google.rpc.Status} for a body that does not decode or leaves the schema, 413 for one larger than the limit
 * (compressed or not), 415 for a content type or encoding it does not read, 405 for another method, 404 for another
 * path, 403 for a request from a web page or for a host name this machine's loopback does not answer to
 * ({@link CallerCheck}), and 503, to be sent again, when the request can't be kept now (the disk refused it, or
 * the receiver holds all it may). Each accepted request goes to the sink as OTLP/JSON, one request at a time.
 *
 * <p>The server is Jetty's: its connections wait on a selector, so a client that sends its request slowly, or opens
 * a socket and sends nothing, holds no thread, and a sender is never queued behind it. Beside the idle timeout,
 * a request's head and body each have a deadline ({@link ConnectionDeadlines}), the connections are bounded, and so
 * are the bytes held by the bodies being read and kept ({@link BodyReader.Budget}); decoding and keeping run on two
 * threads of their own with a short queue, past which a request is answered 503.
 */
public final class OtlpHttpReceiver implements AutoCloseable {

    /** Where the accepted requests go, as OTLP/JSON; called on the receiver's threads, one call at a time. */
    public interface Sink {
        void traces(ObjectNode request, int spans) throws IOException;

        void logs(ObjectNode request, int records) throws IOException;
    }

    /**
     * How much the receiver gives its clients.
     *
     * @param maxBody        the largest body read, in bytes, before and after decompression
     * @param maxConnections connections open at once; more wait to be accepted
     * @param idleMillis     a connection that sends nothing this long is closed
     * @param headMillis     a request's head must arrive this soon after the connection opened or was last answered
     * @param bodyMillis     a request's body must arrive this soon after its head
     */
    public record Limits(long maxBody, int maxConnections, long idleMillis, long headMillis, long bodyMillis) {

        public static Limits withMaxBody(long maxBody) {
            return new Limits(maxBody, 64, 10_000, 10_000, 30_000);
        }

        /** The bytes bodies being read and kept may hold together: room for a few of the largest. */
        long budget() {
            return Math.max(4 * maxBody, 64L * 1024 * 1024);
        }
    }

    private final Server server;
    private final ServerConnector connector;
    private final ConnectionDeadlines deadlines;
    private final ExecutorService keepers;

    private OtlpHttpReceiver(Server server, ServerConnector connector, ConnectionDeadlines deadlines, ExecutorService keepers) {
        this.server = server;
        this.connector = connector;
        this.deadlines = deadlines;
        this.keepers = keepers;
    }

    /** Listens on {@code address} (port 0: a free one) and hands each accepted request to {@code sink}. */
    public static OtlpHttpReceiver start(InetSocketAddress address, long maxBody, Sink sink) throws IOException {
        return start(address, Limits.withMaxBody(maxBody), sink);
    }

    public static OtlpHttpReceiver start(InetSocketAddress address, Limits limits, Sink sink) throws IOException {
        if (address.isUnresolved()) {
            throw new IOException("unknown host " + address.getHostString());
        }
        QueuedThreadPool threads = new QueuedThreadPool(16, 2, 60_000);
        threads.setName("otlp-http");
        threads.setDaemon(true);
        Server server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(16 * 1024);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(address.getAddress().getHostAddress());
        connector.setPort(address.getPort());
        connector.setIdleTimeout(limits.idleMillis());
        ConnectionDeadlines deadlines = new ConnectionDeadlines(limits.headMillis(), limits.bodyMillis());
        connector.addEventListener(deadlines);
        server.addConnector(connector);
        server.addBean(new NetworkConnectionLimit(limits.maxConnections(), connector));
        ExecutorService keepers = TaskExecutor.shared().boundedLane("otlp-keep", 2, 16);
        server.setHandler(new Exchanges(limits, sink, deadlines, keepers, new CallerCheck(address.getAddress())));
        try {
            server.start();
        } catch (Exception e) {
            deadlines.close();
            keepers.shutdownNow();
            stopQuietly(server);
            // Jetty wraps the bind's own failure; callers tell a port in use by the BindException itself.
            if (e.getCause() instanceof java.net.BindException bind) {
                throw bind;
            }
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
        return new OtlpHttpReceiver(server, connector, deadlines, keepers);
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
    }

    /** Stops taking requests, letting those under way finish for up to a second. */
    @Override
    public void close() {
        server.setStopTimeout(1_000);
        stopQuietly(server);
        keepers.shutdown();
        try {
            keepers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deadlines.close();
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            // Stopping is best effort: the process is ending or the receiver is discarded.
        }
    }

    /** Answers each request: what it may be, then its body read without a thread, then kept on the keepers. */
    private static final class Exchanges extends Handler.Abstract.NonBlocking {

        private final Limits limits;
        private final Sink sink;
        private final ConnectionDeadlines deadlines;
        private final ExecutorService keepers;
        private final CallerCheck callers;
        private final BodyReader.Budget budget;

        Exchanges(Limits limits, Sink sink, ConnectionDeadlines deadlines, ExecutorService keepers, CallerCheck callers) {
            this.limits = limits;
            this.sink = sink;
            this.deadlines = deadlines;
            this.keepers = keepers;
            this.callers = callers;
            this.budget = new BodyReader.Budget(limits.budget());
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            Connection connection = request.getConnectionMetaData().getConnection();
            deadlines.bodyDue(connection);
            Request.addCompletionListener(request, failure -> deadlines.answered(connection));
            String type = mediaType(request.getHeaders().get(HttpHeader.CONTENT_TYPE));
            String replyType = type.equals(OtlpDecoding.PROTOBUF) ? OtlpDecoding.PROTOBUF : OtlpDecoding.JSON;
            var refusal = callers.refusal(request.getHeaders().get(HttpHeader.HOST), request.getHeaders().get(HttpHeader.ORIGIN));
            if (refusal.isPresent()) {
                return refuse(request, response, callback, 403, replyType, OtlpDecoding.status(replyType, OtlpDecoding.PERMISSION_DENIED,
                        refusal.get()));
            }
            String path = request.getHttpURI().getPath();
            boolean traces = "/v1/traces".equals(path);
            if (!traces && !"/v1/logs".equals(path)) {
                return refuse(request, response, callback, 404, OtlpDecoding.JSON, OtlpDecoding.status(OtlpDecoding.JSON, 5,
                        "no such path: " + path + " (OTLP/HTTP takes /v1/traces and /v1/logs)"));
            }
            if (!request.getMethod().equals("POST")) {
                response.getHeaders().put(HttpHeader.ALLOW, "POST");
                return refuse(request, response, callback, 405, replyType, OtlpDecoding.status(replyType, OtlpDecoding.UNIMPLEMENTED,
                        "OTLP/HTTP takes POST"));
            }
            if (!type.equals(OtlpDecoding.PROTOBUF) && !type.equals(OtlpDecoding.JSON)) {
                return refuse(request, response, callback, 415, OtlpDecoding.JSON, OtlpDecoding.status(OtlpDecoding.JSON,
                        OtlpDecoding.UNIMPLEMENTED, "unsupported content type '" + type + "': send " + OtlpDecoding.PROTOBUF
                                + " or " + OtlpDecoding.JSON));
            }
            String encoding = request.getHeaders().get(HttpHeader.CONTENT_ENCODING);
            boolean gzip = encoding != null && encoding.strip().equalsIgnoreCase("gzip");
            if (encoding != null && !gzip && !encoding.strip().equalsIgnoreCase("identity") && !encoding.isBlank()) {
                return refuse(request, response, callback, 415, replyType, OtlpDecoding.status(replyType, OtlpDecoding.UNIMPLEMENTED,
                        "unsupported content encoding '" + encoding.strip() + "': send gzip or none"));
            }
            long length = request.getLength();
            if (length > limits.maxBody()) {
                return refuse(request, response, callback, 413, replyType, OtlpDecoding.status(replyType, OtlpDecoding.RESOURCE_EXHAUSTED,
                        "the body is " + length + " bytes, more than the limit of " + limits.maxBody()));
            }
            BodyReader.read(request, limits.maxBody(), budget, new BodyReader.Outcome() {
                @Override
                public void read(byte[] bytes) {
                    deadlines.answering(connection);
                    keep(traces, type, replyType, gzip, bytes, response, callback);
                }

                @Override
                public void tooLarge(long limit) {
                    response.getHeaders().put(HttpHeader.CONNECTION, "close");
                    answer(response, callback, 413, replyType, OtlpDecoding.status(replyType, OtlpDecoding.RESOURCE_EXHAUSTED,
                            "the body is more than the limit of " + limit + " bytes"));
                }

                @Override
                public void busy() {
                    response.getHeaders().put(HttpHeader.CONNECTION, "close");
                    unavailable(response, callback, replyType, "the receiver holds as many request bodies as it may; send again");
                }

                @Override
                public void failed(Throwable why) {
                    if (why instanceof java.util.concurrent.TimeoutException) {
                        // The body stopped coming: said as HTTP says it, and the connection is not kept.
                        response.getHeaders().put(HttpHeader.CONNECTION, "close");
                        answer(response, callback, 408, replyType, OtlpDecoding.status(replyType, OtlpDecoding.UNAVAILABLE,
                                "the body stopped coming before its end"));
                    } else {
                        callback.failed(why);
                    }
                }
            });
            return true;
        }

        /** Decodes and keeps a read body on a keeper thread, or answers 503 when they have all the work they may. */
        private void keep(boolean traces, String type, String replyType, boolean gzip, byte[] body, Response response,
                          Callback callback) {
            try {
                keepers.execute(() -> {
                    try {
                        byte[] inflated = OtlpDecoding.inflated(body, gzip, limits.maxBody());
                        byte[] reply = traces ? OtlpDecoding.traces(type, inflated, sink) : OtlpDecoding.logs(type, inflated, sink);
                        answer(response, callback, 200, replyType, reply);
                    } catch (OtlpDecoding.BadBody e) {
                        answer(response, callback, 400, replyType, OtlpDecoding.status(replyType, OtlpDecoding.INVALID_ARGUMENT,
                                e.getMessage()));
                    } catch (OtlpDecoding.TooLarge e) {
                        answer(response, callback, 413, replyType, OtlpDecoding.status(replyType,
                                OtlpDecoding.RESOURCE_EXHAUSTED, e.getMessage()));
                    } catch (IOException e) {
                        // Not kept (a full disk): the sender is told to send it again rather than hear it was kept.
                        unavailable(response, callback, replyType, "the request could not be kept: " + e.getMessage());
                    } catch (RuntimeException e) {
                        answer(response, callback, 500, replyType, OtlpDecoding.status(replyType, 13,
                                "the request could not be kept: " + e));
                    } finally {
                        budget.give(body.length);
                    }
                });
            } catch (RejectedExecutionException e) {
                budget.give(body.length);
                unavailable(response, callback, replyType, "the receiver is keeping as many requests as it may; send again");
            }
        }

        /**
         * Answers before the body is read. The body left unread makes the server close the connection after the
         * answer, so the answer says so: a client that kept the connection for its next request would find it gone.
         */
        private static boolean refuse(Request request, Response response, Callback callback, int code, String type,
                                      byte[] body) {
            if (request.getLength() != 0) {
                response.getHeaders().put(HttpHeader.CONNECTION, "close");
            }
            return answer(response, callback, code, type, body);
        }

        private static void unavailable(Response response, Callback callback, String type, String why) {
            response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
            answer(response, callback, 503, type, OtlpDecoding.status(type, OtlpDecoding.UNAVAILABLE, why));
        }

        private static boolean answer(Response response, Callback callback, int code, String type, byte[] body) {
            response.setStatus(code);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
            response.write(true, ByteBuffer.wrap(body), callback);
            return true;
        }

        private static String mediaType(String header) {
            if (header == null) {
                return "";
            }
            int semicolon = header.indexOf(';');
            return (semicolon < 0 ? header : header.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
        }
    }
}
