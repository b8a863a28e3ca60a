package dev.tracedeck.importers.otelconsole;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class OtelConsoleImporterTest {

    private static String span(String id, String name, String end, String status, String attributes) {
        return """
                {
                    "name": "%s",
                    "context": {
                        "trace_id": "0x5573da5d05a1692cfeef0c212a2ebbc3",
                        "span_id": "0x%s",
                        "trace_state": "[]"
                    },
                    "kind": "SpanKind.CLIENT",
                    "parent_id": null,
                    "start_time": "2026-03-01T20:47:18.717057Z",
                    "end_time": %s,
                    "status": {
                        "status_code": "%s"
                    },
                    "attributes": {%s},
                    "events": [],
                    "links": [],
                    "resource": {
                        "attributes": {
                            "service.name": "agent"
                        },
                        "schema_url": ""
                    }
                }
                """.formatted(name, id, end, status, attributes);
    }

    private static Trace read(String text) throws Exception {
        return Importers.standard().read(ImportSource.of("spans.jsonl", text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    @Test
    void aSpanPrintedAsItStartsAndAgainAsItEndsIsOneSpanAsItEnded() throws Exception {
        String started = span("8fafb95a2fed93ac", "chat gpt-4o", "null", "UNSET", "\"gen_ai.operation.name\": \"chat\"");
        String ended = span("8fafb95a2fed93ac", "chat gpt-4o", "\"2026-03-01T20:47:19.503262Z\"", "UNSET",
                "\"gen_ai.operation.name\": \"chat\", \"gen_ai.usage.input_tokens\": 145, \"gen_ai.usage.output_tokens\": 51");
        Trace trace = read(started + "\n" + ended);
        assertEquals("otel-console", trace.format());
        List<Event> spans = trace.events().stream().filter(e -> e.kind() == EventKind.SPAN).toList();
        assertEquals(1, spans.size());
        assertEquals(started.lines().count() + 2, spans.get(0).source().firstLine(), "the ended span, printed second");
        assertTrue(trace.report().complete());
    }

    @Test
    void aFailedSpanIsFollowedByAnErrorAndACutLastSpanEndsTheTrace() throws Exception {
        String failed = span("79f9c23f2223c786", "execute_tool get_weather", "\"2026-03-01T20:47:19.5Z\"", "ERROR",
                "\"gen_ai.operation.name\": \"execute_tool\"");
        String next = span("85f254a55080b079", "chat gpt-4o", "null", "UNSET", "");
        Trace trace = read(failed + next.substring(0, next.length() / 2));
        assertEquals(1, trace.events().stream().filter(e -> e.kind() == EventKind.ERROR).count());
        assertFalse(trace.report().complete());
    }

    /** The answers an OpenInference LLM span holds in output.value alone, as Phoenix's manual-instrumentation guide writes them. */
    private static List<String> answers(String output) throws Exception {
        String attributes = "\"openinference.span.kind\": \"LLM\", \"llm.model_name\": \"gpt-4o\", "
                + "\"llm.input_messages.0.message.role\": \"user\", \"llm.input_messages.0.message.content\": \"Hello\", " + output;
        return read(span("d9bdedf0df0b7208", "llm", "\"2026-03-01T20:47:19.503262Z\"", "OK", attributes)).events().stream()
                .filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message())
                .filter(m -> m.role().equals("assistant")).map(Message::content).toList();
    }

    @Test
    void anOpenInferenceLlmSpansTextOutputValueIsItsAnswerWhenItRecordsNoOutputMessages() throws Exception {
        assertEquals(List.of("How are you?"), answers("\"output.value\": \"How are you?\""));
        assertEquals(List.of("Fine."), answers("\"output.value\": \"Fine.\", \"output.mime_type\": \"text/plain\""));
        assertEquals(List.of("From the messages"), answers("\"output.value\": \"{}\", \"output.mime_type\": \"application/json\", "
                + "\"llm.output_messages.0.message.role\": \"assistant\", \"llm.output_messages.0.message.content\": \"From the messages\""));
        assertEquals(List.of(), answers("\"output.value\": \"{\\\"id\\\": \\\"chatcmpl-1\\\"}\", \"output.mime_type\": \"application/json\""),
                "a JSON output is the provider's whole response, not a message");
        assertEquals(List.of(), answers("\"output.value\": \"__REDACTED__\""), "an output OpenInference was told to hide");
    }

    @Test
    void sniffsThePythonSdksSpansButNotPhoenixs() {
        OtelConsoleImporter importer = new OtelConsoleImporter();
        assertEquals(96, importer.confidence(span("1", "x", "null", "OK", "")));
        assertEquals(0, importer.confidence("""
                [{"name": "x", "context": {"trace_id": "t", "span_id": "s"}, "span_kind": "LLM", "parent_id": null,
                  "start_time": "2026-07-09T00:00:00+00:00", "status_code": "OK", "attributes": {}}]"""));
    }

    @Test
    void dotnetActivitiesAreSpansAndOneCutBeforeItsDurationEndsTheTrace() throws Exception {
        String activity = """
                Activity.TraceId:            404ddff248b8f9a9b21e347d68d2640e
                Activity.SpanId:             035858bc3c168885
                Activity.TraceFlags:         Recorded
                Activity.ActivitySourceName: SDK.TailSampling.POC
                Activity.DisplayName:        SayHello
                Activity.Kind:               Internal
                Activity.StartTime:          2023-02-09T19:05:32.5563112Z
                Activity.Duration:           00:00:00.0028144
                Activity.Tags:
                    foo: bar
                StatusCode: Error
                Activity.StatusDescription:  the line was
                busy
                Resource associated with Activity:
                    service.name: unknown_service:Examples

                """;
        Trace whole = read(activity);
        assertEquals("otel-console", whole.format());
        assertTrue(whole.report().complete());
        Event error = whole.events().stream().filter(e -> e.kind() == EventKind.ERROR).findFirst().orElseThrow();
        assertEquals(1, error.source().firstLine());
        String cut = activity + activity.replace("035858bc3c168885", "135858bc3c168885")
                .substring(0, activity.indexOf("Activity.Duration"));
        Trace trace = read(cut);
        assertEquals(2, trace.events().stream().filter(e -> e.kind() == EventKind.SPAN).count(),
                "what the cut activity printed is kept");
        assertTrue(error.payload().toString().contains("the line was\nbusy"), error.payload().toString());
        assertFalse(trace.report().complete());
    }
}
