package dev.tracedeck.importers.phoenix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PhoenixImporterTest {

    private static Trace read(String name, String text) throws Exception {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static List<Message> messages(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message()).toList();
    }

    /** get_spans_dataframe() written with to_json(orient="records", lines=True): flat columns, epoch milliseconds. */
    @Test
    void readsDataframeRecordsWithFlatColumnsAndEpochMilliseconds() throws Exception {
        String llm = "{\"name\":\"ChatCompletion\",\"span_kind\":\"LLM\",\"parent_id\":null,\"start_time\":1704110400000,"
                + "\"end_time\":1704110401000,\"status_code\":\"OK\",\"status_message\":\"\",\"events\":[],"
                + "\"context.span_id\":\"2b3c4d5e6f7a8b9c\",\"context.trace_id\":\"t1\",\"attributes.session.id\":\"s-1\","
                + "\"attributes.llm.model_name\":\"gpt-4o\",\"attributes.llm.token_count.prompt\":84,"
                + "\"attributes.llm.token_count.completion\":17,"
                + "\"attributes.llm.input_messages\":[{\"message.role\":\"user\",\"message.content\":\"Hi\"}],"
                + "\"attributes.llm.output_messages\":[{\"message.role\":\"assistant\",\"message.content\":\"Hello!\"}]}";
        Trace trace = read("spans.jsonl", llm + "\n" + llm.replace("2b3c4d5e6f7a8b9c", "3c4d5e6f7a8b9c0d")
                .replace("1704110400000", "1704110402000") + "\n");
        assertEquals("phoenix", trace.format());
        assertEquals(List.of("s-1"), trace.threads().stream().map(t -> t.id()).toList());
        assertEquals(List.of("user:Hi", "assistant:Hello!", "assistant:Hello!"),
                messages(trace).stream().map(m -> m.role() + ":" + m.content()).toList(),
                "the second call repeats the input; its answer is new");
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(2, calls.size());
        assertEquals("gpt-4o", calls.get(0).model());
        assertEquals(Optional.of(new TokenUsage(84, 0, 0, 17)), calls.get(0).usage());
        assertEquals("2024-01-01T12:00:00Z", trace.event(0).time());
    }

    @Test
    void sniffsPhoenixSpansButNotTheConsoleExportersOrOtlp() {
        PhoenixImporter importer = new PhoenixImporter();
        assertEquals(95, importer.confidence("[{\"name\": \"x\", \"context\": {\"trace_id\": \"t\", \"span_id\": \"s\"},"
                + " \"span_kind\": \"LLM\", \"parent_id\": null, \"status_code\": \"OK\"}]"));
        assertEquals(0, importer.confidence("{\"name\": \"x\", \"context\": {\"trace_id\": \"0x1\", \"span_id\": \"0x2\"},"
                + " \"kind\": \"SpanKind.INTERNAL\", \"parent_id\": null, \"status\": {\"status_code\": \"OK\"}}"));
        assertEquals(0, importer.confidence("{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": []}]}]}"));
    }
}
