package dev.tracedeck.desktop.detail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The detail of text-tool-calls.log's dumps: the calls the model wrote as text, marked and parsed. */
class TextCallRenderingTest {

    private static final Trace TRACE = load(TextCallLifting.OFF);
    /** Read with --parse-text-calls. */
    private static final Trace PARSED = load(TextCallLifting.ON);

    private static Trace load(TextCallLifting lifting) {
        String resource = "sample-logs/mycelian/text-tool-calls.log";
        try (InputStream in = TextCallRenderingTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            return lifting.apply(Importers.standard().read(ImportSource.of("text-tool-calls.log", in.readAllBytes()),
                    ImportListener.NONE));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Event dumpAt(int line) {
        return dumpAt(TRACE, line);
    }

    private static Event dumpAt(Trace trace, int line) {
        return trace.events().stream().filter(e -> e.source().firstLine() == line).findFirst().orElseThrow();
    }

    private static DetailDocument render(Event event) {
        return render(TRACE, event);
    }

    private static DetailDocument render(Trace trace, Event event) {
        List<FoundTextCall> calls = new TextCallsLookup(trace).apply(event);
        return DetailRenderer.render(event, List.of(), PreviousSnapshot.of(trace, event), calls);
    }

    @Test
    void aMessageReadWithParseTextCallsShowsItsCallMarkedAndItsSpanHighlighted() throws Exception {
        String chat = "{\"messages\": [{\"role\": \"user\", \"content\": \"Weather in Lisbon?\"}, {\"role\": \"assistant\", "
                + "\"content\": \"Let me check.\\n<tool_call>\\n{\\\"name\\\": \\\"get_weather\\\", \\\"arguments\\\": "
                + "{\\\"location\\\": \\\"Lisbon\\\"}}\\n</tool_call>\"}]}";
        Trace parsed = TextCallLifting.ON.apply(Importers.standard()
                .read(ImportSource.of("chat.json", chat.getBytes(java.nio.charset.StandardCharsets.UTF_8)), ImportListener.NONE));
        DetailDocument doc = render(parsed, parsed.event(1));
        String text = doc.text();
        assertTrue(text.contains("TOOL CALL  get_weather  parsed from text"), text);
        assertTrue(text.contains("Not a call in the log: the model wrote it as text in this message"), text);
        assertTrue(text.contains("call id     from-text-1-1"), text);
        assertTrue(text.contains("TOOL CALL WRITTEN AS TEXT  in this message"), text);
        assertTrue(doc.lines().stream().flatMap(l -> l.spans().stream())
                .anyMatch(sp -> sp.style().equals(DetailStyles.TEXT_CALL) && sp.text().startsWith("<tool_call>")), text);
    }

    @Test
    void withParseTextCallsTheEntryShowsTheCallParsedFromTextAndTheSectionSaysWhoChecksIt() {
        String text = render(PARSED, dumpAt(PARSED, 58)).text();
        assertTrue(text.contains("run         made a structured call by --parse-text-calls: orphaned-tool-call checks its result"),
                text);
        assertFalse(text.contains("nothing ran it"), text);
        DetailDocument.Line row = render(PARSED, dumpAt(PARSED, 58)).lines().stream()
                .filter(l -> l.gutterText().contains(" 77 ")).findFirst().orElseThrow();
        assertTrue(row.gutterText().contains("ai → add_entry (from text)"), row.gutterText());
        assertFalse(render(dumpAt(58)).text().contains("parsed from text"), "not without the option");
    }

    @Test
    void aDumpShowsTheCallItsNewEntryWritesAsTextParsed() {
        DetailDocument doc = render(dumpAt(58)); // msg 3: the Hermes block, cut by the preview
        String text = doc.text();
        assertTrue(text.contains("TOOL CALL WRITTEN AS TEXT  in state entry 13, the model's message"), text);
        assertTrue(text.contains("⚠ The log kept a preview of 200 characters"), text);
        assertTrue(text.contains("call        add_entry  hermes"), text);
        assertTrue(text.contains("confidence  0.90  counts as a call (≥ 0.7)"), text);
        assertTrue(text.contains("+0.65 after <tool_call>, never closed"), text);
        assertTrue(text.contains("the log's preview ends inside it"), text);
        assertTrue(text.contains("run         no: nothing ran it"), text);
        assertTrue(text.contains("arguments   partial"), text);
        assertTrue(text.contains("\"memory_id\": \"c4e8a2f1-6d3b-4a97-8e50-b1f7d9c3a264\""), "pretty-printed: " + text);
        assertTrue(text.contains("⚠ not recovered: JSON cut off after"), text);
        assertTrue(text.indexOf("TOOL CALL WRITTEN AS TEXT") < text.indexOf("ENTRIES"), "before the entries");
    }

    @Test
    void theCallsSpanIsMarkedInTheTextAndInTheEntrysRow() {
        DetailDocument doc = render(dumpAt(58));
        List<DetailDocument.Span> marked = doc.lines().stream().flatMap(l -> l.spans().stream())
                .filter(s -> s.style().equals(DetailStyles.TEXT_CALL)).toList();
        assertFalse(marked.isEmpty());
        assertTrue(marked.get(0).text().startsWith("<tool_call>"), marked.toString());
        DetailDocument.Line row = doc.lines().stream().filter(l -> l.gutterText().contains(" 77 ")).findFirst().orElseThrow();
        assertTrue(row.spans().stream().anyMatch(s -> s.style().equals(DetailStyles.TEXT_CALL)
                && s.text().startsWith("<tool_call>⏎{\"name\": \"add_entry\"")), row.spans().toString());
    }

    @Test
    void aCallTheAgentRanSaysSoAndALaterDumpDoesNotRepeatTheSection() {
        String ran = render(dumpAt(36)).text(); // msg 2: parsed and run by the agent
        assertTrue(ran.contains("run         yes: a structured add_entry call follows before the model's next text"), ran);
        String later = render(dumpAt(58)).text();
        assertEquals(1, later.split("TOOL CALL WRITTEN AS TEXT", -1).length - 1, "only the entry this dump appended");
        assertFalse(DetailRenderer.render(dumpAt(36), List.of(), Optional.empty()).text().contains("WRITTEN AS TEXT"),
                "nothing without the lookup");
    }
}
