package dev.tracedeck.desktop.detail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.engine.search.EvidenceIndex;
import dev.tracedeck.engine.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Event #6 of the small trace: entry 2 changed from "I like tea" to "I like green tea", 3 and 4 appended. */
class StateMarksRenderingTest {

    private final Trace trace = TestTraces.small();
    private final Event dump = trace.event(6);

    @Test
    void theDumpBeforeIsTheThreadsPreviousDump() {
        assertSame(((Payload.StateDump) trace.event(4).payload()).snapshot(), PreviousSnapshot.of(trace, dump).orElseThrow());
        assertTrue(PreviousSnapshot.of(trace, trace.event(4)).isEmpty(), "a thread's first dump has none");
        assertTrue(PreviousSnapshot.of(trace, trace.event(3)).isEmpty(), "a tool call has none");
    }

    @Test
    void aChangedEntryShowsWhatItWasWithTheDifferenceMarked() {
        DetailDocument doc = DetailRenderer.render(dump, List.of(), PreviousSnapshot.of(trace, dump));

        List<DetailDocument.Line> lines = doc.lines();
        int changed = indexOf(doc, "I like green tea");
        DetailDocument.Line was = lines.get(changed + 1);
        assertEquals("I like tea", was.bodyText());
        assertTrue(was.gutterText().strip().equals("was"), was.gutterText());
        assertEquals(DetailStyles.CHANGED_LINE, was.style());
        DetailDocument.Span added = lines.get(changed).spans().stream()
                .filter(s -> s.style().equals(DetailStyles.DIFF_INS)).findFirst().orElseThrow();
        assertEquals("green ", added.text());
        assertTrue(doc.focusLine().isEmpty(), "no finding, so the pane starts at the top");
    }

    @Test
    void withoutThePreviousDumpAChangedEntryShowsOnlyItsNewValue() {
        DetailDocument doc = DetailRenderer.render(dump, List.of(), Optional.empty());
        assertTrue(doc.linesContaining("was").stream().noneMatch(l -> l.gutterText().strip().equals("was")));
    }

    @Test
    void aFindingThatBlamesAnEntryBringsItIntoViewAndMarksItInTheFindingsColour() {
        Finding finding = blaming(Severity.ERROR, 3);

        DetailDocument doc = DetailRenderer.render(dump, List.of(finding), Optional.empty());

        int entry = indexOf(doc, "Here are tea houses");
        assertEquals(OptionalInt.of(entry), doc.focusLine());
        assertEquals("d-blamed-line-error", doc.lines().get(entry).style());
        assertTrue(doc.lines().get(entry).gutterText().startsWith("!+"), doc.lines().get(entry).gutterText());
        assertTrue(doc.text().contains("blames entry 4 (line 13), marked ! below"), doc.text());
    }

    @Test
    void theFindingSelectedInThePanelDecidesWhichBlamedEntryIsBroughtIntoView() {
        Finding first = blaming(Severity.ERROR, 3);
        Finding second = blaming(Severity.WARNING, 1);
        Validation validation = new Validation(trace.file(), trace.format(), "test", List.of(new ThreadChecklist("m:s1",
                List.of(new Check("r", "r holds", CheckStatus.FAIL, List.of(first, second), "")))));
        DetailViewModel detail = new DetailViewModel(new SyncTaskRunner(), e -> PreviousSnapshot.of(trace, e));
        detail.setEvidence(EvidenceIndex.of(validation));
        detail.show(dump);
        assertEquals(OptionalInt.of(indexOf(detail.getDocument(), "Here are tea houses")), detail.getDocument().focusLine());

        detail.setFocus(second);

        assertEquals(OptionalInt.of(indexOf(detail.getDocument(), "I like green tea")), detail.getDocument().focusLine());
        assertEquals("d-blamed-line-warning", detail.getDocument().lines().get(detail.getDocument().focusLine().getAsInt()).style());
    }

    private Finding blaming(Severity severity, int position) {
        return new Finding("r", severity, "m:s1", OptionalInt.empty(), "entry " + position + " is wrong",
                List.of(dump), List.of(new BlamedEntry(dump, position)));
    }

    private static int indexOf(DetailDocument doc, String part) {
        for (int i = 0; i < doc.lines().size(); i++) {
            if (doc.lines().get(i).bodyText().contains(part) && !doc.lines().get(i).gutterText().isEmpty()) {
                return i;
            }
        }
        throw new AssertionError(part + " not in\n" + doc.text());
    }
}
