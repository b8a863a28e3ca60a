package dev.tracedeck.desktop.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.run.RunTree;
import dev.tracedeck.analysis.run.RunTreeBuilder;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

/** The open rows of a tree of 200,000 spans under one root: each open or close is one change, and fast. */
class TreeOutlineTest {

    private static final int SPANS = 200_000;

    private static Trace spans() {
        TraceBuilder builder = new TraceBuilder();
        for (int i = 0; i < SPANS; i++) {
            Map<String, JsonValue> json = new LinkedHashMap<>();
            json.put("name", JsonValue.of(i == 0 ? "invoke_agent root" : "execute_tool t" + i));
            json.put("kind", JsonValue.of(i == 0 ? "AGENT" : "TOOL"));
            json.put("status", JsonValue.of("OK"));
            json.put("start", JsonValue.of("2026-01-01T10:00:00Z"));
            json.put("end", JsonValue.of("2026-01-01T10:00:01Z"));
            json.put("trace_id", JsonValue.of("t"));
            json.put("span_id", JsonValue.of("s" + i));
            if (i > 0) {
                json.put("parent_span_id", JsonValue.of(i % 10 == 1 ? "s0" : "s" + (i - i % 10 + 1)));
            }
            builder.add("span", "2026-01-01T10:00:00Z", "t", SourceRef.line("spans.jsonl", i + 1), "{}",
                    new Payload.JsonRecord("span", new JsonValue.JsonObject(json), EventKind.SPAN));
        }
        return builder.build(new ImportReport("spans.jsonl", "otlp", 0, SPANS, SPANS, 0, 0, Map.of(), List.of(), 0, true));
    }

    @Test
    void opensAndClosesInOneChangeEachAndRevealsADeepNode() {
        RunTree tree = RunTreeBuilder.build(spans());
        TreeOutline outline = new TreeOutline(tree);
        assertEquals(1, outline.size(), "20,000 children would pass the first screenful: the root stays closed");
        List<String> changes = new ArrayList<>();
        outline.addListener((ListChangeListener<Integer>) c -> {
            while (c.next()) {
                changes.add((c.wasAdded() ? "+" + c.getAddedSize() : "") + (c.wasRemoved() ? "-" + c.getRemovedSize() : ""));
            }
        });

        long began = System.nanoTime();
        outline.expand(0);
        int deep = tree.nodeOf(SPANS - 1);
        int row = outline.reveal(deep);
        int shown = outline.node(row);
        outline.collapse(0);
        long millis = (System.nanoTime() - began) / 1_000_000;

        assertEquals(List.of("+20000", "+9", "-20009"), changes);
        assertEquals(deep, shown);
        assertEquals(1, outline.size());
        assertTrue(millis < 2_000, "open, reveal and close took " + millis + " ms");
    }
}
