package dev.tracedeck.importers.convert;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a trace as OTLP/JSON ({@code {"resourceSpans": [...]}}, one document per trace) with the OpenTelemetry GenAI
 * semantic conventions, as Phoenix, Langfuse and MLflow read them:
 * <ul>
 *   <li>each thread is one trace, its conversation ({@code gen_ai.conversation.id}) the thread's id, under an
 *       {@code invoke_agent} span;</li>
 *   <li>each answer of the model is a {@code chat} span whose {@code gen_ai.input.messages} hold every message before
 *       it (what the model was sent) and whose {@code gen_ai.output.messages} hold the answer, messages as
 *       {@code {role, parts}} with {@code text}, {@code tool_call} and {@code tool_call_response} parts; the model and
 *       usage of the model call the trace recorded for it as {@code gen_ai.response.model} and
 *       {@code gen_ai.usage.*};</li>
 *   <li>each tool result answering a call is an {@code execute_tool} span with {@code gen_ai.tool.name},
 *       {@code gen_ai.tool.call.id} and the result;</li>
 *   <li>a thread whose messages carry no tool call or result (a Mycelian log) has them from the calls it logged as
 *       they ran and the state it dumped ({@link LoggedToolCalls}): each AI message with calls a {@code chat} span
 *       answering with them, each result a message of the history after it;</li>
 *   <li>messages after the last answer (a run that stops before the model answers them) are the input of a
 *       {@code chat} span without output, as is a model call the trace recorded without its answer.</li>
 * </ul>
 * What the format can't carry is listed in the resource's {@code tracedeck.conversion.notes}.
 */
public final class OtlpWriter implements TraceWriter {

    public static final String FORMAT_ID = "otlp";
    private static final int INTERNAL = 1;
    private static final int CLIENT = 3;
    private static final JsonFactory JSON = new JsonFactory();

    @Override
    public String formatId() {
        return FORMAT_ID;
    }

    @Override
    public Prepared prepare(Trace trace) {
        List<Transcript> transcripts = new ArrayList<>();
        Omissions omissions = new Omissions();
        for (TraceThread thread : trace.threads()) {
            Transcript t = Transcript.of(thread);
            omissions.addAll(t.omissions());
            if (!t.items().isEmpty()) {
                transcripts.add(t);
            }
            long pendingInput = trailingInput(t);
            omissions.add("messages after the last answer", "written as the input of a chat span without output "
                    + "(the model's answer to them is not in the trace)", pendingInput > 0 ? 1 : 0);
            omissions.add("model calls without an answer", "written as chat spans without output",
                    t.items().stream().filter(i -> i instanceof Transcript.Unanswered).count());
        }
        return new Prepared() {
            @Override
            public int documents() {
                return transcripts.isEmpty() ? 0 : 1;
            }

            @Override
            public Omissions omissions() {
                return omissions;
            }

            @Override
            public void write(JsonGenerator out, Redactor redactor, Instant start) throws IOException {
                new Document(trace, transcripts, omissions, out, redactor, new EventTimes(start)).write();
            }
        };
    }

    /** The messages after the thread's last answer or unanswered call. */
    private static long trailingInput(Transcript t) {
        long after = 0;
        for (Transcript.Item item : t.items()) {
            if (item instanceof Transcript.Said s && !s.isAnswer()) {
                after++;
            } else if (item instanceof Transcript.Said || item instanceof Transcript.Unanswered) {
                after = 0;
            }
        }
        return after;
    }

    /** One trace's document as it is written. */
    private static final class Document {
        private final Trace trace;
        private final List<Transcript> transcripts;
        private final Omissions omissions;
        private final JsonGenerator out;
        private final Redactor redactor;
        private final EventTimes clock;
        private String traceId;
        private String rootId;
        private String conversation;
        private int spans;
        private long firstStart;
        private long lastEnd;

        Document(Trace trace, List<Transcript> transcripts, Omissions omissions, JsonGenerator out, Redactor redactor,
                 EventTimes clock) {
            this.trace = trace;
            this.transcripts = transcripts;
            this.omissions = omissions;
            this.out = out;
            this.redactor = redactor;
            this.clock = clock;
        }

        void write() throws IOException {
            out.writeStartObject();
            out.writeArrayFieldStart("resourceSpans");
            out.writeStartObject();
            out.writeObjectFieldStart("resource");
            out.writeArrayFieldStart("attributes");
            attribute("service.name", trace.format().isEmpty() ? "tracedeck" : trace.format());
            attribute("tracedeck.source.file", redactor.redact(trace.file()));
            attribute("tracedeck.source.format", trace.format());
            if (!omissions.isEmpty()) {
                attribute("tracedeck.conversion.notes", omissions.lines());
            }
            out.writeEndArray();
            out.writeEndObject();
            out.writeArrayFieldStart("scopeSpans");
            out.writeStartObject();
            out.writeObjectFieldStart("scope");
            out.writeStringField("name", "dev.tracedeck.convert");
            out.writeStringField("version", dev.tracedeck.model.ToolVersion.get());
            out.writeEndObject();
            out.writeArrayFieldStart("spans");
            for (Transcript t : transcripts) {
                thread(t);
            }
            out.writeEndArray();
            out.writeEndObject();
            out.writeEndArray();
            out.writeEndObject();
            out.writeEndArray();
            out.writeEndObject();
        }

