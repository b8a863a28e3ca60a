package dev.tracedeck.engine.freeze;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Rebuilds the request a model received at one step of a thread ({@link CallSteps}): the body the trace recorded for
 * it when it kept one and it is asked for in that body's API ({@link RecordedRequests}); otherwise a body written from
 * what the trace recorded — the history before the answer ({@link FrozenHistory}), the system prompt, the tools'
 * schemas, the model, the sampling parameters — with a note for each part it did not record. It reads; nothing is sent.
 */
public final class RequestFreezer {

    static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** Two spaces a level, arrays one item a line, {@code "key": value}: as the providers' docs show their bodies. */
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"));

    private RequestFreezer() {
    }

    /** The request of step {@code number} of {@code thread}. */
    public static FrozenRequest step(Trace trace, TraceThread thread, int number, FreezeOptions options) throws FreezeException {
        CallSteps steps = CallSteps.of(thread);
        return freeze(trace, steps, steps.step(number), options);
    }

    /** The request of the call {@code event} belongs to ({@link CallSteps#at}). */
    public static FrozenRequest event(Trace trace, Event event, FreezeOptions options) throws FreezeException {
        TraceThread thread = trace.thread(event.threadId()).orElseThrow(() -> new FreezeException(
                "event " + event.seq() + " belongs to no thread" ));
        CallSteps steps = CallSteps.of(thread);
        return freeze(trace, steps, steps.at(event), options);
    }

