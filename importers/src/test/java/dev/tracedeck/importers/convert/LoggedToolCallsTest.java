package dev.tracedeck.importers.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A Mycelian log's tool calls and results as the converters write them: each {@code TOOL_CALL} line a call of the AI
 * message the next dump of the state holds, each tool entry after it that call's result, every call and result once
 * (logs written here in the agent's own lines, without the runner's prefix, as pasted).
 */
class LoggedToolCallsTest {

    private static final String T = "thread_id=m1:s1";

    @Test
    void eachLoggedCallIsTheCallOfTheAiMessageTheNextDumpHoldsAndTheToolEntryAfterItItsResult() throws Exception {
        Transcript t = transcript(
                "MSG " + T + " msg_idx=1 role=user chars=5 preview=hello",            // 1
                "TOOL_CALL tool=get_context " + T + " role= msg_idx= args={\"memory_id\": \"m1\"}", // 2
                "TOOL_CALL tool=add_entry " + T + " role=user msg_idx=1 args={\"raw_entry\": \"hello\"}", // 3
                "STATE " + T + " messages=5",                                         // 4
                "STATE_MSG idx=1 type=ai role= tool_calls=1[get_context] content=",   // 5
                "STATE_MSG idx=2 type=tool role= content=No context yet.",            // 6
                "STATE_MSG idx=3 type=chat role=user content=hello",                  // 7
                "STATE_MSG idx=4 type=ai role= tool_calls=1[add_entry] content=",     // 8
                "STATE_MSG idx=5 type=tool role= content=enqueued",                   // 9
                "MSG " + T + " msg_idx=2 role=assistant chars=2 preview=hi");        // 10

        assertEquals(List.of(
                "user: hello",
                "assistant → call_2 get_context {\"memory_id\": \"m1\"}",
                "tool call_2: No context yet.",
                "assistant → call_3 add_entry {\"raw_entry\": \"hello\"}",
                "tool call_3: enqueued",
                "assistant: hi"), said(t));
        assertTrue(t.omissions().lines().stream().anyMatch(l -> l.startsWith("state dumps: 1, not written as dumps")),
                t.omissions().lines().toString());
    }

    @Test
    void theEntriesADumpCarriesOverAreWrittenOnceAndThoseALaterDumpTrimmedAwayStay() throws Exception {
        Transcript t = transcript(
                "TOOL_CALL tool=get_context " + T + " role= msg_idx= args={}",        // 1
                "STATE " + T + " messages=2",                                         // 2
                "STATE_MSG idx=1 type=ai role= tool_calls=1[get_context] content=",   // 3
                "STATE_MSG idx=2 type=tool role= content=none",                       // 4
                "TOOL_CALL tool=add_entry " + T + " role=user msg_idx=1 args={}",     // 5
                "STATE " + T + " messages=4",                                         // 6
                "STATE_MSG idx=1 type=ai role= tool_calls=1[get_context] content=",   // 7
                "STATE_MSG idx=2 type=tool role= content=none",                       // 8
                "STATE_MSG idx=3 type=ai role= tool_calls=1[add_entry] content=",     // 9
                "STATE_MSG idx=4 type=tool role= content=enqueued",                   // 10
                "TOOL_CALL tool=add_entry " + T + " role=user msg_idx=2 args={}",     // 11
                // The agent trims its list to the last three entries before this turn.
                "STATE " + T + " messages=3",                                         // 12
                "STATE_MSG idx=1 type=tool role= content=enqueued",                   // 13
                "STATE_MSG idx=2 type=ai role= tool_calls=1[add_entry] content=",     // 14
                "STATE_MSG idx=3 type=tool role= content=enqueued");                  // 15

        assertEquals(List.of(
                "assistant → call_1 get_context {}",
                "tool call_1: none",
                "assistant → call_5 add_entry {}",
                "tool call_5: enqueued",
                "assistant → call_11 add_entry {}",
                "tool call_11: enqueued"), said(t));
    }

    @Test
    void aListTrimmedToItsLastEntriesThatReadsAsThePreviousOneStillHoldsTheCallsLoggedSince() throws Exception {
        Transcript t = transcript(
                "TOOL_CALL tool=add_entry " + T + " role=user msg_idx=1 args={\"n\": 1}", // 1
                "TOOL_CALL tool=add_entry " + T + " role=assistant msg_idx=2 args={\"n\": 2}", // 2
                "STATE " + T + " messages=4",                                         // 3
                "STATE_MSG idx=1 type=ai role= tool_calls=1[add_entry] content=",     // 4
                "STATE_MSG idx=2 type=tool role= content=enqueued",                   // 5
                "STATE_MSG idx=3 type=ai role= tool_calls=1[add_entry] content=",     // 6
                "STATE_MSG idx=4 type=tool role= content=enqueued",                   // 7
                "TOOL_CALL tool=add_entry " + T + " role=user msg_idx=3 args={\"n\": 3}", // 8
                // Trimmed to its last two entries, then the turn's own two: the same four entries again.
                "STATE " + T + " messages=4",                                         // 9
                "STATE_MSG idx=1 type=ai role= tool_calls=1[add_entry] content=",     // 10
                "STATE_MSG idx=2 type=tool role= content=enqueued",                   // 11
                "STATE_MSG idx=3 type=ai role= tool_calls=1[add_entry] content=",     // 12
                "STATE_MSG idx=4 type=tool role= content=enqueued");                  // 13

        assertEquals(List.of(
                "assistant → call_1 add_entry {\"n\": 1}",
                "tool call_1: enqueued",
                "assistant → call_2 add_entry {\"n\": 2}",
                "tool call_2: enqueued",
                "assistant → call_8 add_entry {\"n\": 3}",
                "tool call_8: enqueued"), said(t));
    }

