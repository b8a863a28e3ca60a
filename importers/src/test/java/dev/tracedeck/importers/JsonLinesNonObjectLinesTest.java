package dev.tracedeck.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A JSON Lines line that is valid JSON but no record ({@code [1, 2]}, {@code 42}, {@code "s"}, {@code null}) is one
 * malformed record, at its line and in the thread the line would have been in (a broken line's), in every JSON Lines
 * importer: never an {@code other} record or a thread of its own, and the lines after it are read as they are without
 * it (a message after it numbered one further: the line held a message that broke). Such a line as the second line of
 * a file is where a document reader would take over and lose them.
 */
class JsonLinesNonObjectLinesTest {

    private static final List<String> BAD = List.of("[1, 2]", "42", "\"s\"", "null");
    private static final Pattern LINE_THREAD = Pattern.compile("line (\\d+)");
    /** A message's index at the head of its summary ({@code #3 }). */
    private static final Pattern MESSAGE_INDEX = Pattern.compile("^#\\d+ ");

    static Stream<Arguments> files() throws IOException {
        return Stream.of(
                Arguments.of("openai-chat", resourceLines("openai/ft-chat-marv.jsonl")),
                Arguments.of("anthropic", resourceLines("anthropic/docs-is-error.jsonl")),
                Arguments.of("langchain", LANGCHAIN),
                Arguments.of("langgraph", resourceLines("langgraph/debug-stream.jsonl")),
                Arguments.of("otlp", resourceLines("otlp/semconv-examples.jsonl")),
                Arguments.of("smolagents", resourceLines("smolagents/planning-step-callbacks.jsonl")),
                Arguments.of("claude-code", resourceLines("claude-code/session.jsonl")),
                Arguments.of("openai-responses", resourceLines("openai-responses/codex-rollout.jsonl")),
                Arguments.of("atif", ATIF),
                Arguments.of("phoenix", sampleLines("phoenix/broken-history.jsonl")),
                Arguments.of("pydantic-ai", sampleLines("pydantic-ai/broken-histories.jsonl")),
                Arguments.of("mem0-history", sampleLines("mem0/job-written-back.jsonl")),
                Arguments.of("sdk-recording", sampleLines("sdk-recording/clean-anthropic-tool-runner.jsonl")));
    }

    /** Trajectories one a line, as a batch of runs is kept. */
    private static final List<String> ATIF = List.of(1, 2, 3).stream().map(n -> "{\"schema_version\": \"ATIF-v1.4\", "
            + "\"session_id\": \"run-" + n + "\", \"agent\": {\"name\": \"terminus\", \"version\": \"1\"}, \"steps\": "
            + "[{\"step_id\": 1, \"source\": \"user\", \"message\": \"Count to " + n + ".\"}, {\"step_id\": 2, "
            + "\"source\": \"agent\", \"message\": \"Done.\"}]}").toList();

    /** {@code messages_to_dict} of a tool round trip, one message a line. */
    private static final List<String> LANGCHAIN = List.of(
            "{\"type\": \"human\", \"data\": {\"content\": \"What is 2 + 2?\", \"additional_kwargs\": {}, \"response_metadata\": {}, \"type\": \"human\", \"name\": null, \"id\": null, \"example\": false}}",
            "{\"type\": \"ai\", \"data\": {\"content\": \"\", \"additional_kwargs\": {}, \"response_metadata\": {}, \"type\": \"ai\", \"name\": null, \"id\": null, \"example\": false, \"tool_calls\": [{\"name\": \"add\", \"args\": {\"a\": 2, \"b\": 2}, \"id\": \"call_1\", \"type\": \"tool_call\"}], \"invalid_tool_calls\": [], \"usage_metadata\": null}}",
            "{\"type\": \"tool\", \"data\": {\"content\": \"4\", \"additional_kwargs\": {}, \"response_metadata\": {}, \"type\": \"tool\", \"name\": \"add\", \"id\": null, \"tool_call_id\": \"call_1\", \"artifact\": null, \"status\": \"success\"}}",
            "{\"type\": \"ai\", \"data\": {\"content\": \"2 + 2 = 4.\", \"additional_kwargs\": {}, \"response_metadata\": {}, \"type\": \"ai\", \"name\": null, \"id\": null, \"example\": false, \"tool_calls\": [], \"invalid_tool_calls\": [], \"usage_metadata\": null}}");

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aLineThatIsJsonButNoRecordIsOneMalformedRecordAtItsLineAndEveryOtherLineIsRead(String format, List<String> good)
            throws Exception {
        Trace clean = read(good);
        assertEquals(format, clean.format());

        // The bad lines: the second line of the file, one in the middle, two at the end.
        List<String> lines = new ArrayList<>();
        Map<Integer, Integer> goodLineAt = new HashMap<>();
        Map<Integer, String> badLineAt = new HashMap<>();
        for (int i = 0; i < good.size(); i++) {
            lines.add(good.get(i));
            goodLineAt.put(lines.size(), i + 1);
            if (i == 0 || i == good.size() / 2) {
                lines.add(BAD.get(badLineAt.size()));
                badLineAt.put(lines.size(), lines.get(lines.size() - 1));
            }
        }
        for (String bad : BAD.subList(badLineAt.size(), BAD.size())) {
            lines.add(bad);
            badLineAt.put(lines.size(), bad);
        }
        Trace mixed = read(lines);
        assertEquals(format, mixed.format());

        Set<String> threads = clean.events().stream().map(Event::threadId).collect(Collectors.toSet());
        List<String> goodRecords = new ArrayList<>();
        for (Event e : mixed.events()) {
            int line = e.source().firstLine();
            if (badLineAt.containsKey(line)) {
                assertEquals(EventKind.MALFORMED, e.kind(), format + " line " + line + ": " + e);
                assertTrue(threads.contains(e.threadId()) || e.threadId().equals("line " + line),
                        format + " line " + line + " in the thread it would have been in, not " + e.threadId());
                assertEquals(badLineAt.get(line), e.text());
                assertEquals(line, e.source().lastLine());
            } else {
                goodRecords.add(describe(e, goodLineAt));
            }
        }
        assertEquals(clean.events().stream().map(e -> describe(e, null)).sorted().toList(),
                goodRecords.stream().sorted().toList(), "every good line's records, as a file without the bad lines has them");
        for (int line : badLineAt.keySet()) {
            assertEquals(1, mixed.events().stream().filter(e -> e.source().firstLine() == line).count(),
                    format + ": one record for line " + line);
        }
        assertEquals(clean.report().complete(), mixed.report().complete());
    }

    /** An event by what it is and where, its lines (and a thread named after a line) as in the file without bad lines. */
    private static String describe(Event e, Map<Integer, Integer> goodLineAt) {
        int first = goodLineAt == null ? e.source().firstLine() : goodLineAt.get(e.source().firstLine());
        int last = goodLineAt == null ? e.source().lastLine() : goodLineAt.get(e.source().lastLine());
        String thread = e.threadId();
        Matcher m = LINE_THREAD.matcher(thread);
        if (goodLineAt != null && m.matches()) {
            thread = "line " + goodLineAt.get(Integer.parseInt(m.group(1)));
        }
        return first + "-" + last + e.source().pointer() + " " + e.kind() + " " + e.keyword() + " [" + thread + "] "
                + MESSAGE_INDEX.matcher(e.summary()).replaceFirst("") + " | " + e.text();
    }

    private static Trace read(List<String> lines) throws ImportException {
        byte[] bytes = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        return Importers.standard().read(ImportSource.of("lines.jsonl", bytes), ImportListener.NONE);
    }

    /** A sample log's lines, read where it is. */
    private static List<String> sampleLines(String name) throws IOException {
        return Files.readAllLines(Path.of("../sample-logs", name), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank()).toList();
    }

    private static List<String> resourceLines(String name) throws IOException {
        try (InputStream in = JsonLinesNonObjectLinesTest.class.getResourceAsStream("/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
    }
}