    static FrozenRequest freeze(Trace trace, CallSteps steps, CallStep call, FreezeOptions options) throws FreezeException {
        TraceThread thread = steps.thread();
        Optional<Event> record = RecordedRequests.record(steps, call);
        Optional<RecordedBody> found = record.flatMap(r -> RecordedRequests.body(trace, r));
        Optional<ModelCall> modelCall = call.answer().flatMap(a -> thread.records().modelCalls().stream()
                .filter(c -> c.event() == a).findFirst());
        String model = options.model().orElseGet(() -> modelOf(thread, record, modelCall));
        Provider provider = options.as().or(() -> found.map(RecordedBody::api)).orElseGet(() -> providerOf(trace, model));
        List<String> notes = new ArrayList<>();
        Optional<RecordedBody> recorded = found;
        if (recorded.isPresent() && provider != Provider.RESPONSES && !namesModel(recorded.get())) {
            notes.add("the recorded body (" + where(record.get()) + ") names no model, so it is no request the API takes"
                    + " (a fine-tuning example is none): the request is rebuilt from it");
            recorded = Optional.empty();
        }
        if (recorded.isPresent() && recorded.get().api() == provider && options.model().isEmpty()) {
            RecordedBody body = recorded.get();
            notes.add("the request as the trace recorded it (" + where(record.get()) + ")");
            notes.addAll(body.notes());
            String asked = model;
            try {
                asked = MAPPER.readTree(body.text()).path("model").asText(model);
            } catch (JsonProcessingException e) {
                // RecordedRequests kept only bodies that are JSON objects.
            }
            return new FrozenRequest(provider, provider.url(options.baseUrl()), headers(provider, body), body.text(), true,
                    body.exact(), notes, thread.id(), call, asked);
        }
        recorded.ifPresent(b -> notes.add("the trace recorded this request for " + b.api().title() + " ("
                + where(record.get()) + "); this one is rebuilt from it for " + provider.title()));
        if (recorded.isPresent() && recorded.get().api() == provider) {
            notes.add("the recorded request is rebuilt to ask for another model");
        }
        ObjectNode body = MAPPER.createObjectNode();
        if (model.isEmpty()) {
            notes.add("the trace names no model for this call: the body's model is empty (--model sets one)");
        }
        body.put("model", model);
        FrozenHistory history = FrozenHistory.of(steps, call, notes);
        if (history.system().isEmpty()) {
            notes.add("the trace recorded no system prompt for this call: the request has none");
        }
        switch (provider) {
            case CHAT -> ChatBody.messages(body, history.system(), history.messages(), notes);
            case RESPONSES -> ResponsesBody.input(body, history.systemTexts(), history.messages(), notes);
            case ANTHROPIC -> AnthropicBody.messages(body, history.systemTexts(), history.messages(), notes);
            default -> throw new IllegalStateException();
        }
        if (call.historyEnd() == 0) {
            throw new FreezeException("the trace holds nothing that went into " + call.describe()
                    + ": the thread's history starts with its answer");
        }
        if (provider == Provider.ANTHROPIC && body.path("messages").isEmpty()) {
            throw new FreezeException("what went into " + call.describe() + " is only a system prompt, and an Anthropic"
                    + " request needs a message; --as chat writes it");
        }
        tools(body, provider, thread, record, history, notes);
        RequestOptions parameters = options(trace, thread, call, record);
        parameters.writeInto(body, provider, notes);
        if (!parameters.has("temperature") && !parameters.has("top_p") && !parameters.has("max_tokens")) {
            notes.add("the trace recorded no sampling parameters (temperature, top_p, max tokens): the provider's defaults apply");
        }
        if (provider == Provider.ANTHROPIC && !body.has("max_tokens")) {
            int max = options.maxTokens().orElse(FreezeOptions.DEFAULT_MAX_TOKENS);
            body.put("max_tokens", max);
            notes.add("the trace recorded no max_tokens, which Anthropic requires: " + max + " is set (--max-tokens sets another)");
        }
        String text;
        try {
            text = MAPPER.writer(PRETTY).writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return new FrozenRequest(provider, provider.url(options.baseUrl()), headers(provider, null), text, false, false,
                notes, thread.id(), call, model);
    }

    private static boolean namesModel(RecordedBody body) {
        try {
            return MAPPER.readTree(body.text()).path("model").isTextual();
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    private static String where(Event record) {
        return "line " + record.firstLine() + (record.lastLine() > record.firstLine() ? "–" + record.lastLine() : "")
                + ", event " + record.seq();
    }

    private static List<FrozenRequest.Header> headers(Provider provider, RecordedBody recorded) {
        List<FrozenRequest.Header> headers = new ArrayList<>();
        headers.add(new FrozenRequest.Header("Content-Type", "application/json", ""));
        if (provider == Provider.ANTHROPIC) {
            headers.add(new FrozenRequest.Header("x-api-key", "", provider.keyVariable()));
            String version = recorded == null ? Provider.ANTHROPIC_VERSION
                    : recorded.headers().getOrDefault("anthropic-version", Provider.ANTHROPIC_VERSION);
            headers.add(new FrozenRequest.Header("anthropic-version", version, ""));
            if (recorded != null && recorded.headers().containsKey("anthropic-beta")) {
                headers.add(new FrozenRequest.Header("anthropic-beta", recorded.headers().get("anthropic-beta"), ""));
            }
        } else {
            headers.add(new FrozenRequest.Header("Authorization", "Bearer ", provider.keyVariable()));
        }
        return headers;
    }

    /** The model the call names: its answer's, its request record's, else the thread's. */
    private static String modelOf(TraceThread thread, Optional<Event> record, Optional<ModelCall> call) {
        Optional<String> answered = call.map(ModelCall::model).map(String::strip).filter(m -> !m.isEmpty());
        if (answered.isPresent()) {
            return answered.get();
        }
        Optional<String> requested = record.flatMap(r -> members(r).flatMap(m -> Optional.ofNullable(m.get("model"))))
                .filter(JsonNode::isTextual).map(JsonNode::asText).map(String::strip).filter(m -> !m.isEmpty());
        return requested.or(() -> ThreadRequest.model(thread.events())).or(() -> thread.records().model()).orElse("");
    }

    /** The API the trace was written for, else the one the model's name says, else Chat Completions. */
    private static Provider providerOf(Trace trace, String model) {
        return switch (trace.format()) {
            case "openai-chat" -> Provider.CHAT;
            case "openai-responses" -> Provider.RESPONSES;
            case "anthropic", "claude-code" -> Provider.ANTHROPIC;
            default -> model.toLowerCase(Locale.ROOT).contains("claude") ? Provider.ANTHROPIC : Provider.CHAT;
        };
    }

    /** A request record's members: its body's when it holds the body under a member ({@code body}, {@code params}). */
    private static Optional<JsonNode> members(Event record) {
        if (!(record.payload() instanceof Payload.JsonRecord r)) {
            return Optional.empty();
        }
        JsonNode json = jackson(r.json());
        for (String holder : List.of("body", "params", "request")) {
            if (json.path(holder).isObject()) {
                return Optional.of(json.path(holder));
            }
        }
        return Optional.of(json);
    }

    static JsonNode jackson(JsonValue value) {
        try {
            return MAPPER.readTree(value.toCompactString());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a recorded value Tracedeck wrote is not JSON", e);
        }
    }

    private static void tools(ObjectNode body, Provider provider, TraceThread thread, Optional<Event> record,
                              FrozenHistory history, List<String> notes) {
        Optional<JsonNode> recorded = record.flatMap(RequestFreezer::members)
                .map(m -> m.path("tools").isArray() && !m.path("tools").isEmpty() ? m.path("tools") : m.path("functions"))
                .filter(t -> t.isArray() && !t.isEmpty());
        if (recorded.isEmpty()) {
            recorded = ThreadRequest.tools(thread.events()).map(RequestFreezer::jackson).filter(JsonNode::isArray);
        }
        Set<String> called = new LinkedHashSet<>();
        history.messages().forEach(m -> m.calls().forEach(c -> called.add(c.name())));
        if (recorded.isEmpty()) {
            notes.add(called.isEmpty() ? "the trace recorded no tool definitions: the request offers none"
                    : "the trace recorded no tool definitions: the request offers none, though the history calls "
                    + String.join(", ", called));
            return;
        }
        List<ToolSchema> tools = ToolSchema.read(recorded.get(), notes);
        ArrayNode out = MAPPER.createArrayNode();
        List<String> dropped = new ArrayList<>();
        for (ToolSchema t : tools) {
            t.as(provider).ifPresentOrElse(out::add, () -> dropped.add(t.builtin().map(b -> b.path("type").asText()).orElse(t.name())));
        }
        if (!dropped.isEmpty()) {
            notes.add("built-in tools of another API left out: " + String.join(", ", dropped));
        }
        long withoutSchema = tools.stream().filter(t -> t.builtin().isEmpty() && t.parameters().isEmpty()).count();
        if (withoutSchema > 0) {
            notes.add(withoutSchema + " tool" + (withoutSchema == 1 ? " was" : "s were")
                    + " recorded without a parameter schema" + (provider == Provider.CHAT ? "" : ": an empty object's is sent"));
        }
        if (!out.isEmpty()) {
            body.set("tools", out);
        }
    }

    /** The call's parameters: its request record's, else those of the last model-call span before its answer. */
    private static RequestOptions options(Trace trace, TraceThread thread, CallStep call, Optional<Event> record) {
        boolean later = false;
        if (record.isEmpty() && SpanParameters.before(thread, call).isEmpty()) {
            // A file that is one request records one call's parameters, the last; the calls before it most likely ran
            // with the same, which is what the tools' schemas are taken as too (ThreadRequest).
            record = lastRecord(thread);
            later = record.isPresent();
        }
        if (record.isPresent()) {
            Optional<JsonNode> members = members(record.get());
            if (members.isPresent()) {
                Optional<Provider> api = switch (trace.format()) {
                    case "openai-chat" -> Optional.of(Provider.CHAT);
                    case "openai-responses" -> Optional.of(Provider.RESPONSES);
                    case "anthropic" -> Optional.of(Provider.ANTHROPIC);
                    case "sdk-recording" -> record.get().payload() instanceof Payload.JsonRecord r
                            ? r.json().get("url").flatMap(JsonValue::asText).flatMap(RecordedRequests::apiOf) : Optional.empty();
                    default -> Optional.empty();
                };
                return new RequestOptions(members.get(), api, (later ? "the thread's request record of a later call ("
                        : "the request record (") + where(record.get()) + ")");
            }
        }
        return SpanParameters.before(thread, call).orElseGet(RequestOptions::none);
    }

    private static Optional<Event> lastRecord(TraceThread thread) {
        Event found = null;
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.JsonRecord r && r.eventName().equals(ThreadRequest.EVENT)) {
                found = e;
            }
        }
        return Optional.ofNullable(found);
    }
}
