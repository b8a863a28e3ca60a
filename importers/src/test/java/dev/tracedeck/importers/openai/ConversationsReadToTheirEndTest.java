package dev.tracedeck.importers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A file of conversations, one a line, says each thread is read to its end once the next record starts, as the trace
 * will hold it: a window checks it while the rest is read. The thread read last is never said to be: the file's end
 * may add to it.
 */
class ConversationsReadToTheirEndTest {

    private static final String CALL = """
            {"id": "%s", "messages": [{"role": "user", "content": "find it"}, {"role": "assistant", "content": null, \
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{}"}}]}]}
            """;

    private final List<TraceThread> told = new ArrayList<>();
    private final List<String> formats = new ArrayList<>();

    private Trace read(String name, String text) throws ImportException {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), new ImportListener() {
            @Override
            public void threadRead(TraceThread thread, String rulesFormat) {
                told.add(thread);
                formats.add(rulesFormat);
            }
        });
    }

    private static void assertHeldAsTold(Trace trace, TraceThread thread) {
        TraceThread held = trace.thread(thread.id()).orElseThrow();
        assertEquals(held.events().size(), thread.events().size());
        for (int i = 0; i < held.events().size(); i++) {
            assertSame(held.events().get(i), thread.events().get(i), "the very events the trace holds");
        }
        assertEquals(held.records(), thread.records());
    }

    @Test
    void eachConversationIsToldOnceTheNextStartsAllButTheLast() throws Exception {
        Trace trace = read("chat.jsonl", CALL.formatted("a") + CALL.formatted("b") + CALL.formatted("c"));

        assertEquals(List.of("a", "b"), told.stream().map(TraceThread::id).toList());
        assertEquals(List.of("openai-chat", "openai-chat"), formats);
        told.forEach(thread -> assertHeldAsTold(trace, thread));
    }

    @Test
    void aBrokenLineInBetweenKeepsItsOwnThreadAndTellsNothing() throws Exception {
        Trace trace = read("chat.jsonl", CALL.formatted("a") + "{\"messages\": [\n" + CALL.formatted("b") + CALL.formatted("c"));

        assertEquals(List.of("a", "b"), told.stream().map(TraceThread::id).toList());
        told.forEach(thread -> assertHeldAsTold(trace, thread));
        assertEquals(List.of("a", "line 2", "b", "c"), trace.threads().stream().map(TraceThread::id).toList());
    }

    @Test
    void aLastLineCutShortEndsItsOwnThreadNotOneTold() throws Exception {
        String cut = CALL.formatted("c");
        Trace trace = read("chat.jsonl", CALL.formatted("a") + CALL.formatted("b") + cut.substring(0, cut.length() / 2));

        assertEquals(List.of("a"), told.stream().map(TraceThread::id).toList());
        told.forEach(thread -> assertHeldAsTold(trace, thread));
    }

    @Test
    void aFileOfMessagesIsOneThreadToldNothing() throws Exception {
        read("chat.jsonl", """
                {"role": "user", "content": "hi"}
                {"role": "assistant", "content": "hello"}
                """);

        assertEquals(List.of(), told);
    }
}
