package dev.tracedeck.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.importers.sniff.JsonHead;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A few lines of text on top of a JSON Lines file (a note someone put there before sharing it: {@code // Source: …})
 * are passed over by detection in every JSON Lines format, and each is kept as an {@code other} record at its line:
 * the records after them are read exactly as in the file without them, and nothing is malformed.
 */
class JsonLinesPreambleTest {

    private static final Pattern LINE_THREAD = Pattern.compile("line (\\d+)");
    private static final List<String> NOTES = List.of("// Source: gist 95599dbc3a863bd0 (shared from a session)",
            "// Demonstrates: general tool calls");

    static Stream<Arguments> files() throws IOException {
        return Stream.of(
                Arguments.of("openai-chat", resourceLines("openai/ft-chat-marv.jsonl")),
                Arguments.of("anthropic", resourceLines("anthropic/docs-is-error.jsonl")),
                Arguments.of("langgraph", resourceLines("langgraph/debug-stream.jsonl")),
                Arguments.of("otlp", resourceLines("otlp/semconv-examples.jsonl")),
                Arguments.of("smolagents", resourceLines("smolagents/planning-step-callbacks.jsonl")),
                Arguments.of("claude-code", resourceLines("claude-code/session.jsonl")),
                Arguments.of("openai-responses", resourceLines("openai-responses/codex-rollout.jsonl")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void linesOfTextOnTopAreOtherRecordsAndTheRestIsReadAsWithoutThem(String format, List<String> lines)
            throws Exception {
        Trace clean = read(lines);
        List<String> noted = new ArrayList<>(NOTES);
        noted.addAll(lines);
        Trace trace = read(noted);
        assertEquals(format, trace.format());
        assertEquals(0, trace.report().malformedRecords(), format);
        assertEquals(clean.report().otherRecords() + NOTES.size(), trace.report().otherRecords(), format);
        List<String> rest = new ArrayList<>();
        for (Event e : trace.events()) {
            if (e.source().firstLine() <= NOTES.size()) {
                assertEquals(EventKind.OTHER, e.kind(), format + ": " + e);
                assertEquals(NOTES.get(e.source().firstLine() - 1), e.text());
            } else {
                rest.add(describe(e, NOTES.size()));
            }
        }
        assertEquals(clean.events().stream().map(e -> describe(e, 0)).toList(), rest, format);
    }

    @Test
    void theNotesOfAClaudeCodeTranscriptAreInItsSession() throws Exception {
        List<String> noted = new ArrayList<>(NOTES);
        noted.addAll(resourceLines("claude-code/session.jsonl"));
        Trace trace = read(noted);
        assertEquals(trace.events().get(2).threadId(), trace.events().get(0).threadId());
        assertFalse(trace.events().get(0).threadId().isEmpty());
    }

    @Test
    void moreThanAFewLinesOfTextOrTextBeforeADocumentIsNoJson() throws Exception {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            many.add("# note " + i);
        }
        many.addAll(resourceLines("claude-code/session.jsonl"));
        assertThrows(UnrecognizedFormatException.class, () -> read(many));
        assertThrows(UnrecognizedFormatException.class, () -> read(List.of("// a document follows",
                "{\"model\": \"gpt-4o\",", " \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}")));
    }

    @Test
    void aTextLogWithAJsonLineAmongItsFirstLinesIsNotTakenForJsonLines() {
        String log = "2025-01-02 10:00:00 INFO run started\n2025-01-02 10:00:01 INFO agent ready\n"
                + "{\"event\": \"tool\", \"name\": \"search\"}\n2025-01-02 10:00:02 INFO done\n";
        assertFalse(JsonHead.of(log).isJson());
        assertTrue(JsonHead.of("// note\n{\"role\": \"user\", \"content\": \"hi\"}\n{\"role\": \"assistant\"}\n").isJson());
    }

    /** An event by what it is and where, its lines (and a thread named after a line) counted without the notes. */
    private static String describe(Event e, int shift) {
        String thread = e.threadId();
        Matcher m = LINE_THREAD.matcher(thread);
        if (m.matches()) {
            thread = "line " + (Integer.parseInt(m.group(1)) - shift);
        }
        return (e.source().firstLine() - shift) + "-" + (e.source().lastLine() - shift) + e.source().pointer() + " "
                + e.kind() + " " + e.keyword() + " [" + thread + "] " + e.summary() + " | " + e.text();
    }

    private static Trace read(List<String> lines) throws ImportException {
        byte[] bytes = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        return Importers.standard().read(ImportSource.of("lines.jsonl", bytes), ImportListener.NONE);
    }

    private static List<String> resourceLines(String name) throws IOException {
        try (InputStream in = JsonLinesPreambleTest.class.getResourceAsStream("/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
    }
}
