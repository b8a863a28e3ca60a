package dev.tracedeck.cli.live;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * An OTLP/HTTP receiver ({@code POST /v1/traces}, {@code POST /v1/logs}) on the JDK's HTTP server, answering as the
 * OTLP specification says: 200 with an export response (its {@code partialSuccess} counting the spans refused), 400
 * with a {@code google.rpc.Status} for a body that does not decode, 413 for one larger than the limit (compressed or
 * not), 415 for a content type or encoding it does not read, 405 for another method, 404 for another path. Bodies
 * are binary protobuf ({@code application/x-protobuf}, decoded by the OpenTelemetry project's generated classes) or
 * OTLP/JSON ({@code application/json}), either of them gzip-compressed. Each accepted request goes to the sink as
 * OTLP/JSON, one request at a time.
 */
public final class OtlpHttpReceiver implements AutoCloseable {

    /** Where the accepted requests go, as OTLP/JSON; called on the server's threads, one call at a time. */
    public interface Sink {
        void traces(ObjectNode request, int spans) throws IOException;

        void logs(ObjectNode request, int records) throws IOException;
    }

    static final String PROTOBUF = "application/x-protobuf";
    static final String JSON = "application/json";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** google.rpc.Code: what an OTLP error response's Status says. */
    private static final int INVALID_ARGUMENT = 3;
    private static final int RESOURCE_EXHAUSTED = 8;
    private static final int UNIMPLEMENTED = 12;

    private final HttpServer server;
    private final ExecutorService workers;
    private final long maxBody;
    private final Sink sink;

    private OtlpHttpReceiver(HttpServer server, ExecutorService workers, long maxBody, Sink sink) {
        this.server = server;
        this.workers = workers;
        this.maxBody = maxBody;
        this.sink = sink;
    }

    /**
     * Listens on {@code address} (port 0: a free one) and hands each accepted request to {@code sink}.
     *
     * @param maxBody the largest body read, in bytes, before and after decompression
     */
    public static OtlpHttpReceiver start(InetSocketAddress address, long maxBody, Sink sink) throws IOException {
        HttpServer server = HttpServer.create(address, 0);
        // Two workers: a body is held whole while it is decoded, so the memory is at most two bodies.
        ExecutorService workers = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "otlp-http");
            t.setDaemon(true);
            return t;
        });
        OtlpHttpReceiver receiver = new OtlpHttpReceiver(server, workers, maxBody, sink);
        server.createContext("/", receiver::handle);
        server.setExecutor(workers);
        server.start();
        return receiver;
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** Stops taking requests, letting those under way finish for up to a second. */
    @Override
    public void close() {
        server.stop(1);
        workers.shutdown();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            boolean traces = path.equals("/v1/traces");
            if (!traces && !path.equals("/v1/logs")) {
                answer(exchange, 404, JSON, status(JSON, 5, "no such path: " + path + " (OTLP/HTTP takes /v1/traces and /v1/logs)"));
                return;
            }
            String type = mediaType(exchange.getRequestHeaders().getFirst("Content-Type"));
            String replyType = type.equals(PROTOBUF) ? PROTOBUF : JSON;
            if (!exchange.getRequestMethod().equals("POST")) {
                exchange.getResponseHeaders().set("Allow", "POST");
                answer(exchange, 405, replyType, status(replyType, UNIMPLEMENTED, "OTLP/HTTP takes POST"));
                return;
            }
            if (!type.equals(PROTOBUF) && !type.equals(JSON)) {
                answer(exchange, 415, JSON, status(JSON, UNIMPLEMENTED, "unsupported content type '" + type
                        + "': send " + PROTOBUF + " or " + JSON));
                return;
            }
            String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
            boolean gzip = encoding != null && encoding.strip().equalsIgnoreCase("gzip");
            if (encoding != null && !gzip && !encoding.strip().equalsIgnoreCase("identity") && !encoding.isBlank()) {
                answer(exchange, 415, replyType, status(replyType, UNIMPLEMENTED, "unsupported content encoding '"
                        + encoding.strip() + "': send gzip or none"));
                return;
            }
            byte[] body;
            try {
                body = body(exchange, gzip);
            } catch (TooLarge e) {
                answer(exchange, 413, replyType, status(replyType, RESOURCE_EXHAUSTED, e.getMessage()));
                return;
            } catch (ZipException e) {
                answer(exchange, 400, replyType, status(replyType, INVALID_ARGUMENT, "the body is not gzip: " + e.getMessage()));
                return;
            }
            try {
                byte[] reply = traces ? traces(type, body) : logs(type, body);
                answer(exchange, 200, replyType, reply);
            } catch (BadBody e) {
                answer(exchange, 400, replyType, status(replyType, INVALID_ARGUMENT, e.getMessage()));
            } catch (IOException e) {
                // Not kept (a full disk): a server error, which the sender logs; accepting it would lose it unsaid.
                answer(exchange, 500, replyType, status(replyType, 13, "the request could not be kept: " + e.getMessage()));
            }
        }
    }

    private byte[] traces(String type, byte[] body) throws BadBody, IOException {
        ObjectNode request;
        if (type.equals(PROTOBUF)) {
            try {
                request = OtlpProtoJson.traces(ExportTraceServiceRequest.parseFrom(body));
            } catch (InvalidProtocolBufferException e) {
                throw new BadBody("the body is not an ExportTraceServiceRequest: " + e.getMessage());
            }
        } else {
            request = json(body, "resourceSpans");
        }
        SpanIds.Checked checked = SpanIds.check(request);
        if (checked.accepted() > 0) {
            sink.traces(request, checked.accepted());
        }
        if (type.equals(PROTOBUF)) {
            ExportTraceServiceResponse.Builder response = ExportTraceServiceResponse.newBuilder();
            if (checked.rejected() > 0) {
                response.setPartialSuccess(ExportTracePartialSuccess.newBuilder().setRejectedSpans(checked.rejected())
                        .setErrorMessage(checked.reason()));
            }
            return response.build().toByteArray();
        }
        ObjectNode response = MAPPER.createObjectNode();
        if (checked.rejected() > 0) {
            ObjectNode partial = response.putObject("partialSuccess");
            partial.put("rejectedSpans", Long.toString(checked.rejected()));
            partial.put("errorMessage", checked.reason());
        }
        return response.toString().getBytes(StandardCharsets.UTF_8);
    }

    private byte[] logs(String type, byte[] body) throws BadBody, IOException {
        ObjectNode request;
        if (type.equals(PROTOBUF)) {
            try {
                request = OtlpProtoJson.logs(ExportLogsServiceRequest.parseFrom(body));
            } catch (InvalidProtocolBufferException e) {
                throw new BadBody("the body is not an ExportLogsServiceRequest: " + e.getMessage());
            }
        } else {
            request = json(body, "resourceLogs");
        }
        int records = 0;
        for (JsonNode rl : request.path("resourceLogs")) {
            for (JsonNode sl : rl.path("scopeLogs")) {
                records += sl.path("logRecords").size();
            }
        }
        if (records > 0) {
            sink.logs(request, records);
        }
        return type.equals(PROTOBUF) ? ExportLogsServiceResponse.getDefaultInstance().toByteArray()
                : "{}".getBytes(StandardCharsets.UTF_8);
    }

    /** An OTLP/JSON request: an object whose {@code list} member, when there, is an array. */
    private static ObjectNode json(byte[] body, String list) throws BadBody {
        JsonNode node;
        try {
            node = MAPPER.readTree(body);
        } catch (JacksonException e) {
            throw new BadBody("the body is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadBody("the body can't be read: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            throw new BadBody("the body is not an OTLP/JSON export request (a JSON object)");
        }
        if (node.has(list) && !node.get(list).isArray()) {
            throw new BadBody(list + " is not an array");
        }
        return (ObjectNode) node;
    }

    /** The body, gunzipped when so encoded; past {@link #maxBody} bytes either way, {@link TooLarge}. */
    private byte[] body(HttpExchange exchange, boolean gzip) throws IOException, TooLarge {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.strip()) > maxBody) {
                    throw new TooLarge("the body is " + length.strip() + " bytes, more than the limit of " + maxBody);
                }
            } catch (NumberFormatException e) {
                // The server itself refuses a malformed length; a body without one is bounded below.
            }
        }
        InputStream raw = exchange.getRequestBody();
        byte[] stored = bounded(raw, "the body is more than the limit of " + maxBody + " bytes");
        if (!gzip) {
            return stored;
        }
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(stored))) {
            return bounded(in, "the body is more than the limit of " + maxBody + " bytes once decompressed");
        }
    }

    private byte[] bounded(InputStream in, String tooLarge) throws IOException, TooLarge {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            total += n;
            if (total > maxBody) {
                throw new TooLarge(tooLarge);
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    /** A {@code google.rpc.Status} with {@code code} and {@code message}, in the request's encoding. */
    static byte[] status(String type, int code, String message) {
        if (type.equals(JSON)) {
            ObjectNode status = MAPPER.createObjectNode();
            status.put("code", code);
            status.put("message", message);
            return status.toString().getBytes(StandardCharsets.UTF_8);
        }
        // google.rpc.Status is not among the OTLP classes; its first two fields are all an error response needs.
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            out.writeInt32(1, code);
            out.writeString(2, message);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory", e);
        }
    }

    private static void answer(HttpExchange exchange, int code, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static String mediaType(String header) {
        if (header == null) {
            return "";
        }
        int semicolon = header.indexOf(';');
        return (semicolon < 0 ? header : header.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    private static final class BadBody extends Exception {
        BadBody(String message) {
            super(message);
        }
    }

    private static final class TooLarge extends Exception {
        TooLarge(String message) {
            super(message);
        }
    }
}
