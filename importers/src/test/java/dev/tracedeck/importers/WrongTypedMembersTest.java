package dev.tracedeck.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A record whose member has another JSON type than its format documents is one malformed record, whose reason names
 * the member, what it is and what it should be, and the records around it are read as they are; a member the format
 * documents in two types (or as any JSON) is read in each. The shapes are the formats' own, written here by hand.
 */
class WrongTypedMembersTest {

    private static final String ATIF_HEAD = "{\"schema_version\": \"ATIF-v1.6\", \"session_id\": \"s1\", "
            + "\"agent\": {\"name\": \"terminus\", \"version\": \"1\"}, \"steps\": [";
    private static final String ATIF_USER = "{\"step_id\": 1, \"source\": \"user\", \"message\": \"List the files.\"}";

    private static String atif(String agentStep) {
        return ATIF_HEAD + ATIF_USER + ", " + agentStep + "]}";
    }

    private static String inspect(String message) {
        return "{\"version\": 2, \"status\": \"success\", \"eval\": {\"eval_id\": \"e1\", \"run_id\": \"r1\", "
                + "\"task\": \"t\", \"model\": \"openai/gpt-4o-mini\"}, \"samples\": [{\"id\": 1, \"epoch\": 1, "
                + "\"input\": \"hi\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}, " + message + "]}]}";
    }

    private static String pydantic(String responsePart) {
        return "[{\"parts\": [{\"content\": \"Weather in Paris?\", \"timestamp\": \"2025-01-01T00:00:00Z\", "
                + "\"part_kind\": \"user-prompt\"}], \"kind\": \"request\"}, {\"parts\": [" + responsePart + "], "
                + "\"model_name\": \"gpt-4o\", \"timestamp\": \"2025-01-01T00:00:01Z\", \"kind\": \"response\"}]";
    }

    private static String smolagents(String calls) {
        return "[{\"task\": \"Add 2 and 2\", \"task_images\": null}, {\"step_number\": 1, \"timing\": {\"start_time\": "
                + "1.0, \"end_time\": 2.0}, \"tool_calls\": " + calls + ", \"error\": null, \"model_output\": \"adding\", "
                + "\"observations\": \"4\", \"is_final_answer\": false}]";
    }

    private static String otlpMessages(String messagesJson) {
        String quoted = messagesJson.replace("\\", "\\\\").replace("\"", "\\\"");
        return "{\"resourceSpans\": [{\"resource\": {\"attributes\": []}, \"scopeSpans\": [{\"scope\": {\"name\": \"s\"}, "
                + "\"spans\": [{\"traceId\": \"0af7651916cd43dd8448eb211c80319c\", \"spanId\": \"b7ad6b7169203331\", "
                + "\"name\": \"chat gpt-4o\", \"kind\": 3, \"startTimeUnixNano\": \"1700000000000000000\", "
                + "\"endTimeUnixNano\": \"1700000001000000000\", \"attributes\": [{\"key\": \"gen_ai.operation.name\", "
                + "\"value\": {\"stringValue\": \"chat\"}}, {\"key\": \"gen_ai.input.messages\", \"value\": "
                + "{\"stringValue\": \"" + quoted + "\"}}]}]}]}]}";
    }

