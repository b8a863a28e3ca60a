package dev.tracedeck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Expected values are what CPython 3 prints for the same strings (len, slices, strip). */
class PythonTextTest {

    private static final String FAMILY = "👨\u200d👩\u200d👧\u200d👦"; // len() == 7, 11 UTF-16 units
    private static final String E_ACUTE_DECOMPOSED = "e\u0301";       // len() == 2

    @Test
    void countsCodePointsAsPythonsLenDoes() {
        assertEquals(1, PythonText.length("🗾"));
        assertEquals(7, PythonText.length(FAMILY));
        assertEquals(11, FAMILY.length());
        assertEquals(2, PythonText.length("東京"));
        assertEquals(2, PythonText.length(E_ACUTE_DECOMPOSED));
        assertEquals(0, PythonText.length(""));
    }

    @Test
    void cutsLikeASliceWithoutSplittingASurrogatePair() {
        assertEquals("ab🗾", PythonText.prefix("ab🗾cd", 3));
        assertEquals("👨\u200d", PythonText.prefix(FAMILY, 2), "a slice may cut a ZWJ sequence, as Python's does");
        assertEquals("e", PythonText.prefix(E_ACUTE_DECOMPOSED, 1), "and a combining mark from its base");
        assertEquals("short", PythonText.prefix("short", 10));
        assertEquals("", PythonText.prefix("abc", 0));
        assertEquals("ab🗾", PythonText.dropLast("ab🗾...", 3));
    }

    @Test
    void findsTheFirstDifferenceInCodePoints() {
        assertEquals(3, PythonText.firstDifference("🗾🚄🚃x", "🗾🚄🚃y"));
        assertEquals(2, PythonText.firstDifference("東京", "東京都"));
        assertEquals(1, PythonText.firstDifference(E_ACUTE_DECOMPOSED, "e\u0300"));
    }

    @Test
    void stripsWhatPythonsStripStrips() {
        assertEquals("ok", PythonText.strip("\u00a0ok\u00a0"), "no-break space: Java's strip() keeps it");
        assertEquals("ok", PythonText.strip("\u3000ok\u2007\u202f"));
        assertEquals("ok", PythonText.strip("\u001cok\u001f"), "information separators are space to Python");
        assertEquals("ok", PythonText.strip(" \t\r\nok\u0085\u2028"));
        assertEquals("\u200bok", PythonText.strip("\u200bok"), "zero-width space is not space to Python");
        assertEquals("🗾", PythonText.strip(" 🗾 "));
        assertEquals("", PythonText.strip("  "));
    }

    @Test
    void abbreviatesOnCodePointBoundaries() {
        assertEquals("🗾🗾…", PythonText.abbreviate("🗾🗾🗾", 2));
        assertEquals("🗾🗾", PythonText.abbreviate("🗾🗾", 2), "4 UTF-16 units but 2 characters: not cut");
    }
}