        private void thread(Transcript t) throws IOException {
            String thread = t.threadId().isEmpty() ? "run" : t.threadId();
            traceId = StableIds.of(16, trace.file(), thread);
            rootId = StableIds.of(8, trace.file(), thread, "root");
            conversation = redactor.redact(thread);
            spans = 0;
            firstStart = -1;
            Map<String, Long> before = redactor.counts();
            List<String> history = new ArrayList<>();
            int sent = 0;
            String firstUnsentTime = "";
            Map<String, ToolCall> calls = new HashMap<>();
            for (Transcript.Item item : t.items()) {
                if (item instanceof Transcript.Said s && s.isAnswer()) {
                    long start = clock.next(firstUnsentTime.isEmpty() ? s.event().time() : firstUnsentTime);
                    long end = clock.next(s.event().time());
                    String answer = message(s.message(), true);
                    chat(history, Optional.of(answer), s.call(), start, end);
                    history.add(message(s.message(), false));
                    sent = history.size();
                    firstUnsentTime = "";
                    s.message().toolCalls().stream().filter(c -> !c.id().isEmpty()).forEach(c -> calls.put(c.id(), c));
                } else if (item instanceof Transcript.Said s) {
                    if (history.size() == sent) {
                        firstUnsentTime = s.event().time();
                    }
                    history.add(message(s.message(), false));
                    ToolCall call = calls.get(s.message().toolCallId());
                    if (s.message().isToolResult() && call != null) {
                        long at = clock.next(s.event().time());
                        tool(call, Optional.of(s.message().content()), at, clock.next(""));
                    }
                } else if (item instanceof Transcript.Unanswered u) {
                    long start = clock.next(u.event().time());
                    chat(history, Optional.empty(), Optional.of(u.call()), start, clock.next(""));
                    sent = history.size();
                }
            }
            if (history.size() > sent) {
                long start = clock.next(firstUnsentTime);
                chat(history, Optional.empty(), Optional.empty(), start, clock.next(""));
            }
            root(t, Redactions.since(before, redactor.counts()));
        }

        private void chat(List<String> input, Optional<String> output, Optional<ModelCall> call, long start, long end)
                throws IOException {
            String model = call.map(ModelCall::model).map(String::strip).orElse("");
            span(StableIds.of(8, traceId, Integer.toString(++spans)), rootId, model.isEmpty() ? "chat" : "chat " + model,
                    CLIENT, start, end);
            attribute("gen_ai.operation.name", "chat");
            attribute("gen_ai.conversation.id", conversation);
            Optional<String> provider = provider();
            if (provider.isPresent()) {
                attribute("gen_ai.provider.name", provider.get());
            }
            if (!model.isEmpty()) {
                attribute("gen_ai.request.model", model);
                attribute("gen_ai.response.model", model);
            }
            Optional<TokenUsage> usage = call.flatMap(ModelCall::usage);
            if (usage.isPresent()) {
                attribute("gen_ai.usage.input_tokens", usage.get().prompt());
                attribute("gen_ai.usage.output_tokens", usage.get().output());
                attribute("gen_ai.usage.cache_read.input_tokens", usage.get().cacheRead());
                attribute("gen_ai.usage.cache_creation.input_tokens", usage.get().cacheWrite());
            }
            attribute("gen_ai.input.messages", "[" + String.join(",", input) + "]");
            if (output.isPresent()) {
                attribute("gen_ai.output.messages", "[" + output.get() + "]");
            }
            endSpan();
        }

        private void tool(ToolCall call, Optional<String> result, long start, long end) throws IOException {
            span(StableIds.of(8, traceId, Integer.toString(++spans)), rootId, "execute_tool " + redactor.redact(call.name()),
                    INTERNAL, start, end);
            attribute("gen_ai.operation.name", "execute_tool");
            attribute("gen_ai.conversation.id", conversation);
            attribute("gen_ai.tool.name", redactor.redact(call.name()));
            attribute("gen_ai.tool.type", "function");
            if (!call.id().isEmpty()) {
                attribute("gen_ai.tool.call.id", redactor.redact(call.id()));
            }
            attribute("gen_ai.tool.call.arguments", redactor.redact(call.rawArguments()));
            if (result.isPresent()) {
                attribute("gen_ai.tool.call.result", redactor.redact(result.get()));
            }
            endSpan();
        }

