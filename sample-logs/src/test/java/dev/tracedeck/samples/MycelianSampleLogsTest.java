package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.state.StateSnapshot;
import dev.tracedeck.model.trace.Trace;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Keeps the Mycelian samples honest: they import without surprises, their state dumps are the state the lines
 * before them built, and the line numbers in sample-logs/README.md point at the records they name. When a
 * sample is regenerated (tools/gen_mycelian_samples.py prints the table), update the README and the numbers
 * here together.
 */
class MycelianSampleLogsTest {

    private static final String BEFORE = "before-prebuilt-react.log";
    private static final String AFTER = "after-tool-only.log";
    private static final String PASTED = "prefixless-pasted.log";
    private static final String OLDER = "older-runner-levels.log";
    private static final String VIOLATIONS = "protocol-violations.log";
    private static final String CRASHED = "crashed-mid-call.log";
    private static final String TEXT_CALLS = "text-tool-calls.log";

    private static final String MEM_BEFORE = "3f2b9c1e-8d4a-4f6b-9a51-2c7e0d9b6a13";
    private static final String MEM_AFTER = "a71e0c54-3b9d-4f28-9e6a-d4c2b8f01735";
    private static final String MEM_OLDER = "5e7a1c93-2f4b-4d6e-a8c0-91b2d3e4f5a6";
    private static final String MEM_VIOLATIONS = "d81c4f6a-0e3b-4c72-9b5d-7a2e6f1c8b39";

    @Test
    void everySampleImportsAsAMycelianLog() throws Exception {
        for (String name : List.of(BEFORE, AFTER, PASTED, OLDER, VIOLATIONS, CRASHED, TEXT_CALLS)) {
            Trace trace = load(name);
            assertEquals("mycelian-log", trace.format(), name);
            assertTrue(trace.report().complete(), name);
        }
    }

    @Test
    void onlyTheDocumentedLinesAreNotUnderstood() throws Exception {
        // the retry line of the OpenAI client is the one line without a keyword in the full runs
        assertEquals(Map.of(490, "other"), oddLines(load(BEFORE)));
        assertEquals(Map.of(457, "other"), oddLines(load(AFTER)));
        assertEquals(Map.of(9, "other", 14, "malformed"), oddLines(load(PASTED)));
        assertEquals(Map.of(51, "other"), oddLines(load(OLDER)));
        // the tool node's print when put_context timed out
        assertEquals(Map.of(163, "other"), oddLines(load(VIOLATIONS)));
        // the runner's line when it gave up on the question
        assertEquals(Map.of(92, "other"), oddLines(load(CRASHED)));
        assertEquals(Map.of(), oddLines(load(TEXT_CALLS)));
    }

    @Test
    void previewsCutByPythonAfterEmojiCjkAndCombiningMarksAreKnownAsCut() throws Exception {
        Map<Integer, Payload.ConversationMessage> messages = new HashMap<>();
        for (Event e : load(CRASHED).events()) {
            if (e.payload() instanceof Payload.ConversationMessage m) {
                messages.put(e.source().firstLine(), m);
            }
        }
        for (int line : List.of(22, 39)) {
            Payload.ConversationMessage m = messages.get(line);
            String preview = m.message().content();
            assertTrue(m.previewCut(), "line " + line);
            assertEquals(200, preview.codePointCount(0, preview.length()), "line " + line);
            assertTrue(preview.length() > 200 || line == 39, "line 22 has emoji: more UTF-16 units than characters");
        }
        assertFalse(messages.get(59).previewCut());
        assertEquals(36, messages.get(59).fullLength(), "chars= counts the no-break space the preview stripped");
    }

    @Test
    void stateDumpsGrowTurnByTurnAndMatchTheirHeaders() throws Exception {
        for (String name : List.of(BEFORE, AFTER, VIOLATIONS)) {
            Map<String, List<StateEntry>> last = new HashMap<>();
            int dumps = 0;
            for (Event e : load(name).events()) {
                if (e.payload() instanceof Payload.StateDump dump) {
                    StateSnapshot s = dump.snapshot();
                    assertTrue(s.hasMessageList(), name + " " + e.source());
                    assertEquals(s.declaredSize(), s.size(), name + " " + e.source());
                    for (int i = 0; i < s.size(); i++) {
                        assertEquals(i + 1, s.entries().get(i).idx(), name + " " + e.source());
                    }
                    List<StateEntry> previous = last.getOrDefault(e.threadId(), List.of());
                    assertTrue(s.size() > previous.size(), name + " " + e.source());
                    assertEquals(previous, s.entries().subList(0, previous.size()), "append-only " + name + " " + e.source());
                    last.put(e.threadId(), s.entries());
                    dumps++;
                }
            }
            assertEquals(name.equals(VIOLATIONS) ? 3 : 2, last.size(), name);
            assertTrue(dumps >= 20, name);
        }
    }

