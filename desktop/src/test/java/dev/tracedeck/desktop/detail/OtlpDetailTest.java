package dev.tracedeck.desktop.detail;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The detail pane on an OpenTelemetry trace: a span's plain fields, a failed span's error, a message's attribute. */
class OtlpDetailTest {

    private static Trace cutShort() throws Exception {
        return Importers.standard().read(ImportSource.of(Path.of("../sample-logs/otlp/cut-short.jsonl")), ImportListener.NONE);
    }

    private static Event first(Trace trace, EventKind kind) {
        return trace.events().stream().filter(e -> e.kind() == kind).findFirst().orElseThrow();
    }

    @Test
    void aSpanShowsItsFieldsAttributesAndWhereItIs() throws Exception {
        String text = DetailRenderer.render(first(cutShort(), EventKind.SPAN)).text();
        assertTrue(text.startsWith(" SPAN   #0"), text);
        assertTrue(text.contains("pointer     /resourceSpans/0/scopeSpans/0/spans/0"), text);
        assertTrue(text.contains("\"name\": \"Messages\""), text);
        assertTrue(text.contains("\"openinference.span.kind\": \"LLM\""), text);
        assertTrue(text.contains("\"service.name\": \"code-assistant\""), text);
    }

    @Test
    void aSpansAttributesReadAsFieldsBeforeItsJson() throws Exception {
        String text = DetailRenderer.render(first(cutShort(), EventKind.SPAN)).text();
        int fields = text.indexOf("SPAN  Messages");
        int json = text.indexOf("JSON EVENT");
        assertTrue(fields >= 0 && json > fields, "the span's fields first, its JSON after\n" + text);
        assertTrue(text.matches("(?s).*\nopeninference\\.span\\.kind +LLM\n.*"), text);
        assertTrue(text.matches("(?s).*\nservice\\.name +code-assistant\n.*"), "its resource's too\n" + text);
        assertTrue(text.matches("(?s).*\nduration +2\\.20 s\n.*"), text);
    }

    @Test
    void aFailedSpansErrorShowsTheException() throws Exception {
        String text = DetailRenderer.render(first(cutShort(), EventKind.ERROR)).text();
        assertTrue(text.contains("read_file failed: FileNotFoundError: [Errno 2] No such file or directory: 'src/parse.py'"), text);
        assertTrue(text.contains("source      cut-short.jsonl:4"), text);
    }

    @Test
    void aMessagePointsAtTheAttributeThatHoldsIt() throws Exception {
        String text = DetailRenderer.render(first(cutShort(), EventKind.TOOL_CALL)).text();
        assertTrue(text.contains("pointer     /resourceSpans/0/scopeSpans/0/spans/0/attributes/"), text);
        assertTrue(text.contains("run_tests"), text);
    }
}