    static Stream<Arguments> wrongTyped() {
        return Stream.of(
                Arguments.of("atif", "trajectory.json", atif("{\"step_id\": 2, \"source\": \"agent\", \"message\": \"\", "
                        + "\"tool_calls\": [{\"tool_call_id\": 42, \"function_name\": \"ls\", \"arguments\": {}}]}"),
                        "an ATIF step whose tool_calls[0].tool_call_id is a number, not a string"),
                Arguments.of("atif", "trajectory.json", atif("{\"step_id\": 2, \"source\": \"agent\", \"message\": 7}"),
                        "an ATIF step whose message is a number, not a string or a list of parts"),
                Arguments.of("inspect", "log.json", inspect("{\"role\": \"assistant\", \"content\": \"\", \"tool_calls\": "
                        + "[{\"id\": \"c1\", \"function\": \"bash\", \"arguments\": \"ls\"}]}"),
                        "tool_calls[0].arguments is a string, not an object"),
                Arguments.of("pydantic-ai", "history.json", pydantic("{\"content\": 42, \"part_kind\": \"text\"}"),
                        "parts[0].content is a number, not a string"),
                Arguments.of("smolagents", "steps.json", smolagents("[{\"id\": \"call_1\", \"type\": \"function\", "
                        + "\"function\": {\"name\": [\"add\"], \"arguments\": {\"a\": 2}}}]"),
                        "a smolagents action step whose tool_calls[0].function.name is a list, not a string"),
                Arguments.of("letta", "agent.af", "{\"agents\": [{\"name\": \"helper\", \"llm_config\": {\"model\": "
                        + "\"gpt-4o\"}, \"in_context_message_ids\": [\"m1\"], \"messages\": [{\"id\": \"m1\", \"role\": "
                        + "\"user\", \"content\": [{\"type\": \"text\", \"text\": \"hi\"}]}], \"block_ids\": []}], "
                        + "\"blocks\": 42}", "an agent file whose blocks is a number, not a list"),
                Arguments.of("otlp", "spans.json", otlpMessages("[{\"role\": \"user\", \"parts\": [{\"type\": \"text\", "
                        + "\"content\": 42}]}]"),
                        "gen_ai.input.messages holds a message whose a text part's content is a number, not a string"));
    }

    @ParameterizedTest(name = "{0}: {3}")
    @MethodSource("wrongTyped")
    void aMemberOfAnotherTypeMakesItsRecordMalformedSayingWhich(String format, String name, String text, String reason)
            throws Exception {
        Trace trace = read(name, text);
        assertEquals(format, trace.format());
        List<String> reasons = trace.events().stream().filter(e -> e.kind() == EventKind.MALFORMED)
                .map(e -> ((Payload.Unparsed) e.payload()).reason()).toList();
        assertEquals(List.of(reason), reasons);
        assertEquals(0, trace.report().otherRecords(), "nothing passed as an other record");
        assertEquals(1, trace.threads().size(), "the malformed record stays in its thread");
    }

    static Stream<Arguments> documentedInTwoTypes() {
        return Stream.of(
                Arguments.of("atif", "trajectory.json", atif("{\"step_id\": 2, \"source\": \"agent\", \"message\": "
                        + "[{\"type\": \"text\", \"text\": \"Listing.\"}], \"tool_calls\": [{\"tool_call_id\": \"c1\", "
                        + "\"function_name\": \"ls\", \"arguments\": \"{\\\"path\\\": \\\".\\\"}\"}]}"), "ls"),
                Arguments.of("pydantic-ai", "history.json", pydantic("{\"tool_name\": \"weather\", \"args\": "
                        + "\"{\\\"city\\\": \\\"Paris\\\"}\", \"tool_call_id\": \"c1\", \"part_kind\": \"tool-call\"}"),
                        "weather"),
                Arguments.of("smolagents", "steps.json", smolagents("[{\"id\": \"call_1\", \"type\": \"function\", "
                        + "\"function\": {\"name\": \"final_answer\", \"arguments\": 4}}]"), "final_answer"),
                Arguments.of("otlp", "spans.json", otlpMessages("[{\"role\": \"assistant\", \"parts\": [{\"type\": "
                        + "\"tool_call\", \"id\": \"c1\", \"name\": \"weather\", \"arguments\": \"Paris\"}]}]"), "weather"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("documentedInTwoTypes")
    void aMemberTheFormatAllowsInTwoTypesIsReadInEach(String format, String name, String text, String tool)
            throws Exception {
        Trace trace = read(name, text);
        assertEquals(format, trace.format());
        assertEquals(List.of(), trace.events().stream().filter(e -> e.kind() == EventKind.MALFORMED)
                .map(Event::summary).toList());
        List<String> calls = trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message()).map(Message::toolCalls)
                .flatMap(List::stream).map(c -> c.name()).distinct().toList();
        assertEquals(List.of(tool), calls);
    }

    private static Trace read(String name, String text) throws Exception {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }
}