    @Test
    void theAfterRunIsTheCleanShape() throws Exception {
        Trace after = load(AFTER);
        assertEquals(oneEach(MEM_AFTER, 8, 6), addEntriesPerMessage(after));
        for (Event e : after.events()) {
            if (e.payload() instanceof Payload.StateDump dump) {
                for (StateEntry entry : dump.snapshot().entries()) {
                    if (entry.type().equals("ai")) {
                        assertTrue(entry.hasToolCalls() && entry.content().isEmpty(), "tool calls only: " + e.source());
                    }
                }
            }
            if (e.payload() instanceof Payload.ToolInvocation t && !t.planned() && t.call().name().equals("add_entry")
                    && !t.call().truncated()) {
                assertEquals(t.role(), t.call().argument("tags", "role").orElseThrow(), e.source().toString());
            }
        }
        assertEquals(List.of(126, 127), truncatedToolLines(after));
    }

    @Test
    void theBeforeRunHasExactlyTheDocumentedFaults() throws Exception {
        Trace before = load(BEFORE);
        String s1 = MEM_BEFORE + ":s1";
        String s2 = MEM_BEFORE + ":s2";

        // duplicate-add-entry: s1 msg_idx 3, TOOL_CALL lines 69 and 73, state entries at lines 92 and 94
        Map<String, Integer> expected = oneEach(MEM_BEFORE, 8, 6);
        expected.put(s1 + "#3", 2);
        assertEquals(expected, addEntriesPerMessage(before));
        assertToolCall(before, 69, "add_entry", s1, 3);
        assertToolCall(before, 73, "add_entry", s1, 3);
        StateSnapshot afterMsg3 = snapshotAt(before, 76);
        assertEquals(92, afterMsg3.entryLine(12));
        assertEquals(94, afterMsg3.entryLine(14));
        assertEquals(List.of("add_entry"), afterMsg3.entries().get(12).toolNames());
        assertEquals(List.of("add_entry"), afterMsg3.entries().get(14).toolNames());

        // assistant-text-in-state: s1 msg_idx 3, first at STATE_MSG line 96
        StateEntry text = afterMsg3.entries().get(16);
        assertEquals(96, afterMsg3.entryLine(16));
        assertTrue(text.isAi() && !text.hasToolCalls() && text.content().startsWith("Here are solo-friendly"));
        assertEquals(1, aiTextEntries(before), "one agent-authored text entry (repeated in later dumps)");

        // role-mismatch: s2 msg_idx 4, TOOL_CALL line 526 says role=assistant, tags say user
        Payload.ToolInvocation mismatch = assertToolCall(before, 526, "add_entry", s2, 4);
        assertEquals("assistant", mismatch.role());
        assertEquals("user", mismatch.call().argument("tags", "role").orElseThrow());

        // bootstrap-repeated: s2 SESSION_START line 399, get_context 403 and 411, list_entries 407 and 415
        assertEquals("SESSION_START", control(before, 399));
        assertToolCall(before, 403, "get_context", s2, -1);
        assertToolCall(before, 407, "list_entries", s2, -1);
        assertToolCall(before, 411, "get_context", s2, -1);
        assertToolCall(before, 415, "list_entries", s2, -1);
        assertEquals(Map.of(s1, 1, s2, 2), callsPerThread(before, "get_context"));
        assertEquals(Map.of(s1, 1, s2, 2), callsPerThread(before, "list_entries"));

        // missing-flush: s1 FLUSH_CONTEXT at line 211 is followed by the next message, not by a flush
        assertEquals("FLUSH_CONTEXT", control(before, 211));
        for (int seq = at(before, 211).seq() + 1; !(before.event(seq).payload() instanceof Payload.ConversationMessage); seq++) {
            assertFalse(before.event(seq).kind() == EventKind.TOOL_CALL, "no tool call after the ignored flush");
        }
        assertEquals(Map.of(s1, 1, s2, 2), callsPerThread(before, "await_consistency"));
        assertEquals(Map.of(s1, 1, s2, 2), callsPerThread(before, "put_context"));

        // s1 msg_idx 6 at line 171: periodic-flush leaves it to missing-flush, since FLUSH_CONTEXT came before msg 7
        assertEquals(6, ((Payload.ConversationMessage) at(before, 171).payload()).msgIdx().getAsInt());

        // args cut at 1500 characters: s1 msg_idx 5
        assertEquals(List.of(136, 137), truncatedToolLines(before));
    }

