package dev.tracedeck.importers.otlp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request of the format whose parts have the wrong types (spans that are an object, attributes that are no list, a
 * span that is a number) is one malformed record saying where it leaves the schema: never an exception that stops the
 * reading, never a record gone without a word, and the requests beside it are read.
 */
class OtlpWrongShapesTest {

    private static final String SPAN = "{\"traceId\":\"5e0b6c1f8a2d4e7c9b3a1f0e2d4c6b8a\",\"spanId\":\"a1c0ffee00000001\","
            + "\"name\":\"chat gpt-4o\",\"startTimeUnixNano\":\"1754902800050000000\",\"endTimeUnixNano\":\"1754902801100000000\"}";

    @Test
    void aLineWhoseShapeIsNotOtlpsIsOneMalformedRecordAndTheOtherLinesAreRead() throws Exception {
        String lines = "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[" + SPAN + "]}]}]}\n"
                + "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[" + SPAN.replace("0001", "0002") + "]},{\"spans\":{\"a\":"
                + SPAN + "}}]}]}\n"
                + "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[" + SPAN.replace("\"name\"", "\"attributes\":{\"k\":1},\"name\"")
                .replace("0001", "0003") + "]}]}]}\n"
                + "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[" + SPAN.replace("0001", "0004") + "]}]}]}\n";
        Trace trace = read("wrong.jsonl", lines);
        List<Event> unread = trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed).toList();
        assertEquals(List.of(2, 3), unread.stream().map(e -> e.source().firstLine()).toList());
        assertTrue(((Payload.Unparsed) unread.get(0).payload()).reason()
                .contains("/resourceSpans/0/scopeSpans/1/spans is an object, not a list"), unread.get(0).toString());
        assertTrue(((Payload.Unparsed) unread.get(1).payload()).reason()
                .contains("/resourceSpans/0/scopeSpans/0/spans/0/attributes is an object, not a list"), unread.get(1).toString());
        assertEquals(2, trace.report().recordsOf("span"), "the two lines that fit");
    }

    @Test
    void aSpanOfADocumentThatIsNoSpanIsOneMalformedRecord() throws Exception {
        String document = "{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [\n" + SPAN + ",\n42,\n"
                + SPAN.replace("0001", "0002") + "\n]}]}]}\n";
        Trace trace = read("wrong.json", document);
        List<Event> unread = trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed).toList();
        assertEquals(1, unread.size(), trace.events().toString());
        assertEquals(3, unread.get(0).source().firstLine());
        assertEquals(2, trace.report().recordsOf("span"));
    }

    private static Trace read(String name, String text) throws Exception {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)), ImportListener.NONE);
    }
}
