package dev.tracedeck.desktop.detail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InlineDiffTest {

    @Test
    void marksTheWholeWordThatChangedAndKeepsTheRest() {
        InlineDiff d = InlineDiff.of("Go to Lisbon in May", "Go to Porto in May");
        assertEquals("Go to ", d.beforeStart());
        assertEquals("Lisbon", d.removed());
        assertEquals("Porto", d.added());
        assertEquals(" in May", d.afterEnd());
    }

    @Test
    void anAppendedTailIsTheOnlyPartMarked() {
        InlineDiff d = InlineDiff.of("I stored it", "I stored it twice");
        assertEquals("", d.removed());
        assertEquals(" twice", d.added());
        assertEquals("I stored it", d.afterStart());
    }

    @Test
    void neverCutsASurrogatePair() {
        // Two emoji that share their high surrogate: a char-level diff would cut between the halves.
        InlineDiff d = InlineDiff.of("x\uD83D\uDE00", "x\uD83D\uDE01");
        assertEquals("x\uD83D\uDE00", d.removed(), "the word holding the emoji, whole");
        assertEquals("x\uD83D\uDE01", d.added());
        InlineDiff longWord = InlineDiff.of("a".repeat(40) + "\uD83D\uDE00", "a".repeat(40) + "\uD83D\uDE01");
        assertEquals("\uD83D\uDE00", longWord.removed(), "a long word keeps the exact cut, on a code point");
    }

    @Test
    void aLongWordKeepsTheExactCut() {
        String json = "{\"memory_id\":\"mem-7f3a9c21-abc\",\"content\":\"hello-world-of-json\"}";
        InlineDiff d = InlineDiff.of(json, json.replace("abc", "abd"));
        assertEquals("c", d.removed());
        assertEquals("d", d.added());
    }

    @Test
    void identicalTextHasNothingMarkedAndARepeatedLetterIsNotCountedTwice() {
        assertEquals("", InlineDiff.of("same", "same").added());
        InlineDiff d = InlineDiff.of("aa", "aaa");
        assertTrue(d.prefix() + d.suffix() <= 2, "prefix and suffix never overlap in the shorter text");
        assertEquals("aa", d.beforeStart() + d.removed() + d.beforeEnd());
        assertEquals("aaa", d.afterStart() + d.added() + d.afterEnd());
    }
}