    @Test
    void thePastedExcerptAndTheOlderRunnerShowWhatTheReadmeSays() throws Exception {
        Trace pasted = load(PASTED);
        String s1 = MEM_BEFORE + ":s1";
        assertToolCall(pasted, 31, "add_entry", s1, 3);
        assertToolCall(pasted, 35, "add_entry", s1, 3);
        StateSnapshot dump = snapshotAt(pasted, 12);
        assertEquals(11, dump.declaredSize());
        assertEquals(10, dump.size(), "the mangled STATE_MSG is not an entry");
        assertTrue(snapshotAt(pasted, 38).entries().get(16).content().startsWith("Here are solo-friendly"));

        Trace older = load(OLDER);
        Event error = at(older, 37);
        assertTrue(error.payload() instanceof Payload.AgentError, error.toString());
        assertEquals(MEM_OLDER + ":s1", error.threadId());
        assertFalse(at(older, 15).payload() instanceof Payload.StateDump d && d.snapshot().hasMessageList());
        assertEquals(Map.of(MEM_OLDER + ":s1#1", 1, MEM_OLDER + ":s1#2", 1), addEntriesPerMessage(older));
        assertEquals(3, ((Payload.ConversationMessage) at(older, 35).payload()).msgIdx().getAsInt());
    }

    @Test
    void theProtocolViolationsRunShowsWhatTheReadmeSays() throws Exception {
        Trace run = load(VIOLATIONS);
        String s1 = MEM_VIOLATIONS + ":s1";
        String s2 = MEM_VIOLATIONS + ":s2";
        String s3 = MEM_VIOLATIONS + ":s3";

        // every message has exactly one add_entry, except :s3 msg 3 (missing-add-entry, MSG line 800)
        Map<String, Integer> expected = oneEach(MEM_VIOLATIONS, 8, 8, 4);
        expected.remove(s3 + "#3");
        assertEquals(expected, addEntriesPerMessage(run));
        assertEquals(3, ((Payload.ConversationMessage) at(run, 800).payload()).msgIdx().getAsInt());
        assertEquals(s3, at(run, 800).threadId());

        // content-not-verbatim: :s1 msg 3 (MSG 65, exactly 200 characters, not cut), raw_entry paraphrased (69)
        Payload.ConversationMessage knees = (Payload.ConversationMessage) at(run, 65).payload();
        assertEquals(200, knees.fullLength());
        assertFalse(knees.previewCut());
        Payload.ToolInvocation paraphrase = assertToolCall(run, 69, "add_entry", s1, 3);
        assertTrue(paraphrase.call().argument("raw_entry").orElseThrow().startsWith("I'm mainly worried"));
        assertEquals("user", paraphrase.call().argument("tags", "role").orElseThrow());

        // orphaned-tool-call: :s1 msg 6 flushes (await 161, put 162), put_context's result is lost (163);
        // idx 24 is first shown at line 193 (dump at 166) and, in the thread's last dump (287), at 314
        assertToolCall(run, 161, "await_consistency", s1, 6);
        assertToolCall(run, 162, "put_context", s1, 6);
        for (int[] at : new int[][] {{166, 193}, {287, 314}}) {
            StateSnapshot dump = snapshotAt(run, at[0]);
            assertEquals(at[1], dump.entryLine(23));
            assertEquals(List.of("await_consistency", "put_context"), dump.entries().get(23).toolNames());
            assertEquals("tool", dump.entries().get(24).type());
        }
        assertEquals(25, snapshotAt(run, 166).size(), "one result after the flush's two calls");
        assertEquals("chat", snapshotAt(run, 287).entries().get(25).type(), "msg 7 follows one result, not two");

        // bootstrap-missing: :s2 SESSION_START 328, list_entries with limit 50 at 336
        assertEquals("SESSION_START", control(run, 328));
        assertEquals("50", assertToolCall(run, 336, "list_entries", s2, -1).call().argument("limit").orElseThrow());

        // repeated-tool-call: search_memories three times with identical args while handling :s2 msg 1
        String args = assertToolCall(run, 352, "search_memories", s2, 1).call().rawArguments();
        assertEquals(args, assertToolCall(run, 356, "search_memories", s2, 1).call().rawArguments());
        assertEquals(args, assertToolCall(run, 360, "search_memories", s2, 1).call().rawArguments());
        assertToolCall(run, 364, "add_entry", s2, 1);

        // tool-result-without-call: two add_entry plans (447, 448), one call (449), two results (478: the stray)
        assertTrue(at(run, 447).payload() instanceof Payload.ToolInvocation t1 && t1.planned());
        assertTrue(at(run, 448).payload() instanceof Payload.ToolInvocation t2 && t2.planned());
        assertToolCall(run, 449, "add_entry", s2, 4);
        StateSnapshot last2 = snapshotAt(run, 674);
        assertEquals(700, last2.entryLine(23));
        assertTrue(last2.entries().get(23).content().startsWith("skipped: duplicate add_entry"));
        assertEquals(478, snapshotAt(run, 452).entryLine(23));
        assertEquals(List.of("add_entry"), last2.entries().get(21).toolNames());

        // periodic-flush: :s2 msg 6 (518) plans add_entry only (522); msg 7 is next (559)
        assertToolCall(run, 522, "add_entry", s2, 6);
        for (int seq = at(run, 518).seq() + 1; seq < at(run, 559).seq(); seq++) {
            if (run.event(seq).payload() instanceof Payload.ToolInvocation t && !t.planned()) {
                assertEquals("add_entry", t.call().name());
            }
            assertFalse(run.event(seq).payload() instanceof Payload.ControlMessage, "this runner sends no FLUSH_CONTEXT");
        }
        assertEquals(Map.of(s1, 2, s2, 1, s3, 1), callsPerThread(run, "await_consistency"));
        assertEquals(Map.of(s1, 2, s2, 1, s3, 1), callsPerThread(run, "put_context"));

        // context-call-during-conversation: get_context while handling :s3 msg 2 (MSG 768)
        assertToolCall(run, 772, "get_context", s3, 2);
        assertEquals(Map.of(s1, 1, s2, 1, s3, 2), callsPerThread(run, "get_context"));

        // system-persisted: :s3 msg 4 (assistant, MSG 825) persisted with role mycelian (829)
        Payload.ToolInvocation mycelian = assertToolCall(run, 829, "add_entry", s3, 4);
        assertEquals("assistant", mycelian.role());
        assertEquals("mycelian", mycelian.call().argument("tags", "role").orElseThrow());
    }

