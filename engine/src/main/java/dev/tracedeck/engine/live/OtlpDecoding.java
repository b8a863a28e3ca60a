package dev.tracedeck.engine.live;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tracedeck.importers.otlp.OtlpRequestShape;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP export request's body decoded, checked and handed to the sink, and the answer OTLP gives for it: binary
 * protobuf ({@code application/x-protobuf}, by the OpenTelemetry project's generated classes) or OTLP/JSON, either
 * gzip-compressed; a JSON request that leaves the schema is refused whole ({@link OtlpRequestShape}), a span whose ids
 * OTLP does not allow is taken out and counted in the answer's {@code partialSuccess} ({@link SpanIds}).
 */
final class OtlpDecoding {

    static final String PROTOBUF = "application/x-protobuf";
    static final String JSON = "application/json";
    /** google.rpc.Code: what an OTLP error response's Status says. */
    static final int INVALID_ARGUMENT = 3;
    static final int RESOURCE_EXHAUSTED = 8;
    static final int UNIMPLEMENTED = 12;
    static final int UNAVAILABLE = 14;
    static final int PERMISSION_DENIED = 7;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A body that can't be processed: the request is answered 400. */
    static final class BadBody extends Exception {
        BadBody(String message) {
            super(message, null, false, false);
        }
    }

    /** A body over the limit once decompressed: 413. */
    static final class TooLarge extends Exception {
        TooLarge(String message) {
            super(message, null, false, false);
        }
    }

    private OtlpDecoding() {
    }

    /** The body as sent, gunzipped when so encoded, never past {@code maxBody} bytes. */
    static byte[] inflated(byte[] body, boolean gzip, long maxBody) throws BadBody, TooLarge {
        if (!gzip) {
            return body;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[64 * 1024];
            long total = 0;
            int n;
            while ((n = in.read(buffer)) > 0) {
                total += n;
                if (total > maxBody) {
                    throw new TooLarge("the body is more than the limit of " + maxBody + " bytes once decompressed");
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new BadBody("the body is not gzip: " + e.getMessage());
        }
    }

    /** Decodes a trace export request, hands what is kept to {@code sink}, and gives the answer's body. */
    static byte[] traces(String type, byte[] body, OtlpHttpReceiver.Sink sink) throws BadBody, IOException {
        ObjectNode request;
        if (type.equals(PROTOBUF)) {
            try {
                request = OtlpProtoJson.traces(ExportTraceServiceRequest.parseFrom(body));
            } catch (InvalidProtocolBufferException e) {
                throw new BadBody("the body is not an ExportTraceServiceRequest: " + e.getMessage());
            }
        } else {
            request = json(body);
            Optional<String> misfit = OtlpRequestShape.receivableTracesProblem(request);
            if (misfit.isPresent()) {
                throw new BadBody("not an OTLP trace export request: " + misfit.get());
            }
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

    /** Decodes a logs export request, hands it to {@code sink} when it holds records, and gives the answer's body. */
    static byte[] logs(String type, byte[] body, OtlpHttpReceiver.Sink sink) throws BadBody, IOException {
        ObjectNode request;
        if (type.equals(PROTOBUF)) {
            try {
                request = OtlpProtoJson.logs(ExportLogsServiceRequest.parseFrom(body));
            } catch (InvalidProtocolBufferException e) {
                throw new BadBody("the body is not an ExportLogsServiceRequest: " + e.getMessage());
            }
        } else {
            request = json(body);
            Optional<String> misfit = OtlpRequestShape.receivableLogsProblem(request);
            if (misfit.isPresent()) {
                throw new BadBody("not an OTLP logs export request: " + misfit.get());
            }
        }
        int records = 0;
        for (JsonNode rl : OtlpRequestShape.members(request, "resourceLogs", "resource_logs")) {
            for (JsonNode sl : OtlpRequestShape.members(rl, "scopeLogs", "scope_logs")) {
                records += OtlpRequestShape.members(sl, "logRecords", "log_records").size();
            }
        }
        if (records > 0) {
            sink.logs(request, records);
        }
        return type.equals(PROTOBUF) ? ExportLogsServiceResponse.getDefaultInstance().toByteArray()
                : "{}".getBytes(StandardCharsets.UTF_8);
    }

    /** An OTLP/JSON request: a JSON object. */
    private static ObjectNode json(byte[] body) throws BadBody {
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
        return (ObjectNode) node;
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
}
