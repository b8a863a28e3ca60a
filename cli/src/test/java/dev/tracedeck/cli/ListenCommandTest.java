package dev.tracedeck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.otlp.OtlpImporter;
import dev.tracedeck.model.trace.Trace;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.ArrayValue;
import io.opentelemetry.proto.common.v1.InstrumentationScope;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.common.v1.KeyValueList;
import io.opentelemetry.proto.logs.v1.LogRecord;
import io.opentelemetry.proto.logs.v1.ResourceLogs;
import io.opentelemetry.proto.logs.v1.ScopeLogs;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code tracedeck listen} on a free loopback port: OTLP/HTTP JSON and protobuf requests (gzip too) are answered as the
 * OTLP specification says, their findings printed once each as they appear, and the file written reopens as the
 * same trace.
 */
class ListenCommandTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String TRACE_1 = "5e0b6c1f8a2d4e7c9b3a1f0e2d4c6b8a";
    private static final String TRACE_2 = "7a1b2c3d4e5f60718293a4b5c6d7e8f9";
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    /** A running listen command and what it printed. */
    private final class Listening implements AutoCloseable {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final CountDownLatch stop = new CountDownLatch(1);
        final Thread thread;
        int code = -1;
        final int port;

        Listening(String... args) throws InterruptedException {
            CommandLine cli = CliRun.commandLine(new CommandLine.IFactory() {
                @Override
                public <K> K create(Class<K> type) throws Exception {
                    return type == ListenCommand.class ? type.cast(new ListenCommand(stop)) : CommandLine.defaultFactory().create(type);
                }
            });
            cli.setOut(new PrintWriter(out));
            cli.setErr(new PrintWriter(err));
            thread = new Thread(() -> code = cli.execute(args));
            thread.start();
            Matcher m = waitFor(err, Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)"));
            port = Integer.parseInt(m.group(1));
        }

        HttpResponse<byte[]> post(String path, String type, byte[] body, boolean gzip) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .header("Content-Type", type).POST(HttpRequest.BodyPublishers.ofByteArray(gzip ? gzip(body) : body));
            if (gzip) {
                request.header("Content-Encoding", "gzip");
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        }

        /** Stops as Ctrl+C does. */
        @Override
        public void close() throws InterruptedException {
            stop.countDown();
            thread.join(20_000);
        }
    }

    @Test
    void jsonAndProtobufRequestsAreCheckedAsTheyArriveAndWrittenAsTheSameTrace() throws Exception {
        Path output = dir.resolve("live.jsonl");
        String printed;
        Listening listen = new Listening("listen", "--port", "0", "--output", output.toString());
        try (listen) {
            // 1. JSON: the first call asks for two tools; its calls wait for the next call's input, so nothing is wrong yet.
            HttpResponse<byte[]> first = listen.post("/v1/traces", "application/json",
                    json(request(chat(TRACE_1, "0000000000000001", 1_000, "c1",
                            List.of(user("refund order 7")),
                            List.of(calls("call_1", "lookup_order", "call_2", "issue_refund"))))), false);
            assertEquals(200, first.statusCode());
            assertEquals("{}", new String(first.body(), StandardCharsets.UTF_8));
            // 2. protobuf, gzip: the next call answers only call_1: orphaned-tool-call.
            HttpResponse<byte[]> second = listen.post("/v1/traces", "application/x-protobuf",
                    request(chat(TRACE_1, "0000000000000002", 2_000, "c1",
                            List.of(user("refund order 7"), calls("call_1", "lookup_order", "call_2", "issue_refund"),
                                    result("call_1", "order 7: 30 EUR")),
                            List.of(text("Refunded.")))).toByteArray(), true);
            assertEquals(200, second.statusCode());
            assertEquals(ExportTraceServiceResponse.getDefaultInstance(), ExportTraceServiceResponse.parseFrom(second.body()));
            waitFor(listen.out, Pattern.compile("orphaned-tool-call"));
            // 3. JSON, gzip, another conversation holding a result no call asked for; and a span without ids, refused.
            Span noIds = chat(TRACE_2, "0000000000000003", 3_000, "c2", List.of(user("hi")), List.of(text("hello")))
                    .toBuilder().setTraceId(ByteString.EMPTY).build();
            HttpResponse<byte[]> third = listen.post("/v1/traces", "application/json; charset=utf-8",
                    json(request(chat(TRACE_2, "0000000000000004", 4_000, "c2",
                            List.of(user("hi"), result("call_Zz9", "stale")), List.of(text("hello"))), noIds)), true);
            assertEquals(200, third.statusCode());
            JsonNode partial = MAPPER.readTree(third.body()).path("partialSuccess");
            assertEquals("1", partial.path("rejectedSpans").asText(), new String(third.body(), StandardCharsets.UTF_8));
            assertTrue(partial.path("errorMessage").asText().contains("traceId"));
            waitFor(listen.out, Pattern.compile("tool-result-without-call"));
            printed = listen.out.toString();
        }
        String[] lines = printed.split("\n");
        assertEquals(1, count(lines, l -> l.contains("orphaned-tool-call") && l.contains("thread c1")), printed);
        assertEquals(1, count(lines, l -> l.contains("tool-result-without-call") && l.contains("thread c2")), printed);
        assertTrue(printed.contains("(" + output + ": line 1)"), "the finding names the line written: " + printed);

        // The checklist on stopping, as validate prints it.
        String all = listen.out.toString();
        assertEquals(0, listen.code);
        assertTrue(listen.err.toString().contains("received 3 requests, 3 spans, 0 log records"), listen.err.toString());
        assertTrue(all.contains("2 errors, 0 warnings"), all);
        assertTrue(all.contains("FAIL  orphaned-tool-call"), all);

        // The file: one OTLP/JSON request per line, which the OTLP importer reads as the trace that was checked.
        assertEquals(3, Files.readAllLines(output).size());
        Trace reopened = new OtlpImporter().read(ImportSource.of(output), ImportListener.NONE);
        assertEquals(List.of("c1", "c2"), reopened.threads().stream().map(t -> t.id()).sorted().toList());
        List<String> reported = new Validator(RuleConfig.DEFAULT).validate(reopened).findings().stream()
                .map(Finding::ruleId).sorted().toList();
        assertEquals(List.of("orphaned-tool-call", "tool-result-without-call"), reported);
    }

    @Test
    void logRecordsAreEventsAndAModelCallsGenAiEventsAreItsMessages() throws Exception {
        Path output = dir.resolve("live.jsonl");
        Listening listen = new Listening("listen", "--port", "0", "--output", output.toString());
        try (listen) {
            // A model call's span without message attributes; its messages come as events, in protobuf.
            assertEquals(200, listen.post("/v1/traces", "application/json",
                    json(request(silentChat(TRACE_1, "0000000000000001", 1_000))), false).statusCode());
            HttpResponse<byte[]> logs = listen.post("/v1/logs", "application/x-protobuf", logs(
                    event(TRACE_1, "0000000000000001", 1_001, "gen_ai.user.message",
                            kvlist(kv("content", string("refund order 7")))),
                    event(TRACE_1, "0000000000000001", 1_400, "gen_ai.choice", kvlist(
                            kv("finish_reason", string("tool_calls")),
                            kv("message", kvlist(kv("tool_calls", array(kvlist(kv("id", string("call_1")),
                                    kv("type", string("function")),
                                    kv("function", kvlist(kv("name", string("lookup_order")),
                                            kv("arguments", string("{}"))))))))))))
                    .toByteArray(), true);
            assertEquals(200, logs.statusCode());
            assertEquals(ExportLogsServiceResponse.getDefaultInstance(), ExportLogsServiceResponse.parseFrom(logs.body()));
            // The next call was sent the call without its result, and answered: the call is orphaned. Its events in JSON.
            assertEquals(200, listen.post("/v1/traces", "application/json",
                    json(request(silentChat(TRACE_1, "0000000000000002", 2_000))), false).statusCode());
            assertEquals(200, listen.post("/v1/logs", "application/json", logsJson(
                    "{\"timeUnixNano\":\"2001000000\",\"eventName\":\"gen_ai.user.message\",\"traceId\":\"" + TRACE_1
                            + "\",\"spanId\":\"0000000000000002\",\"body\":{\"kvlistValue\":{\"values\":[{\"key\":"
                            + "\"content\",\"value\":{\"stringValue\":\"refund order 7\"}}]}}}",
                    "{\"timeUnixNano\":\"2001000000\",\"eventName\":\"gen_ai.assistant.message\",\"traceId\":\"" + TRACE_1
                            + "\",\"spanId\":\"0000000000000002\",\"body\":{\"kvlistValue\":{\"values\":[{\"key\":"
                            + "\"tool_calls\",\"value\":{\"arrayValue\":{\"values\":[{\"kvlistValue\":{\"values\":["
                            + "{\"key\":\"id\",\"value\":{\"stringValue\":\"call_1\"}},{\"key\":\"function\",\"value\":"
                            + "{\"kvlistValue\":{\"values\":[{\"key\":\"name\",\"value\":{\"stringValue\":"
                            + "\"lookup_order\"}}]}}}]}}]}}}]}}}",
                    "{\"timeUnixNano\":\"2300000000\",\"eventName\":\"gen_ai.choice\",\"traceId\":\"" + TRACE_1
                            + "\",\"spanId\":\"0000000000000002\",\"body\":{\"kvlistValue\":{\"values\":[{\"key\":"
                            + "\"message\",\"value\":{\"kvlistValue\":{\"values\":[{\"key\":\"content\",\"value\":"
                            + "{\"stringValue\":\"Done.\"}}]}}}]}}}"), false).statusCode());
            waitFor(listen.out, Pattern.compile("orphaned-tool-call"));
        }
        assertTrue(listen.err.toString().contains("received 4 requests, 2 spans, 5 log records"), listen.err.toString());
        assertTrue(listen.out.toString().contains("(" + output + ": line 2)"), "the call is on the events' line: "
                + listen.out);
        Trace reopened = new OtlpImporter().read(ImportSource.of(output), ImportListener.NONE);
        assertEquals(5, reopened.report().recordsOf("log"));
        assertEquals(List.of("orphaned-tool-call"), new Validator(RuleConfig.DEFAULT).validate(reopened).findings().stream()
                .map(Finding::ruleId).toList());
    }

    /** A model call's span with no message attributes, as an instrumentation that emits events writes it. */
    static Span silentChat(String trace, String spanId, long startMillis) {
        return Span.newBuilder().setTraceId(ByteString.fromHex(trace)).setSpanId(ByteString.fromHex(spanId))
                .setName("chat gpt-4o").setKind(Span.SpanKind.SPAN_KIND_CLIENT)
                .setStartTimeUnixNano(startMillis * 1_000_000L).setEndTimeUnixNano((startMillis + 500) * 1_000_000L)
                .addAttributes(attribute("gen_ai.operation.name", "chat"))
                .addAttributes(attribute("gen_ai.request.model", "gpt-4o"))
                .build();
    }

    private static ExportLogsServiceRequest logs(LogRecord... records) {
        return ExportLogsServiceRequest.newBuilder().addResourceLogs(ResourceLogs.newBuilder()
                .setResource(Resource.newBuilder().addAttributes(attribute("service.name", "refund-agent")))
                .addScopeLogs(ScopeLogs.newBuilder()
                        .setScope(InstrumentationScope.newBuilder().setName("opentelemetry.instrumentation.openai_v2"))
                        .addAllLogRecords(List.of(records))))
                .build();
    }

    private static byte[] logsJson(String... records) {
        return ("{\"resourceLogs\":[{\"scopeLogs\":[{\"scope\":{\"name\":\"opentelemetry.instrumentation.openai_v2\"},"
                + "\"logRecords\":[" + String.join(",", records) + "]}]}]}").getBytes(StandardCharsets.UTF_8);
    }

    private static LogRecord event(String trace, String spanId, long millis, String name, AnyValue body) {
        return LogRecord.newBuilder().setTimeUnixNano(millis * 1_000_000L).setEventName(name).setBody(body)
                .setTraceId(ByteString.fromHex(trace)).setSpanId(ByteString.fromHex(spanId))
                .addAttributes(attribute("gen_ai.system", "openai")).build();
    }

    private static AnyValue string(String value) {
        return AnyValue.newBuilder().setStringValue(value).build();
    }

    private static KeyValue kv(String key, AnyValue value) {
        return KeyValue.newBuilder().setKey(key).setValue(value).build();
    }

    private static AnyValue kvlist(KeyValue... values) {
        return AnyValue.newBuilder().setKvlistValue(KeyValueList.newBuilder().addAllValues(List.of(values))).build();
    }

    private static AnyValue array(AnyValue... values) {
        return AnyValue.newBuilder().setArrayValue(ArrayValue.newBuilder().addAllValues(List.of(values))).build();
    }

    @Test
    void badBodiesAreRefusedAsOtlpSays() throws Exception {
        try (Listening listen = new Listening("listen", "--port", "0", "--max-body", "2000")) {
            assertEquals(400, listen.post("/v1/traces", "application/json", "{\"resourceSpans\": [".getBytes(), false).statusCode());
            assertEquals(400, listen.post("/v1/traces", "application/json", "[1, 2]".getBytes(), false).statusCode());
            HttpResponse<byte[]> garbage = listen.post("/v1/traces", "application/x-protobuf", new byte[] {(byte) 0xff, 1, 2}, false);
            assertEquals(400, garbage.statusCode());
            byte[] big = json(request(chat(TRACE_1, "0000000000000001", 1_000, "c1", List.of(user("x".repeat(3000))),
                    List.of(text("ok")))));
            assertEquals(413, listen.post("/v1/traces", "application/json", big, false).statusCode());
            // Compressed, it is small; decompressed, it is past the limit all the same.
            assertTrue(gzip(big).length < 2000);
            assertEquals(413, listen.post("/v1/traces", "application/json", big, true).statusCode());
            assertEquals(415, listen.post("/v1/traces", "text/plain", "{}".getBytes(), false).statusCode());
            assertEquals(404, listen.post("/v1/metricz", "application/json", "{}".getBytes(), false).statusCode());
            HttpRequest notGzip = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + listen.port + "/v1/traces"))
                    .header("Content-Type", "application/json").header("Content-Encoding", "gzip")
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).build();
            assertEquals(400, http.send(notGzip, HttpResponse.BodyHandlers.ofString()).statusCode());
            assertEquals(200, listen.post("/v1/logs", "application/json", "{\"resourceLogs\": []}".getBytes(), false).statusCode());
        }
    }

    @Test
    void itListensOnLoopbackUnlessToldOtherwise() throws Exception {
        try (Listening listen = new Listening("listen", "--port", "0")) {
            assertTrue(listen.err.toString().contains("http://127.0.0.1:"), listen.err.toString());
        }
    }

    @Test
    void anOutputItCantWriteOrAPortThatIsNoneIsAUsageErrorInOneLine() {
        CliRun noFolder = CliRun.of("listen", "--port", "0", "--output", dir.resolve("missing/live.jsonl").toString());
        assertEquals(ExitCodes.USAGE, noFolder.code(), noFolder.err());
        assertEquals(1, noFolder.err().strip().lines().count(), noFolder.err());
        assertTrue(noFolder.err().contains("missing/live.jsonl") && noFolder.err().contains("its folder does not exist"),
                noFolder.err());
        CliRun badPort = CliRun.of("listen", "--port", "70000");
        assertEquals(ExitCodes.USAGE, badPort.code(), badPort.err());
        assertTrue(badPort.err().contains("--port 70000 is not a port"), badPort.err());
        CliRun badHost = CliRun.of("listen", "--port", "0", "--address", "no-such-host.invalid");
        assertEquals(ExitCodes.USAGE, badHost.code(), badHost.err());
        assertEquals(1, badHost.err().strip().lines().count(), badHost.err());
    }

    private static long count(String[] lines, Predicate<String> which) {
        return java.util.Arrays.stream(lines).filter(which).count();
    }

    private static Matcher waitFor(StringWriter text, Pattern pattern) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < deadline) {
            Matcher m = pattern.matcher(text.toString());
            if (m.find()) {
                return m;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("never printed " + pattern + ":\n" + text);
    }

    // --- OTLP requests built with the OpenTelemetry project's classes, as an SDK's exporter builds them.

    static ExportTraceServiceRequest request(Span... spans) {
        return ExportTraceServiceRequest.newBuilder().addResourceSpans(ResourceSpans.newBuilder()
                .setResource(Resource.newBuilder().addAttributes(attribute("service.name", "refund-agent")))
                .addScopeSpans(ScopeSpans.newBuilder()
                        .setScope(InstrumentationScope.newBuilder().setName("opentelemetry.instrumentation.openai_v2"))
                        .addAllSpans(List.of(spans))))
                .build();
    }

    /** The request as OTLP/JSON, written by hand from its fields as the SDKs' JSON exporters do (ids in hex). */
    static byte[] json(ExportTraceServiceRequest request) {
        StringBuilder spans = new StringBuilder();
        for (Span span : request.getResourceSpans(0).getScopeSpans(0).getSpansList()) {
            if (spans.length() > 0) {
                spans.append(',');
            }
            spans.append("{\"traceId\":\"").append(HexFormat.of().formatHex(span.getTraceId().toByteArray()))
                    .append("\",\"spanId\":\"").append(HexFormat.of().formatHex(span.getSpanId().toByteArray()))
                    .append("\",\"name\":").append(quote(span.getName())).append(",\"kind\":3")
                    .append(",\"startTimeUnixNano\":\"").append(span.getStartTimeUnixNano())
                    .append("\",\"endTimeUnixNano\":\"").append(span.getEndTimeUnixNano()).append("\",\"attributes\":[");
            for (int i = 0; i < span.getAttributesCount(); i++) {
                KeyValue kv = span.getAttributes(i);
                spans.append(i == 0 ? "" : ",").append("{\"key\":").append(quote(kv.getKey()))
                        .append(",\"value\":{\"stringValue\":").append(quote(kv.getValue().getStringValue())).append("}}");
            }
            spans.append("]}");
        }
        return ("{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":"
                + "\"refund-agent\"}}]},\"scopeSpans\":[{\"scope\":{\"name\":\"opentelemetry.instrumentation.openai_v2\"},"
                + "\"spans\":[" + spans + "]}]}]}").getBytes(StandardCharsets.UTF_8);
    }

    static String quote(String s) {
        try {
            return MAPPER.writeValueAsString(s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A model call's span with the GenAI semantic conventions' message attributes. */
    static Span chat(String trace, String spanId, long startMillis, String conversation, List<Object> input,
                             List<Object> output) {
        return Span.newBuilder().setTraceId(ByteString.fromHex(trace)).setSpanId(ByteString.fromHex(spanId))
                .setName("chat gpt-4o").setKind(Span.SpanKind.SPAN_KIND_CLIENT)
                .setStartTimeUnixNano(startMillis * 1_000_000L).setEndTimeUnixNano((startMillis + 500) * 1_000_000L)
                .addAttributes(attribute("gen_ai.operation.name", "chat"))
                .addAttributes(attribute("gen_ai.provider.name", "openai"))
                .addAttributes(attribute("gen_ai.request.model", "gpt-4o"))
                .addAttributes(attribute("gen_ai.conversation.id", conversation))
                .addAttributes(attribute("gen_ai.input.messages", quoteAll(input)))
                .addAttributes(attribute("gen_ai.output.messages", quoteAll(output)))
                .build();
    }

    static String quoteAll(List<Object> messages) {
        try {
            return MAPPER.writeValueAsString(messages);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Object user(String text) {
        return java.util.Map.of("role", "user", "parts", List.of(java.util.Map.of("type", "text", "content", text)));
    }

    static Object text(String text) {
        return java.util.Map.of("role", "assistant", "finish_reason", "stop",
                "parts", List.of(java.util.Map.of("type", "text", "content", text)));
    }

    static Object calls(String id1, String name1, String id2, String name2) {
        return java.util.Map.of("role", "assistant", "finish_reason", "tool_calls", "parts", List.of(
                java.util.Map.of("type", "tool_call", "id", id1, "name", name1, "arguments", java.util.Map.of("order", 7)),
                java.util.Map.of("type", "tool_call", "id", id2, "name", name2, "arguments", java.util.Map.of("order", 7))));
    }

    static Object result(String id, String response) {
        return java.util.Map.of("role", "tool", "parts",
                List.of(java.util.Map.of("type", "tool_call_response", "id", id, "response", response)));
    }

    static KeyValue attribute(String key, String value) {
        return KeyValue.newBuilder().setKey(key).setValue(AnyValue.newBuilder().setStringValue(value)).build();
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }
}
