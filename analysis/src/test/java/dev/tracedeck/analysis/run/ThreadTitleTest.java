package dev.tracedeck.analysis.run;

import static dev.tracedeck.analysis.run.RunFixtures.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.trace.Trace;
import org.junit.jupiter.api.Test;

class ThreadTitleTest {

    private static final String T0 = "2026-01-01T00:00:00Z";
    private static final String T1 = "2026-01-01T00:00:01Z";

    @Test
    void aThreadOfSpansIsNamedByItsAgentAndItsService() {
        RunFixtures run = new RunFixtures();
        run.record("5e0b6c1f", T0, "span", EventKind.SPAN, "span chat gpt-4o", json("name", "chat gpt-4o", "kind", "CLIENT",
                "span_id", "02", "parent_span_id", "01", "resource", json("service.name", "checkout")));
        run.record("5e0b6c1f", T0, "span", EventKind.SPAN, "span invoke_agent", json("name", "invoke_agent joke_agent",
                "kind", "INTERNAL", "span_id", "01", "attributes", json("gen_ai.agent.name", "joke_agent")));
        Trace trace = run.trace();
        assertEquals("joke_agent · checkout", ThreadTitle.of(trace.threads().get(0)));
    }

    @Test
    void anAgentSpanNamesTheAgentWhereNoAttributeDoesAndTheAttributeWinsOnceSeen() {
        ThreadTitle title = new ThreadTitle();
        RunFixtures run = new RunFixtures();
        assertTrue(title.see(run.span("t", "invoke_agent planner", "INTERNAL", "01", "", T0, T1, "OK")));
        assertEquals("planner", title.text());
        assertFalse(title.complete());
        assertTrue(title.see(run.record("t", T1, "span", EventKind.SPAN, "span", json("name", "x", "kind", "AGENT",
                "span_id", "03", "attributes", json("gen_ai.agent.name", "Planner Agent"), "resource", json("service.name", "planner")))));
        assertEquals("Planner Agent · planner", title.text());
        assertTrue(title.complete());
    }

    @Test
    void aServiceNamedLikeItsAgentIsSaidOnceAndNoSpansMeanNoTitle() {
        RunFixtures run = new RunFixtures();
        run.record("a", T0, "span", EventKind.SPAN, "span", json("name", "joke_agent", "kind", "AGENT", "span_id", "01",
                "resource", json("service.name", "Joke_Agent")));
        run.user("b", T0, "hello");
        run.record("b", T1, "json", EventKind.MARKER, "progress", json("resource", json("service.name", "not-a-span")));
        Trace trace = run.trace();
        assertEquals("joke_agent", ThreadTitle.of(trace.thread("a").orElseThrow()));
        assertEquals("", ThreadTitle.of(trace.thread("b").orElseThrow()));
    }

    @Test
    void aLongOrMultiLineNameIsCutToOneShortLine() {
        RunFixtures run = new RunFixtures();
        run.record("a", T0, "span", EventKind.SPAN, "span", json("name", "s", "kind", "INTERNAL", "span_id", "01",
                "resource", json("service.name", "line one\nline two " + "x".repeat(100))));
        String title = ThreadTitle.of(run.trace().threads().get(0));
        assertEquals(ThreadTitle.MAX_PART, title.codePointCount(0, title.length()));
        assertTrue(title.startsWith("line one line two x") && title.endsWith("…"), title);
    }
}
