package dev.tracedeck.importers.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    @Test
    void splitsOnLfAndCrlfAndDropsTheByteOrderMark() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] body = "first\r\nsecond\nthird".getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of("first", "second", "third"), texts(concat(bom, body)));
    }

    @Test
    void keepsEmptyLinesButNotAnEmptyTailAfterTheLastNewline() throws IOException {
        assertEquals(List.of("a", "", "b"), texts("a\n\nb\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of(), texts(new byte[0]));
    }

    @Test
    void decodesUtf8AndFlagsInvalidBytesWithTheirLine() throws IOException {
        byte[] bytes = concat("café ok\n".getBytes(StandardCharsets.UTF_8),
                new byte[] {'b', 'a', 'd', ' ', (byte) 0xC3, '(', '\n'}, "ümlaut\n".getBytes(StandardCharsets.UTF_8));
        List<Line> lines = lines(new ByteArrayInputStream(bytes));
        assertEquals("café ok", lines.get(0).text());
        assertFalse(lines.get(0).invalidUtf8());
        assertTrue(lines.get(1).invalidUtf8());
        assertEquals(2, lines.get(1).number());
        assertEquals("bad \uFFFD(", lines.get(1).text());
        assertFalse(lines.get(2).invalidUtf8());
    }

    @Test
    void rejectsOverlongsAndSurrogatesAsInvalid() {
        assertFalse(Utf8.isValid(new byte[] {(byte) 0xC0, (byte) 0xAF}, 0, 2));
        assertFalse(Utf8.isValid(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, 0, 3));
        assertFalse(Utf8.isValid(new byte[] {(byte) 0xE2, (byte) 0x82}, 0, 2));
        assertTrue(Utf8.isValid("€𝄞".getBytes(StandardCharsets.UTF_8), 0, 7));
    }

    @Test
    void readsLinesLongerThanTheBufferAndStreamsThatTrickle() throws IOException {
        String longLine = "x".repeat(3 * (1 << 20) + 17);
        byte[] bytes = ("short\n" + longLine + "\nlast").getBytes(StandardCharsets.UTF_8);
        List<Line> lines = lines(new TrickleStream(bytes, 7));
        assertEquals(3, lines.size());
        assertEquals(longLine, lines.get(1).text());
        assertEquals("last", lines.get(2).text());
        assertEquals(3, lines.get(2).number());
    }

    @Test
    void agreesWithAPlainSplitterOnRandomText() throws IOException {
        java.util.Random random = new java.util.Random(42);
        byte[] alphabet = "ab \n\r\tz".getBytes(StandardCharsets.UTF_8);
        byte[] utf8 = "é€😀".getBytes(StandardCharsets.UTF_8);
        for (int round = 0; round < 200; round++) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            int n = random.nextInt(300);
            for (int i = 0; i < n; i++) {
                int pick = random.nextInt(20);
                if (pick == 0) {
                    out.write(utf8, 0, utf8.length);
                } else if (pick == 1) {
                    out.write(0xC3);
                } else {
                    out.write(alphabet[random.nextInt(alphabet.length)]);
                }
            }
            byte[] bytes = out.toByteArray();
            String decoded = new String(bytes, StandardCharsets.UTF_8);
            List<String> expected = new ArrayList<>(List.of(decoded.split("\n", -1)));
            if (expected.get(expected.size() - 1).isEmpty()) {
                expected.remove(expected.size() - 1);
            }
            expected.replaceAll(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
            assertEquals(expected, texts(bytes), "round " + round);
        }
    }

    @Test
    void rawLinesOfAnyLengthSayWhereTheyEndAndWhetherTheyAreAscii() throws IOException {
        java.util.Random random = new java.util.Random(7);
        for (int round = 0; round < 300; round++) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            int n = random.nextInt(4_000);
            int newlineEvery = 1 + random.nextInt(600);
            for (int i = 0; i < n; i++) {
                int pick = random.nextInt(newlineEvery);
                if (pick == 0) {
                    out.write('\n');
                } else if (pick == 1 && random.nextInt(8) == 0) {
                    out.write(0x80 + random.nextInt(0x80));
                } else {
                    out.write(0x20 + random.nextInt(0x5F));
                }
            }
            byte[] bytes = out.toByteArray();
            List<String> expected = new ArrayList<>();
            List<String> got = new ArrayList<>();
            int from = 0;
            for (int i = 0; i <= bytes.length; i++) {
                if (i == bytes.length ? from < i : bytes[i] == '\n') {
                    boolean ascii = true;
                    for (int j = from; j < i; j++) {
                        ascii &= bytes[j] >= 0;
                    }
                    expected.add(from + ":" + (i - from) + ":" + ascii);
                    from = i + 1;
                }
            }
            // Buffers grow from a MiB; streams that trickle make lines cross reads anywhere.
            try (LineReader reader = new LineReader(new java.io.InputStream() {
                private int at;

                @Override
                public int read() {
                    return at < bytes.length ? bytes[at++] & 0xFF : -1;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    if (at >= bytes.length) {
                        return -1;
                    }
                    int k = Math.min(len, Math.min(bytes.length - at, 1 + random.nextInt(97)));
                    System.arraycopy(bytes, at, b, off, k);
                    at += k;
                    return k;
                }
            })) {
                LineReader.RawLine raw;
                while ((raw = reader.nextRaw()) != null) {
                    got.add(raw.position() + ":" + raw.length() + ":" + raw.isAscii());
                }
            }
            assertEquals(expected, got, "round " + round);
        }
    }

    @Test
    void skipsALineThatRepeatsTheExpectedOneButForItsTimestamp() throws IOException {
        String expected = "2025-09-05 10:15:03,003 [s.py:f] STATE_MSG idx=1 type=chat role=user content=hi";
        String log = "first\n" + expected.replace("03,003", "04,117") + "\r\n2025-09-05 10:15:05,000 [s.py:f] next\n";
        try (LineReader reader = new LineReader(new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8)))) {
            assertEquals("first", reader.next().text());
            assertEquals(2, reader.skipIfRepeats(expected.getBytes(StandardCharsets.UTF_8), 23));
            assertEquals(3, reader.next().number());
        }
    }

    @Test
    void skipsARepeatedLineWhateverItsCharacters() throws IOException {
        String expected = "2025-09-05 10:15:03,003 [s.py:f] STATE_MSG idx=1 type=chat role=user content=caf\u00e9 \u2713 \uD83D\uDE00";
        String log = "first\n" + expected.replace("03,003", "04,117") + "\n2025-09-05 10:15:05,000 [s.py:f] next\n";
        try (LineReader reader = new LineReader(new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8)))) {
            reader.next();
            assertEquals(2, reader.skipIfRepeats(expected.getBytes(StandardCharsets.UTF_8), 23));
            assertEquals("2025-09-05 10:15:05,000 [s.py:f] next", reader.next().text());
        }
    }

    @Test
    void readsTheLineNormallyWhenItDiffersOrSomethingContinuesIt() throws IOException {
        String expected = "2025-09-05 10:15:03,003 [s.py:f] STATE_MSG idx=1 type=chat role=user content=hi";
        String[] logs = {
            "x\n" + expected.replace("hi", "ho") + "\n",                       // the body differs
            "x\n" + expected.replace("2025-", "2025/") + "\n",                 // not the same timestamp shape
            "x\n" + expected + "\ncontinued without a prefix\n",              // a continuation follows
            "x\n" + expected + "\u00e9\n",                                     // longer, and not ASCII
        };
        for (String log : logs) {
            try (LineReader reader = new LineReader(new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8)))) {
                reader.next();
                assertEquals(0, reader.skipIfRepeats(expected.getBytes(StandardCharsets.UTF_8), 23), log);
                assertEquals(2, reader.next().number(), log);
            }
        }
    }

    @Test
    void takesAnyDigitWhereTheTimestampHasADigitAndOnlyTheSameByteElsewhere() throws IOException {
        String body = " [s.py:f] STATE_MSG idx=1 type=chat role=user content=hi";
        // Timestamps of 23, 10 and 5 bytes, each followed by a space as a logging prefix's is.
        for (String time : new String[] {"2025-09-05 10:15:03,003", "2025-09-05", "10:15"}) {
            String expected = time + body;
            String after = "\n" + time.replace('5', '6') + " [s.py:f] next\n";
            for (int i = 0; i < time.length(); i++) {
                boolean digit = Character.isDigit(expected.charAt(i));
                // One byte changed at i: a digit, ASCII that is no digit, and (two bytes from i) a character beyond ASCII.
                String[] lines = {
                    expected.substring(0, i) + (expected.charAt(i) == '7' ? '8' : '7') + expected.substring(i + 1),
                    expected.substring(0, i) + 'x' + expected.substring(i + 1),
                    expected.substring(0, i) + '/' + expected.substring(i + 1),
                    expected.substring(0, i) + '\u00e9' + expected.substring(i + 2),
                };
                boolean[] repeats = {digit, false, false, false};
                for (int k = 0; k < lines.length; k++) {
                    String log = "x\n" + lines[k] + after;
                    try (LineReader reader = new LineReader(new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8)))) {
                        reader.next();
                        int skipped = reader.skipIfRepeats(expected.getBytes(StandardCharsets.UTF_8), time.length());
                        assertEquals(repeats[k] ? 2 : 0, skipped, time.length() + " bytes of time: " + lines[k]);
                    }
                }
            }
        }
    }

    @Test
    void skipsTheLastLineOfTheInput() throws IOException {
        String expected = "2025-09-05 10:15:03,003 [s.py:f] STATE_MSG idx=1 type=ai role= content=";
        try (LineReader reader = new LineReader(new ByteArrayInputStream(("x\n" + expected + "\n").getBytes(StandardCharsets.UTF_8)))) {
            reader.next();
            assertEquals(2, reader.skipIfRepeats(expected.getBytes(StandardCharsets.UTF_8), 23));
            assertNull(reader.next());
        }
    }

    @Test
    void passesOverALineTooLongToHoldAndKeepsItsStartLengthAndTheOffsetsAfterIt() throws IOException {
        // 3 MiB of "é" (2 bytes each) on line 2, longer than the 1 MiB buffer, read in small pieces.
        byte[] bytes = concat("first\n".getBytes(StandardCharsets.UTF_8),
                "é".repeat(3 << 19).getBytes(StandardCharsets.UTF_8), "\nthird\n".getBytes(StandardCharsets.UTF_8));
        InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 65_537));
            }
        };
        try (LineReader reader = new LineReader(trickle, 1001)) {
            assertEquals("first", reader.next().text());
            Line cut = reader.next();
            assertTrue(cut.cut());
            assertEquals(3L << 20, cut.length());
            assertEquals("é".repeat(500), cut.text(), "cut before a character that would not fit whole");
            assertFalse(cut.invalidUtf8());
            LineReader.RawLine third = reader.nextRaw();
            assertEquals(3, third.number());
            assertEquals(6 + (3L << 20) + 1, third.position());
            assertEquals(-1, third.cutLength());
            assertNull(reader.next());
        }
    }

    @Test
    void aLineTooLongAtTheEndOfTheStreamIsStillALine() throws IOException {
        try (LineReader reader = new LineReader(new ByteArrayInputStream("a".repeat(5000).getBytes(StandardCharsets.UTF_8)), 100)) {
            Line cut = reader.next();
            assertEquals(5000, cut.length());
            assertEquals(100, cut.text().length());
            assertNull(reader.next());
        }
    }

    /**
     * Each line's place in the stream (after a byte order mark) and, where its text is exactly its bytes decoded, how
     * many there are: a line ended by CR LF, one with bytes that are not UTF-8 and one too long to hold have none, read
     * through buffers that hand over a few bytes at a time or all at once.
     */
    @Test
    void saysWhereEachLineStartsAndWhetherItsTextIsItsBytes() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[][] lines = {"first".getBytes(StandardCharsets.UTF_8), "second".getBytes(StandardCharsets.UTF_8),
                {'b', 'a', 'd', ' ', (byte) 0xC3, '('}, "ümlaut".getBytes(StandardCharsets.UTF_8),
                "x".repeat(100).getBytes(StandardCharsets.UTF_8), "last".getBytes(StandardCharsets.UTF_8)};
        byte[][] ends = {{'\r', '\n'}, {'\n'}, {'\n'}, {'\n'}, {'\n'}, {}};
        int[] expectedBytes = {-1, 6, -1, 7, -1, 4};
        List<byte[]> parts = new ArrayList<>(List.of(bom));
        long[] starts = new long[lines.length];
        long at = bom.length;
        for (int i = 0; i < lines.length; i++) {
            starts[i] = at;
            parts.add(lines[i]);
            parts.add(ends[i]);
            at += lines[i].length + ends[i].length;
        }
        byte[] bytes = concat(parts.toArray(byte[][]::new));
        for (int chunk : new int[] {3, 7, bytes.length}) {
            try (LineReader reader = new LineReader(new TrickleStream(bytes, chunk), 64)) {
                for (int i = 0; i < lines.length; i++) {
                    assertNotNull(reader.next(), "line " + (i + 1));
                    assertEquals(starts[i], reader.lastLineStart(), "start of line " + (i + 1) + ", chunks of " + chunk);
                    assertEquals(expectedBytes[i], reader.lastLineBytes(), "bytes of line " + (i + 1) + ", chunks of " + chunk);
                }
                assertNull(reader.next());
            }
        }
    }

    private static List<String> texts(byte[] bytes) throws IOException {
        return lines(new ByteArrayInputStream(bytes)).stream().map(Line::text).toList();
    }

    private static List<Line> lines(InputStream in) throws IOException {
        List<Line> out = new ArrayList<>();
        try (LineReader reader = new LineReader(in)) {
            Line line;
            while ((line = reader.next()) != null) {
                out.add(line);
            }
            assertNull(reader.next());
        }
        return out;
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** Hands out at most a few bytes per read, as pipes and gzip streams do. */
    private static final class TrickleStream extends ByteArrayInputStream {
        private final int max;

        TrickleStream(byte[] bytes, int max) {
            super(bytes);
            this.max = max;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, max));
        }
    }
}