    @Test
    void anExcerptsDumpMatchesItsLoggedCallsFromTheLastAndWritesTheEarlierCallsAsTheDumpNamesThem() throws Exception {
        Transcript t = transcript(
                "TOOL_CALL tool=add_entry " + T + " role=assistant msg_idx=2 args={\"n\": 2}", // 1
                "STATE " + T + " messages=4",                                         // 2
                "STATE_MSG idx=1 type=ai role= tool_calls=1[add_entry] content=",     // 3
                "STATE_MSG idx=2 type=tool role= content=enqueued",                   // 4
                "STATE_MSG idx=3 type=ai role= tool_calls=1[add_entry] content=",     // 5
                "STATE_MSG idx=4 type=tool role= content=enqueued");                  // 6

        assertEquals(List.of(
                "assistant → call_3 add_entry ",
                "tool call_3: enqueued",
                "assistant → call_1 add_entry {\"n\": 2}",
                "tool call_1: enqueued"), said(t));
        assertTrue(t.omissions().lines().contains("tool calls only a state dump shows: 1, written with the name the dump "
                + "gives and no arguments (no TOOL_CALL line of the log ran them)"), t.omissions().lines().toString());
    }

    @Test
    void aResultThatFollowsNoCallAnswersOneNoMessageMakes() throws Exception {
        Transcript t = transcript(
                "TOOL_CALL tool=add_entry " + T + " role=user msg_idx=1 args={}",     // 1
                "STATE " + T + " messages=3",                                         // 2
                "STATE_MSG idx=1 type=ai role= tool_calls=1[add_entry] content=",     // 3
                "STATE_MSG idx=2 type=tool role= content=enqueued",                   // 4
                "STATE_MSG idx=3 type=tool role= content=skipped: duplicate");        // 5

        assertEquals(List.of(
                "assistant → call_1 add_entry {}",
                "tool call_1: enqueued",
                "tool call_5: skipped: duplicate"), said(t));
    }

    @Test
    void aCallNoDumpShowsIsWrittenWhereItWasLoggedWithoutAResult() throws Exception {
        Transcript t = transcript(
                "MSG " + T + " msg_idx=1 role=user chars=5 preview=hello",            // 1
                "TOOL_CALL tool=add_entry " + T + " role=user msg_idx=1 args={}",     // 2
                "MSG " + T + " msg_idx=2 role=user chars=5 preview=again");           // 3

        assertEquals(List.of("user: hello", "assistant → call_2 add_entry {}", "user: again"), said(t));
        assertTrue(t.omissions().lines().stream().anyMatch(l -> l.startsWith("tool calls whose result the log doesn't "
                + "hold: 1, written without a result")), t.omissions().lines().toString());
    }

    @Test
    void aDumpWithALineThatCouldNotBeParsedIsLeftToTheWholeDumpAfterIt() throws Exception {
        Transcript t = transcript(
                "TOOL_CALL tool=get_context " + T + " role= msg_idx= args={}",        // 1
                "STATE " + T + " messages=2",                                         // 2
                "STATE_MSG idx=abc type=ai",                                          // 3
                "STATE_MSG idx=2 type=tool role= content=none",                       // 4
                "TOOL_CALL tool=add_entry " + T + " role=user msg_idx=1 args={}",     // 5
                "STATE " + T + " messages=4",                                         // 6
                "STATE_MSG idx=1 type=ai role= tool_calls=1[get_context] content=",   // 7
                "STATE_MSG idx=2 type=tool role= content=none",                       // 8
                "STATE_MSG idx=3 type=ai role= tool_calls=1[add_entry] content=",     // 9
                "STATE_MSG idx=4 type=tool role= content=enqueued");                  // 10

        assertEquals(List.of(
                "assistant → call_1 get_context {}",
                "tool call_1: none",
                "assistant → call_5 add_entry {}",
                "tool call_5: enqueued"), said(t));
    }

    private static Transcript transcript(String... lines) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of("agent.log",
                (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
        assertEquals("mycelian-log", trace.format());
        TraceThread thread = trace.threads().stream().filter(th -> th.id().equals("m1:s1")).findFirst().orElseThrow();
        return Transcript.of(thread);
    }

    /** Each message written, in order: "user: hello", "assistant → call_2 get_context {…}", "tool call_2: …". */
    private static List<String> said(Transcript t) {
        return t.items().stream().filter(i -> i instanceof Transcript.Said).map(i -> text(((Transcript.Said) i).message()))
                .toList();
    }

    private static String text(Message m) {
        if (m.isToolResult()) {
            return "tool " + m.toolCallId() + ": " + m.content();
        }
        if (!m.toolCalls().isEmpty()) {
            return m.role() + " → " + m.toolCalls().stream().map(LoggedToolCallsTest::call).collect(Collectors.joining(", "));
        }
        return m.role() + ": " + m.content();
    }

    private static String call(ToolCall c) {
        return c.id() + " " + c.name() + " " + c.rawArguments();
    }
}
