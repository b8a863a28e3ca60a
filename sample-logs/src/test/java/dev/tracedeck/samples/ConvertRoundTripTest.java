package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.convert.Converter;
import dev.tracedeck.importers.convert.TraceWriter;
import dev.tracedeck.importers.convert.Transcript;
import dev.tracedeck.importers.redact.Redactor;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.trace.ThreadSummary;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every sample of every format, converted to each target format and read back by Tracedeck's own importer of that
 * format, holds the same messages thread by thread: role and content, tool calls (id, name, arguments) and results
 * (the call they answer, their content) — the thread's messages, or for a thread whose messages carry no call (a
 * Mycelian log) those with the calls and results it logged and dumped as the writers make them (which
 * {@link #everyToolCallAndResultOfEverySampleReachesEveryTarget} counts against the sample itself). The target's known limits are the writers' documented ones: ATIF has no
 * role beside system, user and agent, so a message in another role comes back a user's (a developer's a system
 * message, one that makes calls the agent's), and its results have no role, so they come back as the tool's; ATIF
 * requires ids, so a call that names none (Gemini's) is given one of its step's, which a result naming none in that step
 * answers, as ATIF's readers pair a result without {@code source_call_id} with its step's calls.
 */
class ConvertRoundTripTest {

    private static final Path MODULE = Path.of(System.getProperty("basedir", "."));
    private static final Set<String> NOT_SAMPLES = Set.of("src", "target", "tools");

    @TestFactory
    Stream<DynamicTest> everySampleRoundTripsThroughEveryTarget() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path sample : samples()) {
            for (TraceWriter writer : Converter.writers()) {
                tests.add(DynamicTest.dynamicTest(MODULE.relativize(sample) + " → " + writer.formatId(),
                        () -> roundTrip(sample, writer)));
            }
        }
        assertTrue(tests.size() > 40, "samples found: " + tests.size() / 2);
        return tests.stream();
    }

    /**
     * Every tool call and result a sample holds is in what it converts to, read back: a thread's calls and results
     * counted the same in both, thread by thread. A thread's calls are those its messages make and those its log
     * shows running (Mycelian's TOOL_CALL lines), its results its result messages; where its messages carry none,
     * the state it dumps holds the AI messages that made the calls and the results (each counted once, in the first
     * dump that holds it). A call the log shows both ways (its TOOL_CALL line, and the AI message a later dump holds)
     * is one call: a thread has as many calls as the larger of the two counts (an excerpt of a log may lack some
     * TOOL_CALL lines, a run that died in a call never dumped it). So a sample read from its dumps counts the results
     * the agent later trimmed from its state, which the rules' history, the last dump, no longer holds.
     */
    @TestFactory
    Stream<DynamicTest> everyToolCallAndResultOfEverySampleReachesEveryTarget() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path sample : samples()) {
            for (TraceWriter writer : Converter.writers()) {
                tests.add(DynamicTest.dynamicTest(MODULE.relativize(sample) + " → " + writer.formatId(),
                        () -> sameCallsAndResults(sample, writer)));
            }
        }
        return tests.stream();
    }

    private static void sameCallsAndResults(Path sample, TraceWriter writer) throws Exception {
        Trace original = Importers.standard().read(ImportSource.of(sample), ImportListener.NONE);
        TraceWriter.Prepared prepared = writer.prepare(original);
        StringWriter out = new StringWriter();
        Converter.write(List.of(new Converter.Part(prepared, Instant.parse("2025-01-01T00:00:00Z"))), out, Redactor.NONE);
        List<String> expected = callsAndResults(original);
        List<String> actual = prepared.documents() == 0 ? List.of() : callsAndResults(Importers.standard().read(
                ImportSource.of("converted." + writer.formatId() + ".json", out.toString().getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE, writer.formatId()));
        assertEquals(expected, actual, "calls and results, thread by thread");
    }

    /** "14 calls, 13 results" for each thread that holds a call or a result (see the test's comment). */
    private static List<String> callsAndResults(Trace trace) {
        List<String> counts = new ArrayList<>();
        for (TraceThread thread : trace.threads()) {
            List<Message> messages = messages(thread);
            long results = messages.stream().filter(Message::isToolResult).count();
            long calls = ThreadSummary.of(thread).toolCallCount();
            if (messages.stream().noneMatch(m -> m.isToolResult() || !m.toolCalls().isEmpty())) {
                long[] dumped = dumpedCallsAndResults(thread);
                calls = Math.max(calls, dumped[0]);
                results = Math.max(results, dumped[1]);
            }
            if (calls + results > 0) {
                counts.add(calls + " calls, " + results + " results");
            }
        }
        return counts;
    }

    /** The calls of the AI entries and the results the thread's dumps hold, each counted in the first dump holding it. */
    private static long[] dumpedCallsAndResults(TraceThread thread) {
        long calls = 0;
        long results = 0;
        Map<List<Object>, Integer> before = Map.of();
        for (Event e : thread.events()) {
            if (!(e.payload() instanceof Payload.StateDump dump) || !dump.snapshot().hasMessageList()) {
                continue;
            }
            Map<List<Object>, Integer> held = new HashMap<>();
            for (StateEntry entry : dump.snapshot().entries()) {
                List<Object> says = List.of(entry.type(), entry.role(), entry.toolNames(), entry.content());
                held.merge(says, 1, Integer::sum);
                if (held.get(says) > before.getOrDefault(says, 0)) {
                    calls += entry.toolCallCount();
                    results += entry.isToolResult() ? 1 : 0;
                }
            }
            before = held;
        }
        return new long[] {calls, results};
    }

    static List<Path> samples() throws Exception {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(MODULE)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                if (NOT_SAMPLES.contains(dir.getFileName().toString())) {
                    continue;
                }
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(p -> p.toString().matches(".*\\.(log|json|jsonl|gz|af|eval)$")).sorted().forEach(all::add);
                }
            }
        }
        return all;
    }

    private static void roundTrip(Path sample, TraceWriter writer) throws Exception {
        Trace original = Importers.standard().read(ImportSource.of(sample), ImportListener.NONE);
        TraceWriter.Prepared prepared = writer.prepare(original);
        StringWriter out = new StringWriter();
        Converter.write(List.of(new Converter.Part(prepared, Instant.parse("2025-01-01T00:00:00Z"))), out, Redactor.NONE);
        List<TraceThread> expected = original.threads().stream().filter(t -> !written(t).isEmpty()).toList();
        if (prepared.documents() == 0) {
            assertEquals(List.of(), expected, "nothing written, yet the sample has messages");
            return;
        }
        Trace back = Importers.standard().read(ImportSource.of("converted." + writer.formatId() + ".json",
                out.toString().getBytes(StandardCharsets.UTF_8)), ImportListener.NONE, writer.formatId());
        List<TraceThread> actual = withMessages(back);
        assertEquals(expected.size(), actual.size(), "threads with messages");
        for (int t = 0; t < expected.size(); t++) {
            List<Message> want = written(expected.get(t)).stream().map(m -> inTarget(m, writer.formatId())).toList();
            List<Message> got = messages(actual.get(t));
            String thread = "thread " + expected.get(t).id();
            assertEquals(want.size(), got.size(), thread + ": messages");
            for (int i = 0; i < want.size(); i++) {
                String where = thread + ", message " + i;
                Message w = want.get(i);
                Message g = got.get(i);
                assertEquals(w.role(), g.role(), where + ": role");
                assertEquals(w.content(), g.content(), where + ": content");
                assertSameId(w.toolCallId(), g.toolCallId(), writer.formatId(), where + ": the call it answers");
                assertEquals(w.toolCalls().size(), g.toolCalls().size(), where + ": tool calls");
                for (int c = 0; c < w.toolCalls().size(); c++) {
                    ToolCall wc = w.toolCalls().get(c);
                    ToolCall gc = g.toolCalls().get(c);
                    assertSameId(wc.id(), gc.id(), writer.formatId(), where + ", call " + c + ": id");
                    assertEquals(wc.name(), gc.name(), where + ", call " + c + ": name");
                    assertEquals(arguments(wc), arguments(gc), where + ", call " + c + ": arguments");
                }
            }
        }
    }

    /**
     * The same id, or, in ATIF, which requires one, one the writer gave where the trace named none: a call's of its
     * step ({@code call_<step>_<k>}), which a result naming none in that step answers, or {@code call_<line>} for a
     * result that follows no call.
     */
    private static void assertSameId(String want, String got, String target, String where) {
        if (want.isEmpty() && target.equals("atif")) {
            assertTrue(got.isEmpty() || got.startsWith("call_"), where + ": " + got);
        } else {
            assertEquals(want, got, where);
        }
    }

    /** A message as the target format can hold it (see the class comment). */
    private static Message inTarget(Message m, String target) {
        if (!target.equals("atif")) {
            return m;
        }
        String role = m.isToolResult() ? "tool" : !m.toolCalls().isEmpty() ? "assistant" : switch (m.role()) {
            case "system", "user", "assistant" -> m.role();
            case "developer" -> "system";
            default -> "user";
        };
        return new Message(role, m.content(), m.toolCalls(), m.toolCallId());
    }

    /** The arguments as a value when they parse, else as written; none and {} are both no arguments. */
    private static Object arguments(ToolCall call) {
        if (call.rawArguments().isBlank()) {
            return new JsonValue.JsonObject(java.util.Map.of());
        }
        Optional<JsonValue> parsed = call.truncated() ? Optional.empty() : call.arguments();
        return parsed.isPresent() ? parsed.get() : call.rawArguments();
    }

    /** The messages a thread is written as. */
    private static List<Message> written(TraceThread thread) {
        return Transcript.of(thread).items().stream().filter(i -> i instanceof Transcript.Said)
                .map(i -> ((Transcript.Said) i).message()).toList();
    }

    private static List<TraceThread> withMessages(Trace trace) {
        return trace.threads().stream().filter(t -> !messages(t).isEmpty()).toList();
    }

    private static List<Message> messages(TraceThread thread) {
        return thread.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage)
                .map(e -> ((Payload.ConversationMessage) e.payload()).message()).toList();
    }
}
