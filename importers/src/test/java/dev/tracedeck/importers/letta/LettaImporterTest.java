package dev.tracedeck.importers.letta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LettaImporterTest {

    /** An older-schema agent that edits its memory: Letta writes the rebuilt prompt between the call and its result. */
    private static final String OLDER = """
            {"agent_type": "memgpt_agent",
             "core_memory": [{"label": "human", "value": "First name: Sam", "limit": 5000},
                             {"label": "persona", "value": "I am Ada.", "limit": 5000}],
             "in_context_message_indices": [4, 3, 5, 6],
             "llm_config": {"model": "gpt-4o", "context_window": 128000},
             "messages": [
              {"role": "system", "content": [{"type": "text", "text": "You are Letta.\\nCore memory shown below (limited in size):\\n<persona characters=\\"9/5000\\">\\nI am Ada.\\n</persona>\\n<human characters=\\"16/5000\\">\\nFirst name: Chad\\n</human>"}], "tool_calls": []},
              {"role": "user", "content": [{"type": "text", "text": "{\\"type\\": \\"user_message\\", \\"message\\": \\"call me Sam\\"}"}], "tool_calls": []},
              {"role": "assistant", "name": "ada", "model": "gpt-4o", "content": [{"type": "text", "text": "Updating memory."}],
               "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "core_memory_replace", "arguments": "{\\"label\\": \\"human\\", \\"old_content\\": \\"Chad\\", \\"new_content\\": \\"Sam\\"}"}}]},
              {"role": "system", "content": [{"type": "text", "text": "You are Letta.\\nCore memory shown below (limited in size):\\n<persona characters=\\"9/5000\\">\\nI am Ada.\\n</persona>\\n<human characters=\\"15/5000\\">\\nFirst name: Sam\\n</human>"}], "tool_calls": []},
              {"role": "tool", "name": "ada", "tool_call_id": "c1", "content": [{"type": "text", "text": "{\\"status\\": \\"OK\\"}"}], "tool_calls": []},
              {"role": "user", "content": [{"type": "text", "text": "{\\"type\\": \\"heartbeat\\"}"}], "tool_calls": []},
              {"role": "assistant", "name": "ada", "content": [], "tool_calls": [{"id": "c2", "type": "function", "function": {"name": "send_message", "arguments": "{\\"message\\": \\"Hi Sam\\"}"}}]}
             ],
             "name": "ada",
             "system": "You are Letta.",
             "tools": [{"name": "send_message", "json_schema": {"name": "send_message", "description": "Sends a message.", "parameters": {"type": "object", "properties": {"message": {"type": "string"}}}}}]}
            """;

    private static Trace read(String json) throws Exception {
        return Importers.standard().read(ImportSource.of("agent.af", json.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    @Test
    void aRebuiltSystemPromptIsAMemoryDumpNotAMessageBetweenACallAndItsResult() throws Exception {
        Trace trace = read(OLDER);
        assertEquals("letta", trace.format());
        List<String> roles = trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message().role()).toList();
        // No system message between the call and its result: the rebuilt prompt is no message.
        assertEquals(List.of("system", "user", "assistant", "tool", "user", "assistant"), roles);
        List<StateSnapshot> dumps = trace.events().stream().filter(e -> e.payload() instanceof Payload.StateDump)
                .map(e -> ((Payload.StateDump) e.payload()).snapshot()).toList();
        assertEquals(3, dumps.size(), "the first prompt, the rebuilt one, the saved blocks");
        assertEquals("First name: Chad", dumps.get(0).section("human").orElseThrow().entries().get(0).content());
        assertEquals("First name: Sam", dumps.get(1).section("human").orElseThrow().entries().get(0).content());
        assertEquals("I am Ada.", dumps.get(2).section("persona").orElseThrow().entries().get(0).content());
    }

    @Test
    void messagesLeftOutOfContextEndAtACompactionAndEachAnswerIsAModelCall() throws Exception {
        Trace trace = read(OLDER);
        var records = trace.threads().get(0).records();
        assertEquals(1, records.compactions().size());
        Event at = records.compactions().get(0).event();
        assertEquals(AgentReading.EVICTED, at.keyword());
        assertEquals(2, records.modelCalls().size());
        assertEquals("gpt-4o", records.modelCalls().get(0).model());
        assertEquals(128000, records.window().getAsInt());
    }

    /** An agent file writes created_at on each message; a message as Letta's API returns it has date instead. */
    @Test
    void eachMessageIsAtTheTimeItWasWritten() throws Exception {
        Trace trace = read("""
                {"agent_type": "memgpt_agent", "name": "ada", "core_memory": [],
                 "messages": [
                  {"role": "system", "content": "You are Letta.", "created_at": "2025-06-03T08:00:02.114205+00:00"},
                  {"role": "user", "content": "hi", "created_at": "2025-06-03T08:01:10"},
                  {"role": "assistant", "content": "Hello.", "date": "2025-06-03T08:01:11Z"},
                  {"role": "user", "content": "no time written"}
                 ]}
                """);
        assertEquals("letta", trace.format());
        List<String> times = trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(Event::time).toList();
        assertEquals(List.of("2025-06-03T08:00:02.114205+00:00", "2025-06-03T08:01:10", "2025-06-03T08:01:11Z", ""), times);
    }

    @Test
    void theToolMessageKeepsNoName() throws Exception {
        Trace trace = read(OLDER);
        trace.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage m
                && m.message().isToolResult()).forEach(e -> assertEquals("",
                ((Payload.ConversationMessage) e.payload()).message().name()));
    }
}
