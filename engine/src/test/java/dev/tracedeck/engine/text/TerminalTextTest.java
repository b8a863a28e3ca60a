package dev.tracedeck.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

    @Test
    void aLineShowsEveryControlAsItsEscape() {
        assertEquals("\\0\\a\\b\\t\\n\\v\\f\\r\\e\\x01\\x1f\\x7f\\u0085\\u202a\\u2069\\u2028\\ufffe\\ud800",
                TerminalText.line("\0\u0007\b\t\n\u000b\f\r\u001b\u0001\u001f\u007f\u0085\u202a\u2069\u2028\ufffe\ud800"));
    }

    @Test
    void aBlockKeepsItsLineEndsButNotALoneCarriageReturn() {
        assertEquals("a\r\nb\nc\\rd\\e", TerminalText.block("a\r\nb\nc\rd\u001b"));
    }

    @Test
    void printableTextIsLeftAsItIsPairsIncluded() {
        String text = "C:\\logs\\run 1 — 東京 🗾 \u200f";
        assertSame(text, TerminalText.line(text));
    }
}
