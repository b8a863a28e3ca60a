package dev.tracedeck.importers.otlp;

import static dev.tracedeck.importers.otlp.Otlp.request;
import static dev.tracedeck.importers.otlp.Otlp.span;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spans whose times are not times are kept, reported with their field and line, and placed where the file has them. */
class SpanTimesTest {

    private static final String T = "0af7651916cd43dd8448eb211c80319c";
    private static final long START = 1_719_875_140_000L;

    @Test
    void aSpanWhoseStartIsNoTimeIsKeptReportedAndPlacedWhereTheFileHasIt() throws Exception {
        Otlp late = span(T, "a", "", "late", START + 2000);
        Otlp broken = span(T, "b", "", "broken", START);
        broken.node().put("startTimeUnixNano", "soon");
        Otlp early = span(T, "c", "", "early", START + 1000);
        Trace trace = read(request(late) + "\n" + request(broken) + "\n" + request(early) + "\n");

        assertEquals(List.of("early", "late", "broken"), spanNames(trace));
        assertEquals(List.of("span \"broken\" at line 2: startTimeUnixNano \"soon\" is not a whole number of nanoseconds;"
                + " the span is kept, in its place in the file"), reasons(trace));
    }

    @Test
    void negativeAbsurdAndBackwardTimesAreReportedByField() throws Exception {
        Otlp negative = span(T, "a", "", "negative", START);
        negative.node().put("endTimeUnixNano", "-5");
        Otlp absurd = span(T, "b", "", "absurd", START + 10);
        absurd.node().put("endTimeUnixNano", "9000000000000000000");
        Otlp backwards = span(T, "c", "", "backwards", START + 20);
        backwards.node().put("endTimeUnixNano", Long.toString(START * 1_000_000L));
        Trace trace = read(request(negative) + "\n" + request(absurd) + "\n" + request(backwards) + "\n");

        assertEquals(List.of("negative", "absurd", "backwards"), spanNames(trace));
        assertEquals(List.of(
                "span \"negative\" at line 1: endTimeUnixNano \"-5\" is negative; the span is kept, in its place in the file",
                "span \"absurd\" at line 2: endTimeUnixNano \"9000000000000000000\" is past the year 2200; the span is"
                        + " kept, in its place in the file",
                "span \"backwards\" at line 3: endTimeUnixNano 2024-07-01T23:05:40Z is before startTimeUnixNano"
                        + " 2024-07-01T23:05:40.020Z; the span is kept, in its place in the file"), reasons(trace));
    }

    private static Trace read(String text) throws Exception {
        return Importers.standard().read(ImportSource.of("times.jsonl", text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    private static List<String> spanNames(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.JsonRecord r && e.keyword().equals("span"))
                .map(e -> ((Payload.JsonRecord) e.payload()).json().get("name").flatMap(v -> v.asText()).orElse(""))
                .toList();
    }

    private static List<String> reasons(Trace trace) {
        return trace.events().stream().filter(e -> e.payload() instanceof Payload.Unparsed u && u.malformed())
                .map(e -> ((Payload.Unparsed) e.payload()).reason()).toList();
    }
}
