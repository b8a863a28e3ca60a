package dev.tracedeck.analysis.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LettaBlocksTest {

    @Test
    void theLineNumbersANewerPromptShowsAreNotPartOfTheValue() {
        assertEquals("**Tasks**\n\n- one", LettaBlocks.withoutLineNumbers("1→ **Tasks**\n2→ \n3→ - one"));
    }

    @Test
    void aValueWhoseLinesAreNotAllNumberedIsKeptAsItIs() {
        assertEquals("1→ first\nsecond", LettaBlocks.withoutLineNumbers("1→ first\nsecond"));
        assertEquals("", LettaBlocks.withoutLineNumbers(""));
    }

    @Test
    void theShortDiffShowsTheChangedLinesBetweenTheCommonHeadAndTail() {
        assertEquals("- b\n+ B\n+ B2\n", LineDiff.between("a\nb\nc", "a\nB\nB2\nc", 10));
        assertEquals("- b\n… 2 more changed lines\n", LineDiff.between("a\nb\nc", "a\nB\nB2\nc", 1));
        assertEquals("+ x\n… 1 more line\n", LineDiff.added("x\ny", 1));
    }
}
