package dev.tracedeck.importers.langfuse;

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

class LangfuseImporterTest {

    private static Trace read(String text) throws Exception {
        return Importers.standard().read(ImportSource.of("trace.json", text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    private static List<String> messages(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message()).map(LangfuseImporterTest::show).toList();
    }

    private static String show(Message m) {
        String calls = m.toolCalls().isEmpty() ? "" : " calls " + m.toolCalls().get(0).id();
        String answers = m.toolCallId().isEmpty() ? "" : " answers " + m.toolCallId();
        return m.role() + ":" + m.content() + calls + answers;
    }

    private static String generation(String id, String start, String input, String output, String usage) {
        return """
                {"id": "%s", "traceId": "t1", "type": "GENERATION", "name": "chat", "startTime": "%s",
                 "endTime": null, "parentObservationId": null, "model": "claude-sonnet-4-5", "level": "DEFAULT",
                 "input": %s, "output": %s, "usageDetails": %s}""".formatted(id, start, input, output, usage);
    }

    /** An export: the trace (its session) after the observations, which are in no order. */
    @Test
    void anExportsAnthropicGenerationsPairTheirToolBlocksInTheTracesSession() throws Exception {
        String first = generation("g1", "2025-01-01T00:00:00Z",
                "[{\"role\": \"user\", \"content\": \"Weather in Paris?\"}]",
                "{\"role\": \"assistant\", \"content\": [{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"get_weather\","
                        + " \"input\": {\"city\": \"Paris\"}}]}",
                "{\"input\": 20, \"cache_read_input_tokens\": 100, \"output\": 5}");
        String second = generation("g2", "2025-01-01T00:00:02Z",
                "[{\"role\": \"user\", \"content\": \"Weather in Paris?\"}, {\"role\": \"assistant\", \"content\":"
                        + " [{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"get_weather\", \"input\": {\"city\": \"Paris\"}}]},"
                        + " {\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\","
                        + " \"content\": \"rainy\"}]}]",
                "\"It is rainy.\"", "{\"input\": 40, \"output\": 4}");
        Trace trace = read("{\"observations\": [" + second + ", " + first + "],\n \"trace\": {\"id\": \"t1\", \"sessionId\": \"chat-7\"}}");
        assertEquals("langfuse", trace.format());
        assertEquals(List.of("chat-7"), trace.threads().stream().map(t -> t.id()).toList());
        assertEquals(List.of("user:Weather in Paris?", "assistant: calls toolu_1", "tool:rainy answers toolu_1",
                "assistant:It is rainy."), messages(trace));
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(Optional.of(new TokenUsage(120, 100, 0, 5)), calls.get(0).usage(),
                "the cached input Langfuse counts apart is part of the prompt");
    }

    /** The OpenAI Agents SDK: Responses input items, a Responses response as output with its instructions. */
    @Test
    void responsesItemsAndAResponseObjectAreTheirMessages() throws Exception {
        String gen = generation("g1", "2025-01-01T00:00:00Z",
                "[{\"content\": \"Weather in Tokyo?\", \"role\": \"user\"}, {\"arguments\": {\"city\": \"Tokyo\"},"
                        + " \"call_id\": \"call_1\", \"name\": \"get_weather\", \"type\": \"function_call\", \"id\": \"fc_1\"},"
                        + " {\"call_id\": \"call_1\", \"output\": \"sunny\", \"type\": \"function_call_output\"}]",
                "{\"object\": \"response\", \"instructions\": \"Be brief.\", \"output\": [{\"type\": \"message\","
                        + " \"role\": \"assistant\", \"content\": [{\"type\": \"output_text\", \"text\": \"Sunny.\"}]}]}",
                "{\"input\": 85, \"output\": 29}");
        Trace trace = read("[" + gen + "]");
        assertEquals(List.of("system:Be brief.", "user:Weather in Tokyo?", "assistant: calls call_1",
                "tool:sunny answers call_1", "assistant:Sunny."), messages(trace));
    }

    @Test
    void anErrorLevelObservationIsAFailedSpan() throws Exception {
        Trace trace = read("[{\"id\": \"o1\", \"traceId\": \"t1\", \"type\": \"SPAN\", \"name\": \"push\","
                + " \"startTime\": \"2025-01-01T00:00:00Z\", \"parentObservationId\": null, \"level\": \"ERROR\","
                + " \"statusMessage\": \"503\"}]");
        assertEquals(1, trace.events().stream().filter(e -> e.kind() == dev.tracedeck.model.event.EventKind.ERROR).count());
    }

    /** Pydantic AI writes GenAI parts, naming a tool_call_response's text result rather than response. */
    @Test
    void aPydanticAiToolCallResponseKeepsItsResult() throws Exception {
        String gen = generation("g1", "2025-01-01T00:00:00Z",
                "[{\"role\": \"user\", \"parts\": [{\"type\": \"tool_call_response\", \"id\": \"call_1\","
                        + " \"name\": \"get_pun_suggestion\", \"result\": \"Pun idea\"}]}]",
                "[{\"role\": \"assistant\", \"parts\": [{\"type\": \"text\", \"content\": \"Done.\"}]}]",
                "{\"input\": 10, \"output\": 2}");
        assertEquals(List.of("user:Pun idea answers call_1", "assistant:Done."), messages(read("[" + gen + "]")));
    }
}
