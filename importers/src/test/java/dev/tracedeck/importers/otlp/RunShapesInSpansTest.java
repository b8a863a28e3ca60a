package dev.tracedeck.importers.otlp;

import static dev.tracedeck.importers.otlp.Otlp.call;
import static dev.tracedeck.importers.otlp.Otlp.result;
import static dev.tracedeck.importers.otlp.Otlp.span;
import static dev.tracedeck.importers.otlp.Otlp.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.recorded.TerminalCall;
import dev.tracedeck.model.recorded.ThreadStart;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the span pipeline reads of how a run went, in every span format: an agent a tool call started is a thread of
 * its own; a Pydantic AI output tool ends the run; an Anthropic call whose server tools ran has no one call's usage.
 */
class RunShapesInSpansTest {

    private static final String T = "4bf92f3577b34da6a3ce929d0e0e4736";

    private static Trace read(String json) throws Exception {
        return Importers.standard().read(ImportSource.of("spans.json", json.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    private static Otlp chat(String id, String parent, long start, List<?> input, List<?> output) {
        return span(T, id, parent, "chat gpt-4o", start).attr("gen_ai.operation.name", "chat")
                .attr("gen_ai.conversation.id", "conv-1").json("gen_ai.input.messages", input)
                .json("gen_ai.output.messages", output);
    }

    @Test
    void anAgentAToolCallStartedIsAThreadOfItsOwnLinkedToThatCall() throws Exception {
        Trace trace = read(Otlp.request(
                span(T, "a1", "", "invoke_agent planner", 0).attr("gen_ai.operation.name", "invoke_agent")
                        .attr("gen_ai.conversation.id", "conv-1"),
                chat("c1", "a1", 10, List.of(text("user", "plan a trip")), List.of(call("call_1", "ask_booker"))),
                span(T, "t1", "a1", "execute_tool ask_booker", 20).attr("gen_ai.operation.name", "execute_tool")
                        .attr("gen_ai.tool.call.id", "call_1").attr("gen_ai.conversation.id", "conv-1"),
                span(T, "a2", "t1", "invoke_agent booker", 30).attr("gen_ai.operation.name", "invoke_agent")
                        .attr("gen_ai.conversation.id", "conv-1"),
                chat("c2", "a2", 40, List.of(text("system", "You book hotels."), text("user", "book Lisbon")),
                        List.of(text("assistant", "Booked."))),
                chat("c3", "a1", 60, List.of(text("user", "plan a trip"), call("call_1", "ask_booker"),
                        result("call_1", "Booked.")), List.of(text("assistant", "All set.")))));
        assertEquals(List.of("conv-1", "conv-1/invoke_agent booker a2"), trace.threads().stream().map(TraceThread::id).toList());
        TraceThread booker = trace.threads().get(1);
        ThreadStart start = booker.records().startedBy().orElseThrow();
        assertEquals("call_1", start.callId());
        assertEquals("conv-1", start.call().threadId());
        assertTrue(booker.events().stream().anyMatch(e -> e.payload() instanceof Payload.ConversationMessage m
                && m.message().content().equals("You book hotels.")));
    }

    @Test
    void anAgentSpanRightInsideAnothersStaysInItsThread() throws Exception {
        Trace trace = read(Otlp.request(
                span(T, "a1", "", "invoke_agent outer", 0).attr("gen_ai.operation.name", "invoke_agent"),
                span(T, "a2", "a1", "invoke_agent inner", 5).attr("gen_ai.operation.name", "invoke_agent"),
                chat("c1", "a2", 10, List.of(text("user", "hi")), List.of(text("assistant", "hello")))));
        assertEquals(1, trace.threads().size());
    }

    @Test
    void aPydanticAiOutputToolDeclaredByTheRequestEndsTheRun() throws Exception {
        Map<String, Object> parameters = Map.of("function_tools", List.of(), "output_mode", "tool",
                "output_tools", List.of(Map.of("name", "final_result", "kind", "output")));
        Trace trace = read(Otlp.request(
                chat("c1", "", 10, List.of(text("user", "rate this joke")), List.of(call("call_9", "final_result")))
                        .json("model_request_parameters", parameters),
                // A span after the answer: the run is not cut at the model's answer, the call is still its end.
                span(T, "x1", "", "running output function", 20).attr("gen_ai.conversation.id", "conv-1")));
        List<TerminalCall> terminal = trace.threads().get(0).records().terminalCalls();
        assertEquals(1, terminal.size());
        assertEquals("call_9", terminal.get(0).callId());
        Trace undeclared = read(Otlp.request(
                chat("c1", "", 10, List.of(text("user", "rate this joke")), List.of(call("call_9", "final_result")))));
        assertTrue(undeclared.threads().get(0).records().terminalCalls().isEmpty(), "a name alone says nothing");
    }

    @Test
    void anAnthropicCallWhoseServerToolsRanRecordsNoUsage() throws Exception {
        List<?> output = List.of(Map.of("role", "assistant", "parts", List.of(
                Map.of("type", "server_tool_call", "id", "srvtoolu_1", "name", "web_search"),
                Map.of("type", "server_tool_call_response", "id", "srvtoolu_1"),
                Map.of("type", "text", "content", "Found it."))));
        Trace trace = read(Otlp.request(
                chat("c1", "", 10, List.of(text("user", "search")), output).attr("gen_ai.provider.name", "anthropic")
                        .attr("gen_ai.usage.input_tokens", 950648).attr("gen_ai.usage.output_tokens", 900),
                chat("c2", "", 20, List.of(text("user", "search")), output).attr("gen_ai.provider.name", "openai")
                        .attr("gen_ai.usage.input_tokens", 5000).attr("gen_ai.usage.output_tokens", 90)));
        List<ModelCall> calls = trace.threads().get(0).records().modelCalls();
        assertEquals(Optional.empty(), calls.get(0).usage());
        assertTrue(calls.get(1).usage().isPresent(), "only Anthropic documents its usage as summed over the loop");
    }
}
