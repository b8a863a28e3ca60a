package dev.tracedeck.desktop.timeline;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A signature may only ever rule out a row the search would not match. */
class SearchSignaturesTest {

    /** Letters whose case a case-blind comparison folds in unusual ways, beside plain ones. */
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789_-\"{}:,"
            + "ßẞİıiIKkſsSσςΣéÉøØæÆµΜ€日本語ǅǄǆ\uD801\uDC00\uD801\uDC28";

    private final TraceBuilder builder = new TraceBuilder();
    private int line;

    private Event event(String text) {
        line++;
        return builder.add("TEXT", "", "t", SourceRef.line("f.log", line), text, new Payload.Unparsed(false, ""));
    }

    @Test
    void neverRulesOutARowTheSearchMatches() {
        Random random = new Random(7);
        int checked = 0;
        for (int round = 0; round < 20_000; round++) {
            String text = randomText(random, 1 + random.nextInt(40));
            int from = random.nextInt(text.length());
            int to = from + 1 + random.nextInt(Math.min(8, text.length() - from));
            StringBuilder needle = new StringBuilder();
            for (char c : text.substring(from, to).toCharArray()) {
                needle.append(random.nextBoolean() ? Character.toUpperCase(c) : Character.toLowerCase(c));
            }
            String search = EventFilter.normalizedSearch(needle.toString());
            Event event = event(text);
            if (search.isEmpty() || !EventFilter.ALL.withSearch(search).test(event)) {
                continue;
            }
            SearchSignatures signatures = new SearchSignatures();
            signatures.ensureCapacity(1);
            signatures.sign(0, event, null);
            signatures.signedUpTo(1);
            assertTrue(signatures.mayMatch(0, SearchSignatures.Query.of(search)), () -> "'" + search + "' in '" + text + "'");
            checked++;
        }
        assertTrue(checked > 10_000, "most rounds search a text that holds the search: " + checked);
    }

    @Test
    void rulesOutARowWithoutTheSearchsPairs() {
        SearchSignatures signatures = new SearchSignatures();
        signatures.ensureCapacity(2);
        signatures.sign(0, event("the train leaves at nine"), null);
        signatures.sign(1, event("hotel booking for two"), null);
        signatures.signedUpTo(1);

        SearchSignatures.Query hotel = SearchSignatures.Query.of("hotel");
        assertFalse(signatures.mayMatch(0, hotel));
        assertTrue(signatures.mayMatch(1, hotel), "not signed yet: it may match");
        signatures.signedUpTo(2);
        assertTrue(signatures.mayMatch(1, hotel));
        signatures.forgetFrom(0);
        assertTrue(signatures.mayMatch(0, hotel), "forgotten: it may match again");
        assertFalse(SearchSignatures.Query.of("h").filters(), "one char has no pair");
    }

    private static String randomText(Random random, int length) {
        StringBuilder text = new StringBuilder();
        while (text.length() < length) {
            int at = random.nextInt(ALPHABET.length());
            char c = ALPHABET.charAt(at);
            if (Character.isHighSurrogate(c)) {
                text.append(c).append(ALPHABET.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                text.append(c);
            }
        }
        return text.toString();
    }
}
