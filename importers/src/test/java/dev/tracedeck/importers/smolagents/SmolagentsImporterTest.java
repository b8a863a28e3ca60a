package dev.tracedeck.importers.smolagents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.UnrecognizedFormatException;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SmolagentsImporterTest {

    private static final String TASK = "{\"task\": \"Say hi\", \"task_images\": null}";

    private static String action(int n, String calls, String observations) {
        return "{\"step_number\": " + n + ", \"timing\": {\"start_time\": 1.5, \"end_time\": 2.0, \"duration\": 0.5}, "
                + "\"tool_calls\": " + calls + ", \"error\": null, \"model_output\": \"thinking\", \"observations\": "
                + observations + ", \"is_final_answer\": false}";
    }

    private static Trace read(String name, String text) throws Exception {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }

    private static List<Message> messages(Trace trace, String thread) {
        return trace.events().stream().filter(e -> e.threadId().equals(thread))
                .filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message()).toList();
    }

    @Test
    void jsonLinesOfWholeRunsAreAThreadEach() throws Exception {
        String run = "[" + TASK + ", " + action(1, "[]", "\"hi\"") + "]";
        Trace trace = read("runs.jsonl", run + "\n" + run + "\n");
        assertEquals("smolagents", trace.format());
        assertEquals(List.of("line 1", "line 2"), trace.threads().stream().map(t -> t.id()).toList());
        assertEquals("New task:\nSay hi", messages(trace, "line 2").get(0).content());
    }

    @Test
    void anObjectsStepsAreStreamedAndItsOtherFieldsAreOneRunRecord() throws Exception {
        Trace trace = read("result.json", "{\"output\": \"hi\", \"state\": \"success\", \"steps\": [" + TASK + ", "
                + action(1, "[]", "\"hi\"") + "], \"token_usage\": null}");
        List<Event> records = trace.events().stream().filter(e -> e.keyword().equals("run")).toList();
        assertEquals(1, records.size());
        assertTrue(records.get(0).summary().contains("\"state\":\"success\""), records.get(0).summary());
        assertEquals(2, trace.events().stream().filter(e -> e.kind() == EventKind.STEP).count());
    }

    @Test
    void parallelCallsShareTheJoinedObservationAndEachIsAnswered() throws Exception {
        String calls = "[{\"id\": \"call_a\", \"type\": \"function\", \"function\": {\"name\": \"f\", \"arguments\": {\"x\": 1}}},"
                + " {\"id\": \"call_b\", \"type\": \"function\", \"function\": {\"name\": \"g\", \"arguments\": \"{\\\"y\\\": 2}\"}}]";
        Trace trace = read("steps.json", "[" + TASK + ", " + action(1, calls, "\"f says 1\\ng says 2\"") + "]");
        List<Message> memory = messages(trace, "run");
        Message call = memory.get(1);
        assertEquals(List.of("call_a", "call_b"), call.toolCalls().stream().map(c -> c.id()).toList());
        assertEquals("{\"y\": 2}", call.toolCalls().get(1).rawArguments(), "a stringified argument stays as written");
        assertTrue(call.toolCalls().get(1).arguments().isPresent(), "and is parsed");
        assertEquals("call_a", memory.get(2).toolCallId());
        assertEquals("Observation:\nf says 1\ng says 2", memory.get(2).content());
        assertEquals("call_b", memory.get(3).toolCallId());
        assertTrue(memory.get(3).content().contains("observation of call call_a"), memory.get(3).content());
    }

    @Test
    void rolesWrittenAsTheEnumsStrAreReadAsTheirValues() throws Exception {
        String step = "{\"step_number\": 1, \"timing\": {\"start_time\": 1.0}, \"model_input_messages\": [{\"role\": "
                + "\"MessageRole.SYSTEM\", \"content\": [{\"type\": \"text\", \"text\": \"Be brief.\"}]}], \"tool_calls\": [],"
                + " \"model_output\": \"ok\", \"observations\": null}";
        Trace trace = read("steps.json", "[" + TASK + ", " + step + "]");
        List<Message> memory = messages(trace, "run");
        assertEquals("system", memory.get(0).role(), "the system prompt comes first, from the first model input");
        assertEquals("Be brief.", memory.get(0).content());
        assertEquals("user", memory.get(1).role());
    }

    /**
     * One {@code ActionStep.dict()} on its own, as a step callback dumps it (keys in the order smolagents writes them,
     * indented): a run of one step. Its system prompt is longer than the head importers are sniffed on, so only the
     * number, the timing and the start of the model input are there to tell it by.
     */
    @Test
    void aLoneStepIsARunOfOneStep() throws Exception {
        String prompt = "You are an expert assistant who can solve any task using tool calls. ".repeat(300).strip();
        String step = """
                {
                  "step_number": 1,
                  "timing": {"start_time": 1752400000.25, "end_time": 1752400003.75, "duration": 3.5},
                  "model_input_messages": [
                    {"role": "system", "content": [{"type": "text", "text": "PROMPT"}]},
                    {"role": "user", "content": [{"type": "text", "text": "New task:\\nWhat is 17 * 23?"}]}
                  ],
                  "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "calculator", "arguments": {"expression": "17 * 23"}}}],
                  "error": null,
                  "model_output_message": {"role": "assistant", "content": null, "tool_calls": [{"function": {"arguments": {"expression": "17 * 23"}, "name": "calculator", "description": null}, "id": "call_1", "type": "function"}], "raw": null, "token_usage": {"input_tokens": 812, "output_tokens": 21, "total_tokens": 833}},
                  "model_output": null,
                  "code_action": null,
                  "observations": "391",
                  "observations_images": null,
                  "action_output": null,
                  "token_usage": {"input_tokens": 812, "output_tokens": 21, "total_tokens": 833},
                  "is_final_answer": false
                }
                """.replace("PROMPT", prompt);
        for (String text : List.of(step, step.replaceAll("\\n\\s*", " ") + "\n")) {
            Trace trace = read("step.json", text);
            assertEquals("smolagents", trace.format());
            assertEquals(0, trace.report().malformedRecords());
            assertTrue(trace.report().complete());
            List<Event> records = trace.events().stream().filter(e -> e.kind() == EventKind.STEP).toList();
            assertEquals(1, records.size());
            assertTrue(records.get(0).summary().startsWith("action step 1 "), records.get(0).summary());
            assertEquals(1, records.get(0).source().firstLine());
            assertTrue(trace.events().stream().noneMatch(e -> e.keyword().equals("run")), "no run record: the step is all");
            List<Message> memory = messages(trace, "run");
            assertEquals(List.of("system", "user", "tool-call", "tool-response"), memory.stream().map(Message::role).toList());
            assertEquals(prompt, memory.get(0).content());
            assertEquals("New task:\nWhat is 17 * 23?", memory.get(1).content());
            assertEquals("calculator", memory.get(2).toolCalls().get(0).name());
            assertEquals("call_1", memory.get(3).toolCallId());
            assertEquals("Observation:\n391", memory.get(3).content());
            assertEquals("/model_input_messages/0", trace.events().stream()
                    .filter(e -> e.payload() instanceof Payload.ConversationMessage).findFirst().orElseThrow().source().pointer());
        }
    }

    @Test
    void jsonThatIsNoStepIsNotSmolagents() {
        assertThrows(UnrecognizedFormatException.class, () -> read("x.json", "[{\"step\": 1, \"plan_b\": true}]"));
        assertEquals(0, new SmolagentsImporter().confidence("{\"role\": \"user\", \"content\": \"hi\", \"tool_calls\": []}"));
    }

    @Test
    void stepsOfAJsonLinesFileOnDiskAreRangesOfItAsWritten(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String action = action(1, "[]", "\"東京 ☔\"");
        java.nio.file.Path steps = java.nio.file.Files.writeString(dir.resolve("steps.jsonl"), TASK + "\n" + action + "\n");
        List<Event> read = Importers.standard().read(ImportSource.of(steps), ImportListener.NONE).events().stream()
                .filter(e -> e.kind() == EventKind.STEP).toList();
        assertEquals(List.of(TASK, action), read.stream().map(Event::text).toList());
        assertTrue(read.stream().allMatch(e -> e.sourceText() instanceof dev.tracedeck.model.source.SourceText.InFile));

        // Two lines: a file of one object is a JSON document, not JSON Lines.
        String line = "{\"steps\": [" + TASK + ",  " + action + "], \"state\": \"success\"}\n";
        java.nio.file.Path runs = java.nio.file.Files.writeString(dir.resolve("runs.jsonl"), line + line);
        List<Event> run = Importers.standard().read(ImportSource.of(runs), ImportListener.NONE).events().stream()
                .filter(e -> e.kind() == EventKind.STEP).toList();
        assertEquals(List.of(TASK, action, TASK, action), run.stream().map(Event::text).toList(), "sliced from the line");
        assertTrue(run.stream().allMatch(e -> e.sourceText() instanceof dev.tracedeck.model.source.SourceText.InFile));
    }
}
