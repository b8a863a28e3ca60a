package dev.tracedeck.desktop.detail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.engine.fixtures.TestFindings;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class DetailRendererTest {

    @Test
    void headerNamesKindSeqThreadTimeAndSourceLines() {
        String text = DetailRenderer.render(TestTraces.event(6)).text();

        assertTrue(text.startsWith(" STATE   #6"), text);
        assertTrue(text.contains("thread      m:s1"), text);
        assertTrue(text.contains("time        2025-09-05 10:15:03,600"), text);
        assertTrue(text.contains("source      run.log:9-13"), text);
    }

    @Test
    void marksTheEntriesThisTurnAppendedAndChanged() {
        DetailDocument doc = DetailRenderer.render(TestTraces.event(6));

        DetailDocument.Line appended = only(doc.linesContaining("Here are tea houses"));
        assertTrue(appended.text().startsWith(" + "), appended.text());
        assertEquals(DetailStyles.APPENDED_LINE, appended.style());
        DetailDocument.Line changed = only(doc.linesContaining("I like green tea"));
        assertTrue(changed.text().startsWith(" ~ "), changed.text());
        assertEquals(DetailStyles.CHANGED_LINE, changed.style());
        DetailDocument.Line kept = only(doc.linesContaining("SESSION_START"));
        assertTrue(kept.text().startsWith("   "), kept.text());
        assertEquals("", kept.style());
    }

    @Test
    void showsEachEntrysSourceLineAndTheDiffSummary() {
        DetailDocument doc = DetailRenderer.render(TestTraces.event(6));

        assertTrue(only(doc.linesContaining("Here are tea houses")).text().matches(" \\+ +4 +13 +ai +Here are tea houses"),
                doc.text());
        assertTrue(only(doc.linesContaining("ai → add_entry")).text().contains(" 12 "), doc.text());
        assertTrue(doc.text().contains("+2 appended · ~1 changed · was 2 messages"), doc.text());
        assertFalse(doc.text().contains("removed"), "a part that did not happen is not listed: " + doc.text());
    }

    @Test
    void aThreadsFirstDumpSaysSo() {
        String text = DetailRenderer.render(TestTraces.event(4)).text();

        assertTrue(text.contains("first dump of this thread · +2 appended"), text);
    }

    @Test
    void aMessagesNameIsShownBesideItsRole() {
        Message named = new Message("system", "New synergies will help drive top-line growth.", List.of(), "", "example_user");
        Event event = new Event(1, "message", "", "conversation", new SourceRef("request.json", 3, 3), "{}",
                new Payload.ConversationMessage(named, OptionalInt.of(1), named.content().length(), false));
        String text = DetailRenderer.render(event).text();

        assertTrue(text.contains("name        example_user"), text);
        assertFalse(DetailRenderer.render(new Event(1, "message", "", "conversation", new SourceRef("request.json", 3, 3),
                "{}", new Payload.ConversationMessage(Message.text("user", "hi"), OptionalInt.of(1), 2, false))).text()
                .contains("name "), "no name, no field");
    }

    @Test
    void prettyPrintsParsedToolArguments() {
        String text = DetailRenderer.render(TestTraces.event(3)).text();

        assertTrue(text.contains("tool        add_entry"), text);
        assertTrue(text.contains("{\n  \"raw_entry\": \"I like green tea\",\n  \"n\": 1\n}"), text);
        assertFalse(text.contains("Truncated"), text);
    }

    @Test
    void saysWhenTheLogTruncatedTheArguments() {
        String text = DetailRenderer.render(TestTraces.event(5)).text();

        assertTrue(text.contains("⚠ Truncated by the log"), text);
        assertTrue(text.contains("x".repeat(1490) + "..."), "the raw arguments are shown as logged");
    }

    @Test
    void showsTheFullLogTextWithItsLineNumbers() {
        String text = DetailRenderer.render(TestTraces.event(2)).text();

        assertTrue(text.contains("LOG TEXT  line 3\n3 │ MSG thread_id=m:s1 msg_idx=1 role=user chars=16 preview=I like green tea"), text);
    }

    @Test
    void numbersEveryLineOfAMultiLineRecord() {
        Event event = new Event(0, "RESULT", "", "t", new SourceRef("f.log", 9, 11), "RESULT a\nb\nc",
                new Payload.AgentResult("a\nb\nc"));

        String text = DetailRenderer.render(event).text();

        assertTrue(text.contains(" 9 │ RESULT a\n10 │ b\n11 │ c"), text);
    }

    @Test
    void showsMalformedRecordsWithTheReason() {
        String text = DetailRenderer.render(TestTraces.event(9)).text();

        assertTrue(text.contains("MALFORMED RECORD"), text);
        assertTrue(text.contains("⚠ idx is not a number: x"), text);
    }

    @Test
    void coloursJsonByToken() {
        DetailDocument doc = DetailRenderer.render(TestTraces.event(3));

        DetailDocument.Line line = only(doc.lines().stream().filter(l -> l.text().equals("  \"n\": 1")).toList());
        assertEquals(List.of("", DetailStyles.JSON_KEY, DetailStyles.JSON_PUNCT, "", DetailStyles.JSON_NUMBER),
                line.spans().stream().map(DetailDocument.Span::style).toList());
    }

    @Test
    void aFlaggedEventListsItsFindingsUnderItsTitleMostSevereFirst() {
        Trace trace = TestTraces.small();
        Event event = trace.event(3);
        List<Finding> findings = EvidenceIndex.of(TestFindings.of(trace)).findings(event);

        DetailDocument doc = DetailRenderer.render(event, findings);

        List<String> lines = doc.lines().stream().map(DetailDocument.Line::text).toList();
        assertEquals(" ERROR   duplicate-add-entry  msg_idx 1", lines.get(2));
        assertEquals(" " + TestFindings.DUPLICATE, lines.get(3));
        assertEquals(" evidence 1 of 2 · lines 4, 8", lines.get(4));
        assertEquals(" WARNING   content-not-verbatim  msg_idx 1", lines.get(5));
        assertEquals("d-finding-line-error", doc.lines().get(3).style());
        assertTrue(lines.indexOf(" evidence 1 of 2 · lines 4, 8") < lines.indexOf("thread      m:s1"), "before the fields");
    }

    @Test
    void anEventWithoutFindingsHasNoFindingsSection() {
        assertFalse(DetailRenderer.render(TestTraces.event(2), List.of()).text().contains("evidence"));
    }

    private static DetailDocument.Line only(List<DetailDocument.Line> lines) {
        assertEquals(1, lines.size(), lines.toString());
        return lines.get(0);
    }
}