        private void root(Transcript t, String redactions) throws IOException {
            long start = firstStart < 0 ? clock.next("") : firstStart;
            long end = Math.max(start, lastEnd);
            out.writeStartObject();
            ids(rootId, "");
            out.writeStringField("name", "invoke_agent " + trace.format());
            out.writeNumberField("kind", INTERNAL);
            times(start, end);
            out.writeArrayFieldStart("attributes");
            attribute("gen_ai.operation.name", "invoke_agent");
            attribute("gen_ai.agent.name", trace.format());
            attribute("gen_ai.conversation.id", conversation);
            if (!t.model().isEmpty()) {
                attribute("gen_ai.request.model", t.model());
            }
            if (!redactions.isEmpty()) {
                attribute("tracedeck.redactions", redactions);
            }
            endSpan();
        }

        private void span(String id, String parent, String name, int kind, long start, long end) throws IOException {
            if (firstStart < 0) {
                firstStart = start;
            }
            lastEnd = Math.max(lastEnd, end);
            out.writeStartObject();
            ids(id, parent);
            out.writeStringField("name", name);
            out.writeNumberField("kind", kind);
            times(start, end);
            out.writeArrayFieldStart("attributes");
        }

        private void endSpan() throws IOException {
            out.writeEndArray();
            out.writeEndObject();
        }

        private void ids(String id, String parent) throws IOException {
            out.writeStringField("traceId", traceId);
            out.writeStringField("spanId", id);
            if (!parent.isEmpty()) {
                out.writeStringField("parentSpanId", parent);
            }
        }

        private void times(long start, long end) throws IOException {
            out.writeStringField("startTimeUnixNano", Long.toString(start));
            out.writeStringField("endTimeUnixNano", Long.toString(Math.max(start, end)));
        }

        private Optional<String> provider() {
            return switch (trace.format()) {
                case "anthropic", "claude-code" -> Optional.of("anthropic");
                case "openai-chat", "openai-responses" -> Optional.of("openai");
                default -> Optional.empty();
            };
        }

        private void attribute(String key, String value) throws IOException {
            out.writeStartObject();
            out.writeStringField("key", key);
            out.writeObjectFieldStart("value");
            out.writeStringField("stringValue", value);
            out.writeEndObject();
            out.writeEndObject();
        }

        private void attribute(String key, long value) throws IOException {
            out.writeStartObject();
            out.writeStringField("key", key);
            out.writeObjectFieldStart("value");
            out.writeStringField("intValue", Long.toString(value));
            out.writeEndObject();
            out.writeEndObject();
        }

        private void attribute(String key, List<String> values) throws IOException {
            out.writeStartObject();
            out.writeStringField("key", key);
            out.writeObjectFieldStart("value");
            out.writeObjectFieldStart("arrayValue");
            out.writeArrayFieldStart("values");
            for (String v : values) {
                out.writeStartObject();
                out.writeStringField("stringValue", v);
                out.writeEndObject();
            }
            out.writeEndArray();
            out.writeEndObject();
            out.writeEndObject();
            out.writeEndObject();
        }

        /**
         * A message as the GenAI conventions write it, {@code {role, parts}}: a tool result one
         * {@code tool_call_response} part, else its text as a {@code text} part and each call a {@code tool_call} part;
         * an answer says why it ended ({@code finish_reason}).
         */
        private String message(Message m, boolean answer) throws IOException {
            StringWriter text = new StringWriter();
            try (JsonGenerator g = JSON.createGenerator(text)) {
                g.writeStartObject();
                g.writeStringField("role", m.role());
                if (!m.name().isEmpty()) {
                    g.writeStringField("name", redactor.redact(m.name()));
                }
                g.writeArrayFieldStart("parts");
                if (m.isToolResult()) {
                    g.writeStartObject();
                    g.writeStringField("type", "tool_call_response");
                    g.writeStringField("id", redactor.redact(m.toolCallId()));
                    g.writeStringField("response", redactor.redact(m.content()));
                    g.writeEndObject();
                } else {
                    if (!m.content().isEmpty()) {
                        g.writeStartObject();
                        g.writeStringField("type", "text");
                        g.writeStringField("content", redactor.redact(m.content()));
                        g.writeEndObject();
                    }
                    for (ToolCall call : m.toolCalls()) {
                        g.writeStartObject();
                        g.writeStringField("type", "tool_call");
                        g.writeStringField("id", redactor.redact(call.id()));
                        g.writeStringField("name", redactor.redact(call.name()));
                        if (!call.rawArguments().isEmpty()) {
                            g.writeFieldName("arguments");
                            JsonOut.arguments(g, call, redactor);
                        }
                        g.writeEndObject();
                    }
                }
                g.writeEndArray();
                if (answer) {
                    g.writeStringField("finish_reason", m.toolCalls().isEmpty() ? "stop" : "tool_call");
                }
                g.writeEndObject();
            }
            return text.toString();
        }
    }
}