    @Test
    void theTextToolCallsRunShowsWhatTheReadmeSays() throws Exception {
        Trace run = load(TEXT_CALLS);
        String s1 = "c4e8a2f1-6d3b-4a97-8e50-b1f7d9c3a264:s1";
        // the model never calls a tool itself: every model call answers with no tool calls
        for (Event e : run.events()) {
            if (e.payload() instanceof Payload.LlmCall c && c.toolCalls().isPresent()) {
                assertEquals(0, c.toolCalls().getAsInt(), e.source().toString());
            }
        }
        // msgs 2 and 4: the prototype parser ran the one-line call (TOOL_CALL 35 and 83), after the text entry
        assertEquals(Map.of(s1 + "#2", 1, s1 + "#4", 1), addEntriesPerMessage(run));
        assertEquals("assistant", assertToolCall(run, 35, "add_entry", s1, 2).call().argument("role").orElseThrow());
        assertToolCall(run, 83, "add_entry", s1, 4);
        // the text entries (line of the STATE_MSG, in the dump that first shows it): what they start with, cut or not
        Object[][] texts = {{17, 24, "I'll remember that for you.\nTOOL_CALL_START\n{", true},
            {36, 51, "TOOL_CALL_START {\"function\": \"add_entry\"", true}, {58, 77, "<tool_call>\n{\"name\": \"add_entry\"", true},
            {84, 106, "TOOL_CALL_START {\"function\": \"add_entry\"", true}, {113, 139, "```json\n{\"function\": \"add_entry\"", false},
            {146, 176, "I could use add_entry", false}};
        for (Object[] t : texts) {
            StateSnapshot dump = snapshotAt(run, (int) t[0]);
            int position = -1;
            for (int i = 0; i < dump.size(); i++) {
                if (dump.entryLine(i) == (int) t[1]) {
                    position = i;
                }
            }
            assertTrue(position >= 0, "no entry at line " + t[1]);
            StateEntry entry = dump.entries().get(position);
            assertTrue(entry.isAi() && !entry.hasToolCalls(), "line " + t[1]);
            assertTrue(entry.content().startsWith((String) t[2]), entry.content());
            assertEquals(t[3], entry.contentCut(), "line " + t[1]);
            boolean ran = position + 1 < dump.size() && dump.entries().get(position + 1).toolNames().equals(List.of("add_entry"));
            assertEquals((int) t[1] == 51 || (int) t[1] == 106, ran, "line " + t[1]);
        }
    }

