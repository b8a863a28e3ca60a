package dev.tracedeck.importers.sniff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TopLevelNamesTest {

    private static final String LONG = "x".repeat(40_000);

    /** The names of {@code file} as the detector gives them: its first 16 KB as the head, the rest looked at on demand. */
    private static TopLevelNames names(String file, long limit, AtomicInteger opened) {
        byte[] bytes = file.getBytes(StandardCharsets.UTF_8);
        JsonHead head = JsonHead.of(file.substring(0, Math.min(file.length(), 16 * 1024)));
        return new TopLevelNames(head, () -> {
            opened.incrementAndGet();
            return new ByteArrayInputStream(bytes);
        }, limit);
    }

    @Test
    void aMemberAfterALongFirstMemberIsFoundWhereverItComes() {
        AtomicInteger opened = new AtomicInteger();
        TopLevelNames names = names("{\"trace\": {\"input\": \"" + LONG + "\", \"nested\": {\"observations\": 1}},"
                + " \"observations\": [{\"id\": \"o1\"}]}", TopLevelNames.LOOK_LIMIT, opened);
        assertTrue(names.has("trace"), "shown by the head");
        assertEquals(0, opened.get(), "a name the head shows needs no look");
        assertTrue(names.has("observations"));
        assertEquals(1, opened.get());
        assertFalse(names.has("id"), "a member of a member is not a top-level one");
    }

    @Test
    void onlyTopLevelMembersCount() {
        AtomicInteger opened = new AtomicInteger();
        TopLevelNames names = names("{\"trace\": {\"input\": \"" + LONG + "\", \"observations\": []}, \"scores\": []}",
                TopLevelNames.LOOK_LIMIT, opened);
        assertFalse(names.has("observations"), "the trace's own member is not the document's");
        assertTrue(names.has("scores"), "seen on the first look, kept");
        assertEquals(1, opened.get(), "a look that reached the end is not made again");
    }

    @Test
    void anArraysFirstElementIsTheTopLevelValue() {
        AtomicInteger opened = new AtomicInteger();
        TopLevelNames names = names("[{\"trace\": {\"input\": \"" + LONG + "\"}, \"observations\": []}, {\"other\": 1}]",
                TopLevelNames.LOOK_LIMIT, opened);
        assertTrue(names.has("observations"));
        assertFalse(names.has("other"), "the second element's members are not looked at");
    }

    @Test
    void theLookStopsAtItsLimit() {
        AtomicInteger opened = new AtomicInteger();
        TopLevelNames names = names("{\"trace\": {\"input\": \"" + LONG + "\"}, \"observations\": []}", 20_000, opened);
        assertFalse(names.has("observations"), "past the limit nothing is read");
        assertFalse(names.has("observations"));
        assertEquals(1, opened.get(), "and nothing is looked for again");
    }

    @Test
    void brokenJsonKeepsWhatWasSeenBeforeTheBreak() {
        AtomicInteger opened = new AtomicInteger();
        TopLevelNames names = names("{\"trace\": {\"input\": \"" + LONG + "\"}, \"observations\": [], \"x\": tru",
                TopLevelNames.LOOK_LIMIT, opened);
        assertFalse(names.has("y"));
        assertTrue(names.has("observations"), "seen before the break");
    }

    @Test
    void aHeadAloneLooksNoFurther() {
        JsonHead head = JsonHead.of("{\"trace\": {\"input\": \"" + LONG.substring(0, 100));
        assertFalse(TopLevelNames.ofHead(head).has("observations"));
        assertTrue(TopLevelNames.ofHead(head).has("trace"));
    }
}
