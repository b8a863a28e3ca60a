package dev.tracedeck.cli.freeze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tracedeck.cli.CliRun;
import org.junit.jupiter.api.Test;

/** {@code tracedeck freeze}: which call each option names, what the rebuilt body holds, and what it says it lacks. */
class FreezeCommandTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode json(String... args) throws Exception {
        CliRun run = CliRun.of(args);
        assertEquals(0, run.code(), run.err());
        return MAPPER.readTree(run.out());
    }

    @Test
    void aRebuiltChatRequestHoldsTheHistoryBeforeTheAnswerTheToolsAndTheModel() throws Exception {
        JsonNode frozen = json("freeze", "--no-workspace", "--json", "--step", "4", "../sample-logs/openai/clean-tool-calls.json");
        assertFalse(frozen.path("recorded").asBoolean());
        JsonNode body = frozen.path("body");
        assertEquals("gpt-4o-2024-08-06", body.path("model").asText());
        JsonNode messages = body.path("messages");
        assertEquals(java.util.List.of("developer", "user", "assistant", "tool", "tool"),
                java.util.stream.StreamSupport.stream(messages.spliterator(), false).map(m -> m.path("role").asText()).toList());
        assertEquals(java.util.Set.of(messages.get(2).path("tool_calls").get(0).path("id").asText(),
                        messages.get(2).path("tool_calls").get(1).path("id").asText()),
                java.util.Set.of(messages.get(3).path("tool_call_id").asText(), messages.get(4).path("tool_call_id").asText()));
        assertEquals(2, body.path("tools").size());
        assertTrue(frozen.path("notes").toString().contains("no sampling parameters"), frozen.path("notes").toString());
    }

    @Test
    void anEventNamesTheCallItLeadsTo() throws Exception {
        JsonNode byStep = json("freeze", "--no-workspace", "--json", "--step", "4", "../sample-logs/openai/clean-tool-calls.json");
        int answer = byStep.path("answerSeq").asInt();
        JsonNode byEvent = json("freeze", "--no-workspace", "--json", "--event", Integer.toString(answer),
                "../sample-logs/openai/clean-tool-calls.json");
        assertEquals(4, byEvent.path("step").asInt());
        JsonNode before = json("freeze", "--no-workspace", "--json", "--event", Integer.toString(answer - 1),
                "../sample-logs/openai/clean-tool-calls.json");
        assertEquals(4, before.path("step").asInt(), "a tool result before the answer went into that call");
    }

    @Test
    void aStepThatIsNoModelCallIsRefusedWithTheStepsThatAre() {
        CliRun run = CliRun.of("freeze", "--no-workspace", "--step", "2", "../sample-logs/openai/clean-tool-calls.json");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("no model call at step 2; its model calls are steps 3, 4"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void whatTheTraceDidNotRecordIsSaid() throws Exception {
        JsonNode frozen = json("freeze", "--no-workspace", "--json", "--step", "6", "../sample-logs/claude-code/resumed-session.jsonl");
        String notes = frozen.path("notes").toString();
        assertEquals("anthropic", frozen.path("provider").asText());
        assertTrue(notes.contains("thinking block was left out"), notes);
        assertTrue(notes.contains("no tool definitions"), notes);
        assertTrue(notes.contains("no system prompt"), notes);
        assertTrue(notes.contains("no max_tokens"), notes);
        assertFalse(frozen.path("body").toString().contains("[thinking"), "the placeholder is no text the model read");
    }

    @Test
    void callsWithoutIdsGetIdsThatPairThemWithTheirResults() throws Exception {
        JsonNode frozen = json("freeze", "--no-workspace", "--json", "--thread", "s1", "--step", "5",
                "../sample-logs/mycelian/before-prebuilt-react.log");
        String notes = frozen.path("notes").toString();
        assertTrue(notes.contains("ids are made up"), notes);
        assertTrue(notes.contains("state dump"), notes);
        JsonNode messages = frozen.path("body").path("messages");
        assertEquals(messages.get(1).path("tool_calls").get(0).path("id").asText(), messages.get(2).path("tool_call_id").asText());
    }

    @Test
    void theCurlCommandNamesTheKeyNeverHoldsIt() {
        CliRun run = CliRun.of("freeze", "--no-workspace", "--curl", "--thread", "recording", "--step", "2",
                "../sample-logs/sdk-recording/claude-trace-proxy.jsonl");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("\"x-api-key: $ANTHROPIC_API_KEY\""), run.out());
        assertFalse(run.out().toLowerCase(java.util.Locale.ROOT).contains("authorization"), run.out());
        assertFalse(run.out().contains("sk-ant"), run.out());
    }
}