    // ----------------------------------------------------------------------------------------------------

    private static Trace load(String name) throws Exception {
        String resource = "sample-logs/mycelian/" + name;
        try (InputStream in = MycelianSampleLogsTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            return Importers.standard().read(ImportSource.of(name, in.readAllBytes()), ImportListener.NONE);
        }
    }

    private static Map<Integer, String> oddLines(Trace trace) {
        Map<Integer, String> odd = new TreeMap<>();
        for (Event e : trace.events()) {
            if (e.payload() instanceof Payload.Unparsed u) {
                odd.put(e.source().firstLine(), u.malformed() ? "malformed" : "other");
            }
        }
        return odd;
    }

    private static Event at(Trace trace, int line) {
        return trace.events().stream().filter(e -> e.source().firstLine() == line).findFirst()
                .orElseThrow(() -> new AssertionError("no record starts at line " + line));
    }

    private static String control(Trace trace, int line) {
        return ((Payload.ControlMessage) at(trace, line).payload()).content();
    }

    private static StateSnapshot snapshotAt(Trace trace, int line) {
        return ((Payload.StateDump) at(trace, line).payload()).snapshot();
    }

    private static Payload.ToolInvocation assertToolCall(Trace trace, int line, String tool, String thread, int msgIdx) {
        Event e = at(trace, line);
        Payload.ToolInvocation t = (Payload.ToolInvocation) e.payload();
        assertFalse(t.planned(), "TOOL_CALL at " + line);
        assertEquals(tool, t.call().name(), "tool at " + line);
        assertEquals(thread, e.threadId(), "thread at " + line);
        assertEquals(msgIdx, t.msgIdx().orElse(-1), "msg_idx at " + line);
        return t;
    }

    private static Map<String, Integer> oneEach(String memoryId, int... messagesPerSession) {
        Map<String, Integer> counts = new TreeMap<>();
        for (int s = 1; s <= messagesPerSession.length; s++) {
            for (int i = 1; i <= messagesPerSession[s - 1]; i++) {
                counts.put(memoryId + ":s" + s + "#" + i, 1);
            }
        }
        return counts;
    }

    private static Map<String, Integer> addEntriesPerMessage(Trace trace) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Event e : trace.events()) {
            if (e.payload() instanceof Payload.ToolInvocation t && !t.planned() && t.call().name().equals("add_entry")) {
                counts.merge(e.threadId() + "#" + t.msgIdx().getAsInt(), 1, Integer::sum);
            }
        }
        return counts;
    }

    private static Map<String, Integer> callsPerThread(Trace trace, String tool) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Event e : trace.events()) {
            if (e.payload() instanceof Payload.ToolInvocation t && !t.planned() && t.call().name().equals(tool)) {
                counts.merge(e.threadId(), 1, Integer::sum);
            }
        }
        return counts;
    }

    private static List<Integer> truncatedToolLines(Trace trace) {
        List<Integer> lines = new ArrayList<>();
        for (Event e : trace.events()) {
            if (e.payload() instanceof Payload.ToolInvocation t && t.call().truncated()) {
                lines.add(e.source().firstLine());
            }
        }
        return lines;
    }

    /** Distinct AI entries with text and no tool calls, over all dumps (shared entries count once). */
    private static int aiTextEntries(Trace trace) {
        List<StateEntry> seen = new ArrayList<>();
        for (Event e : trace.events()) {
            if (e.payload() instanceof Payload.StateDump dump) {
                for (StateEntry entry : dump.snapshot().entries()) {
                    if (entry.isAi() && !entry.hasToolCalls() && !entry.content().isEmpty()
                            && seen.stream().noneMatch(s -> s == entry)) {
                        seen.add(entry);
                    }
                }
            }
        }
        return seen.size();
    }
}
