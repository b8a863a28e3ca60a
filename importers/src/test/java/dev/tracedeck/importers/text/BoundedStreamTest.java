package dev.tracedeck.importers.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BoundedStreamTest {

    @Test
    void upToGivesTheRangeThenEndsAndEndsQuietlyWhereTheStreamDoesAndClosesIt() throws IOException {
        Watched under = new Watched("abcdef");
        try (InputStream range = BoundedStream.upTo(under, 4)) {
            assertArrayEquals("abcd".getBytes(StandardCharsets.US_ASCII), range.readAllBytes());
            assertEquals(-1, range.read());
        }
        assertTrue(under.closed);
        assertEquals(2, BoundedStream.upTo(new Watched("ab"), 10).readAllBytes().length, "a file that shrank");
    }

    @Test
    void exactlySaysWhereTheStreamEndsTooSoonAndLeavesItOpenForWhatFollows() throws IOException {
        Watched under = new Watched("abcdef");
        try (InputStream entry = BoundedStream.exactly(under, 2, "cut")) {
            assertEquals('a', entry.read());
            assertEquals(1, entry.skip(5), "skips within the range only");
            assertEquals(-1, entry.read());
        }
        assertFalse(under.closed);
        assertEquals('c', under.read());
        EOFException cut = assertThrows(EOFException.class,
                () -> BoundedStream.exactly(new Watched("ab"), 3, "the archive ends inside an entry's data").readAllBytes());
        assertEquals("the archive ends inside an entry's data", cut.getMessage());
    }

    private static final class Watched extends ByteArrayInputStream {
        boolean closed;

        Watched(String text) {
            super(text.getBytes(StandardCharsets.US_ASCII));
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
