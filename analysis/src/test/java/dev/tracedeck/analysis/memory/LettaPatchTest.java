package dev.tracedeck.analysis.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LettaPatchTest {

    @Test
    void aHunkReplacesItsContextAndRemovedLinesWhereTheyOccurOnce() {
        assertEquals(Optional.of("a\nB\nc"), LettaPatch.applyHunks("a\nb\nc", "@@\n a\n-b\n+B\n"));
        assertEquals(Optional.of("a\nb\nc\nd"), LettaPatch.applyHunks("a\nb\nc", "+d"), "only added lines: the end");
    }

    @Test
    void aHunkWhoseContextIsMissingOrAmbiguousDoesNotApply() {
        assertEquals(Optional.empty(), LettaPatch.applyHunks("a\nb", " x\n-b\n+B"));
        assertEquals(Optional.empty(), LettaPatch.applyHunks("x\nb\nx\nb", " x\n-b\n+B"));
        assertEquals(Optional.empty(), LettaPatch.applyHunks("a", "no hunk here"));
    }

    @Test
    void hunksApplyInTurnToTheValueTheOneBeforeLeft() {
        assertEquals(Optional.of("one\nTWO\nthree\nFOUR"),
                LettaPatch.applyHunks("one\ntwo\nthree\nfour", "@@\n-two\n+TWO\n@@\n three\n-four\n+FOUR"));
    }

    @Test
    void anExtendedPatchIsItsActionsInOrder() {
        String patch = "*** Add Block: goals\nDescription: what the user wants\n+ship v2\n+\n"
                + "*** Update Block: human\n@@\n-Name: Al\n+Name: Alex\n*** Move to: person\n*** Delete Block: scratch\n";
        assertTrue(LettaPatch.extended(patch));
        List<LettaPatch.Action> actions = LettaPatch.actions(patch).orElseThrow();
        assertEquals(List.of("add goals", "update human", "rename human", "delete scratch"),
                actions.stream().map(a -> a.kind() + " " + a.label()).toList());
        assertEquals("ship v2", LettaPatch.added(actions.get(0).body()));
        assertEquals("person", actions.get(2).newLabel());
        assertEquals(Optional.of("Name: Alex\nCity: Oslo"),
                LettaPatch.applyHunks("Name: Al\nCity: Oslo", actions.get(1).body()));
    }

    @Test
    void aMoveWithNoBlockBeforeItOrAHeaderWithoutLabelIsNoPatch() {
        assertEquals(Optional.empty(), LettaPatch.actions("*** Move to: x\n"));
        assertEquals(Optional.empty(), LettaPatch.actions("*** Delete Block:  \n"));
        assertFalse(LettaPatch.extended("@@\n-a\n+b"));
    }

    @Test
    void lineNumbersAsThePromptShowsThemAreRefused() {
        assertTrue(LettaPatch.refused("@@\n 3→ old\n-4→ gone"));
        assertFalse(LettaPatch.refused("@@\n-3→ old"), "Letta looks for a number only at a line's start");
        assertFalse(LettaPatch.refused("@@\n-old\n+new"));
    }

    @Test
    void tabsExpandToTheNextMultipleOfEightAsPythonDoes() {
        assertEquals("a       b\n        c", LettaPatch.expandTabs("a\tb\n\tc"));
    }
}
