package dev.tracedeck.analysis.textcalls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TextAnchorsTest {

    private static final TextAnchors MARKERS = TextAnchors.of('<', '[', '{', '`', '~', '_');

    @Test
    void findsTheAnchorsATextHoldsAndNoOther() {
        assertEquals("<{", MARKERS.in("a <b> {c}").toString());
        assertEquals("", MARKERS.in("plain prose, with (parentheses) and \"quotes\".").toString());
        assertEquals("", MARKERS.in("").toString());
        assertEquals("[_`~", MARKERS.in("[x_y] `~`").toString());
    }

    @Test
    void takesNoCharacterBeyondAsciiForTheAnchorItSharesLowBitsWith() {
        // '<' + 64 is '|', '<' + 128 is '¼', '{' - 64 is ';': a shift by the character alone would confuse them; and
        // ļ, ś, Ż and 也 have the low byte of '<', '[', '{' and '_'
        assertTrue(MARKERS.in("| ¼ ; \u013c \u015b \u017b \u4e5f \uff1c \ud83d\ude00").isEmpty());
        assertEquals("<", MARKERS.in("¼<").toString());
        assertEquals("[_", MARKERS.in("\u013c[\u4e5f_").toString());
    }

    @Test
    void agreesWithASearchPerAnchorOnRandomText() {
        Random random = new Random(7);
        String alphabet = "<[{`~_|;¼»ļśŻ也 a\n\"'}]>()=:,éü😀\u0000\u007f";
        for (int round = 0; round < 5_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(40); i > 0; i--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            StringBuilder expected = new StringBuilder();
            for (char c : "<[_`{~".toCharArray()) {
                if (text.indexOf(String.valueOf(c)) >= 0) {
                    expected.append(c);
                }
            }
            assertEquals(expected.toString(), MARKERS.in(text.toString()).toString(), () -> "in " + text);
        }
    }

    @Test
    void findsAnchorsAnywhereInALongText() {
        for (String filler : new String[] {"é", "\u017b"}) {
            for (int at : new int[] {0, 2047, 2048, 2049, 4095, 5000, 9999}) {
                StringBuilder text = new StringBuilder(filler.repeat(10_000));
                text.setCharAt(at, '{');
                assertEquals("{", MARKERS.in(text.toString()).toString(), "at " + at);
                text.setCharAt(9_999 - at % 100, '`');
                assertEquals("`{", MARKERS.in(text.toString()).toString(), "at " + at);
            }
        }
    }

    @Test
    void combinesAndComparesSets() {
        TextAnchors angle = TextAnchors.of('<');
        TextAnchors brace = TextAnchors.of('{');
        assertEquals(TextAnchors.of('<', '{'), angle.union(brace));
        assertTrue(angle.union(brace).intersects(brace));
        assertFalse(angle.intersects(brace));
        assertFalse(angle.intersects(TextAnchors.NONE));
        assertTrue(TextAnchors.NONE.isEmpty());
        assertTrue(TextAnchors.of('\u007f').contains('\u007f'));
        assertFalse(TextAnchors.of('\u007f').contains('?'));
    }

    @Test
    void refusesAnAnchorBeyondAscii() {
        assertThrows(IllegalArgumentException.class, () -> TextAnchors.of('é'));
    }
}
