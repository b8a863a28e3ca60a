package dev.tracedeck.engine.freeze;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The request record a call went out with, and the body it holds. Importers write a request's messages, then a
 * {@value ThreadRequest#EVENT} record of what else it held, then the answer: so a call's request is the last such record
 * after the previous call's answer and before its own (after the last answer, for the call the thread ends on).
 *
 * <p>A request body file (OpenAI Chat Completions or Responses, Anthropic Messages) is the body: it is cut out of the
 * file as written there, byte for byte. An SDK recording or a proxy's log keeps the body as JSON inside the exchange,
 * which is written out again compactly, or as the text the recorder kept when it kept text.
 */
final class RecordedRequests {

    /** A record bigger than this is not read back from its file to be cut out; the body is rebuilt instead. */
    static final int MAX_RECORD_BYTES = 64 << 20;

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final JsonFactory FACTORY = MAPPER.getFactory();
    private static final List<String> BODY_KEYS = List.of("body", "json", "content", "body_raw");
    /** The headers a body's meaning depends on, kept from a recording; nothing else is copied (never a key). */
    private static final List<String> KEPT_HEADERS = List.of("anthropic-version", "anthropic-beta");
    private static final Pattern SAFE_HEADER_VALUE = Pattern.compile("[A-Za-z0-9._,=-]{1,200}");

    private RecordedRequests() {
    }

    /** The request record of {@code call} in {@code steps}' thread, if the trace kept one. */
    static Optional<Event> record(CallSteps steps, CallStep call) {
        if (steps.events().isEmpty()) {
            return Optional.empty();
        }
        int after = -1;
        for (CallStep c : steps.calls()) {
            if (c == call) {
                break;
            }
            after = c.answer().map(Event::seq).orElse(after);
        }
        int before = call.answer().map(Event::seq).orElse(Integer.MAX_VALUE);
        Event found = null;
        for (Event e : steps.thread().events()) {
            if (e.seq() >= before) {
                break;
            }
            if (e.seq() > after && e.payload() instanceof Payload.JsonRecord r && r.eventName().equals(ThreadRequest.EVENT)) {
                found = e;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The body {@code record} holds, when its format keeps one whole. */
    static Optional<RecordedBody> body(Trace trace, Event record) {
        return switch (trace.format()) {
            case "sdk-recording" -> fromExchange(record);
            case "openai-chat" -> fromFile(record, Provider.CHAT);
            case "openai-responses" -> fromFile(record, Provider.RESPONSES);
            case "anthropic" -> fromFile(record, Provider.ANTHROPIC);
            default -> Optional.empty();
        };
    }

    /** An SDK recording's or a proxy's exchange: the record's text is its {@code request} object. */
    private static Optional<RecordedBody> fromExchange(Event record) {
        JsonNode request;
        try {
            request = MAPPER.readTree(record.exactText());
        } catch (SourceChangedException | JsonProcessingException e) {
            return Optional.empty();
        }
        Optional<Provider> api = apiOf(request.path("url").asText(""));
        if (api.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        String contentLength = "";
        for (var it = request.path("headers").fields(); it.hasNext(); ) {
            var header = it.next();
            String name = header.getKey().toLowerCase(Locale.ROOT);
            String value = header.getValue().asText("");
            if (name.equals("anthropic-beta")) {
                // OAuth's beta says how the recorder's client signed in, which a request sent with an API key must not claim.
                value = java.util.Arrays.stream(value.split(",")).map(String::strip)
                        .filter(b -> !b.isEmpty() && !b.startsWith("oauth-")).collect(java.util.stream.Collectors.joining(","));
            }
            if (KEPT_HEADERS.contains(name) && !value.isEmpty() && SAFE_HEADER_VALUE.matcher(value).matches()) {
                headers.put(name, value);
            } else if (name.equals("content-length")) {
                contentLength = value;
            }
        }
        for (String key : BODY_KEYS) {
            JsonNode v = request.path(key);
            List<String> notes = new ArrayList<>();
            if (v.isObject()) {
                String text = v.toString();
                int bytes = text.getBytes(StandardCharsets.UTF_8).length;
                notes.add("the recording kept the body as JSON, not as the bytes sent: written compactly, its members in the"
                        + " recorded order (" + bytes + " bytes" + lengthCheck(contentLength, bytes) + ")");
                return Optional.of(new RecordedBody(api.get(), text, false, headers, notes));
            }
            if (v.isTextual() && isObjectText(v.textValue())) {
                notes.add("the recording kept the body's text: these are its bytes as recorded");
                return Optional.of(new RecordedBody(api.get(), v.textValue(), true, headers, notes));
            }
        }
        return Optional.empty();
    }

    private static String lengthCheck(String recorded, int bytes) {
        if (recorded.isEmpty()) {
            return "";
        }
        return recorded.equals(Integer.toString(bytes)) ? ", as many as the recorded content-length"
                : "; the recorded content-length was " + recorded + ", so the client spaced or escaped it otherwise";
    }

    static Optional<Provider> apiOf(String url) {
        String path = url.replaceFirst("[?#].*", "");
        if (path.endsWith("/chat/completions")) {
            return Optional.of(Provider.CHAT);
        }
        if (path.endsWith("/responses")) {
            return Optional.of(Provider.RESPONSES);
        }
        if (path.endsWith("/messages")) {
            return Optional.of(Provider.ANTHROPIC);
        }
        return Optional.empty();
    }

    /** A request body file: the record's lines hold the body, cut out as written when they hold nothing else. */
    private static Optional<RecordedBody> fromFile(Event record, Provider api) {
        String file = record.source().file();
        String text;
        try {
            Optional<String> lines = lines(Path.of(file), record.firstLine(), record.lastLine());
            if (lines.isEmpty()) {
                return Optional.empty();
            }
            text = lines.get();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        int start = 0;
        while (start < text.length() && (Character.isWhitespace(text.charAt(start)) || text.charAt(start) == '['
                || text.charAt(start) == ',')) {
            start++;
        }
        if (start >= text.length() || text.charAt(start) != '{') {
            return Optional.empty();
        }
        JsonNode body;
        int end;
        try (JsonParser parser = FACTORY.createParser(text.substring(start))) {
            parser.setCodec(MAPPER);
            body = parser.readValueAsTree();
            end = start + (int) parser.currentLocation().getCharOffset();
        } catch (IOException e) {
            return Optional.empty();
        }
        String rest = text.substring(end).strip();
        boolean alone = rest.isEmpty() || rest.equals(",") || rest.equals("]") || rest.equals("],") || rest.equals(",]");
        String key = api == Provider.RESPONSES ? "input" : "messages";
        if (body.has(key) && alone) {
            return Optional.of(new RecordedBody(api, text.substring(start, end), true, Map.of(),
                    List.of("the body as the file holds it, byte for byte (line " + record.firstLine()
                            + (record.lastLine() > record.firstLine() ? "–" + record.lastLine() : "") + ")")));
        }
        for (String holder : List.of("params", "body", "request")) {
            JsonNode inner = body.path(holder);
            if (inner.isObject() && inner.has(key)) {
                return Optional.of(new RecordedBody(api, inner.toString(), false, Map.of(),
                        List.of("the body is the record's " + holder + " member (line " + record.firstLine()
                                + "), written compactly, its members in the recorded order")));
            }
        }
        return Optional.empty();
    }

    private static boolean isObjectText(String text) {
        try {
            JsonNode node = MAPPER.readTree(text);
            return node != null && node.isObject();
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /**
     * Lines {@code first}..{@code last} (from 1) of {@code file} with their line breaks, read in one pass that stops
     * after them; empty for standard input, or when they are more than {@link #MAX_RECORD_BYTES}.
     */
    static Optional<String> lines(Path file, int first, int last) throws IOException {
        if (file.toString().equals("-") || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            ByteArrayOutputStream kept = new ByteArrayOutputStream();
            byte[] buffer = new byte[1 << 16];
            int line = 1;
            int n;
            while ((n = in.read(buffer)) > 0) {
                for (int i = 0; i < n; i++) {
                    if (line >= first && line <= last) {
                        kept.write(buffer[i]);
                        if (kept.size() > MAX_RECORD_BYTES) {
                            return Optional.empty();
                        }
                    }
                    if (buffer[i] == '\n') {
                        line++;
                        if (line > last) {
                            return Optional.of(kept.toString(StandardCharsets.UTF_8));
                        }
                    }
                }
            }
            return Optional.of(kept.toString(StandardCharsets.UTF_8));
        }
    }
}
