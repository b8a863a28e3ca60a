package dev.tracedeck.importers.langchain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.chat.ChatTraceWriter;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The LangChain and LangGraph importers on small inputs: sniffing, forcing, broken lines, cut files, sections. */
class LangChainImporterTest {

    private static final String HUMAN = "{\"type\": \"human\", \"data\": {\"content\": \"hi\", \"additional_kwargs\": {}, \"type\": \"human\"}}";
    private static final String AI_CALL = "{\"lc\": 1, \"type\": \"constructor\", \"id\": [\"langchain_core\", \"messages\", \"ai\", \"AIMessage\"], "
            + "\"kwargs\": {\"content\": \"\", \"type\": \"ai\", \"tool_calls\": [{\"name\": \"f\", \"args\": {\"x\": 1}, \"id\": \"c1\", \"type\": \"tool_call\"}], \"invalid_tool_calls\": []}}";
    private static final String TOOL = "{\"type\": \"tool\", \"content\": \"42\", \"tool_call_id\": \"c1\", \"additional_kwargs\": {}}";

    private static Trace read(String name, String text) throws Exception {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    @Test
    void sniffsEachShapeNotTheExtension() throws Exception {
        assertEquals("langchain", read("a.txt", "[" + HUMAN + ",\n" + AI_CALL + ",\n" + TOOL + "]").format());
        assertEquals("langchain", read("a.log", HUMAN + "\n" + AI_CALL + "\n").format());
        assertEquals("langgraph", read("a.json", "{\"values\": {\"messages\": [" + HUMAN + "]}, \"next\": []}").format());
        assertEquals("langgraph", read("a.json", "{\"v\": 1, \"id\": \"x\", \"ts\": \"2025\", \"channel_values\": {\"messages\": ["
                + HUMAN + "]}}").format());
        assertEquals("openai-chat", read("a.json", "[{\"role\": \"user\", \"content\": \"hi\"}]").format());
    }

    @Test
    void readsToolCallsAndTheResultsThatAnswerThem() throws Exception {
        Trace trace = read("a.json", "[" + HUMAN + ",\n" + AI_CALL + ",\n" + TOOL + "]");
        List<Event> events = trace.events();
        assertEquals(List.of(EventKind.MESSAGE, EventKind.TOOL_CALL, EventKind.RESULT), events.stream().map(Event::kind).toList());
        Payload.ConversationMessage call = (Payload.ConversationMessage) events.get(1).payload();
        assertEquals("c1", call.message().toolCalls().get(0).id());
        assertEquals("{\"x\":1}", call.message().toolCalls().get(0).rawArguments());
        assertEquals("c1", ((Payload.ConversationMessage) events.get(2).payload()).message().toolCallId());
        assertEquals("/1", events.get(1).source().pointer());
        assertEquals(2, events.get(1).source().firstLine());
    }

    @Test
    void anAiMessageIsACallOfItsModelBilledItsUsage() throws Exception {
        // usage_metadata counts the cache inside input_tokens for every provider; before it existed only the
        // provider's own usage was in response_metadata (OpenAI's token_usage, Anthropic's usage without the cache).
        Trace trace = read("a.json", """
                [{"type": "human", "data": {"content": "hi", "type": "human"}},
                 {"type": "ai", "data": {"content": "a", "type": "ai",
                   "response_metadata": {"model": "claude-sonnet-4-5", "stop_reason": "end_turn"},
                   "usage_metadata": {"input_tokens": 1200, "output_tokens": 9, "total_tokens": 1209,
                     "input_token_details": {"cache_read": 1000, "cache_creation": 150}}}},
                 {"type": "human", "data": {"content": "and?", "type": "human"}},
                 {"type": "ai", "data": {"content": "b", "type": "ai", "usage_metadata": null,
                   "response_metadata": {"model_name": "gpt-4o-2024-08-06", "token_usage": {"prompt_tokens": 60,
                     "completion_tokens": 15, "prompt_tokens_details": {"cached_tokens": 20}}}}},
                 {"type": "ai", "data": {"content": "c", "type": "ai",
                   "response_metadata": {"usage": {"input_tokens": 5, "cache_read_input_tokens": 100, "output_tokens": 3}}}},
                 {"type": "ai", "data": {"content": "an example written by hand", "type": "ai", "response_metadata": {}}}]
                """);
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(List.of("claude-sonnet-4-5", "gpt-4o-2024-08-06", ""), calls.stream().map(ModelCall::model).toList());
        assertEquals(List.of(Optional.of(new TokenUsage(1200, 1000, 150, 9)), Optional.of(new TokenUsage(60, 20, 0, 15)),
                Optional.of(new TokenUsage(105, 100, 0, 3))), calls.stream().map(ModelCall::usage).toList());
    }

    @Test
    void aStateHistoryBillsEachAiMessageOnceWhereItFirstAppears() throws Exception {
        // Every checkpoint after a model call repeats its message (and a second channel may hold it too): one call.
        String call = "{\"type\": \"ai\", \"id\": \"m1\", \"content\": \"\", \"tool_calls\": [], "
                + "\"response_metadata\": {\"model_name\": \"gpt-4o-mini\"}, \"usage_metadata\": {\"input_tokens\": 40, \"output_tokens\": 5}}";
        String answer = "{\"type\": \"ai\", \"id\": \"m2\", \"content\": \"done\", \"tool_calls\": [], "
                + "\"response_metadata\": {\"model_name\": \"gpt-4o-mini\"}, \"usage_metadata\": {\"input_tokens\": 50, \"output_tokens\": 2}}";
        String first = "{\"values\": {\"messages\": [" + HUMAN + ", " + call + "]}, \"next\": [\"agent\"], \"metadata\": {\"step\": 1}}";
        String second = "{\"values\": {\"messages\": [" + HUMAN + ", " + call + ", " + answer + "], \"execution_buffer\": ["
                + call + "]}, \"next\": [], \"metadata\": {\"step\": 2}}";
        Trace trace = read("history.json", "[\n" + first + ",\n" + second + "\n]");
        assertEquals("langgraph", trace.format());
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(List.of(Optional.of(new TokenUsage(40, 0, 0, 5)), Optional.of(new TokenUsage(50, 0, 0, 2))),
                calls.stream().map(ModelCall::usage).toList());
    }

    @Test
    void linesOfValuesStreamedByLangGraphAreOneThreadsStatesNotAConversationEach() throws Exception {
        // stream_mode="values": each line the whole state, its messages beginning with the last line's (same ids).
        String human = "{\"type\": \"human\", \"id\": \"h1\", \"content\": \"weather?\", \"additional_kwargs\": {}}";
        String call = "{\"type\": \"ai\", \"id\": \"a1\", \"content\": \"\", \"additional_kwargs\": {}, "
                + "\"tool_calls\": [{\"name\": \"w\", \"args\": {}, \"id\": \"c1\", \"type\": \"tool_call\"}]}";
        String result = "{\"type\": \"tool\", \"id\": \"t1\", \"content\": \"sunny\", \"tool_call_id\": \"c1\", \"additional_kwargs\": {}}";
        String text = "{\"messages\": [" + human + "]}\n{\"messages\": [" + human + ", " + call + "]}\n{\"messages\": ["
                + human + ", " + call + ", " + result + "]}\n";
        Trace trace = read("values.jsonl", text);
        assertEquals("langgraph", trace.format());
        assertEquals(1, trace.threads().size());
        assertEquals(List.of(EventKind.MESSAGE, EventKind.TOOL_CALL, EventKind.RESULT), trace.events().stream()
                .filter(e -> e.payload() instanceof Payload.ConversationMessage).map(Event::kind).toList());
        // Conversations of a data set, a line each, are no such stream, even where one extends another.
        String unnamed = text.replaceAll(", \"id\": \"[aht]1\"", "");
        Trace dataset = read("values.jsonl", unnamed);
        assertEquals("langchain", dataset.format());
        assertEquals(3, dataset.threads().size());
    }

    @Test
    void keepsABrokenJsonLinesLineWithItsLineAndColumnAndGoesOn() throws Exception {
        Trace trace = read("a.jsonl", HUMAN + "\n{\"type\": \"ai\" \"data\": {}}\n" + AI_CALL + "\n" + TOOL + "\n");
        assertEquals(3, trace.report().records() - trace.report().malformedRecords());
        Event broken = trace.events().stream().filter(e -> e.kind() == EventKind.MALFORMED).findFirst().orElseThrow();
        assertEquals(2, broken.source().firstLine());
        assertTrue(((Payload.Unparsed) broken.payload()).reason().startsWith("not valid JSON at column 15"),
                broken.payload().summary());
        assertTrue(trace.report().complete());
    }

    @Test
    void aCutShortHistoryImportsTheCheckpointsBeforeTheCutAndSaysWhere() throws Exception {
        String first = "{\"values\": {\"messages\": [" + HUMAN + "]}, \"next\": [\"agent\"], \"metadata\": {\"step\": 0}}";
        String second = "{\"values\": {\"messages\": [" + HUMAN + ", " + AI_CALL + "]}, \"next\": [], \"metadata\": {\"step\": 1}}";
        String text = "[\n" + first + ",\n" + second + ",\n" + second.substring(0, 60);
        Trace trace = read("cut.json", text);
        assertEquals("langgraph", trace.format());
        assertFalse(trace.report().complete());
        Event last = trace.events().get(trace.events().size() - 1);
        assertEquals(ChatTraceWriter.CUT_SHORT, last.keyword());
        assertEquals(4, last.source().firstLine());
        assertEquals(2, trace.threads().get(0).snapshots().size());
    }

    @Test
    void theFormatOptionReadsBareValuesAsOneCheckpointWithItsSections() throws Exception {
        String values = "{\"messages\": [" + HUMAN + "], \"execution_buffer\": [" + AI_CALL + ", " + TOOL + "], \"count\": 3}";
        Trace trace = Importers.standard().forcing("langgraph")
                .read(ImportSource.of("state.json", values.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
        StateSnapshot snapshot = trace.threads().get(0).lastSnapshot().orElseThrow();
        assertEquals(1, snapshot.size());
        assertEquals(2, snapshot.section("execution_buffer").orElseThrow().size());
        assertEquals(List.of("c1"), snapshot.section("execution_buffer").orElseThrow().entries().get(0).toolCallIds());
        assertTrue(snapshot.next().isEmpty());
    }

    @Test
    void aMessageThatIsNotLangChainsIsMalformedAndItsCheckpointIncomplete() throws Exception {
        String bad = "{\"type\": \"ai\", \"content\": 7}";
        Trace trace = read("a.json", "{\"values\": {\"messages\": [" + HUMAN + ", " + bad + "]}, \"next\": []}");
        assertEquals(1, trace.report().malformedRecords());
        StateSnapshot snapshot = ((Payload.StateDump) trace.threads().get(0).snapshots().get(0).payload()).snapshot();
        assertTrue(snapshot.isIncomplete());
    }
}
