package dev.tracedeck.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
            SearchSignatures signatures = signed(event);
            assertTrue(signatures.mayMatch(0, SearchSignatures.Query.of(search)), () -> "'" + search + "' in '" + text + "'");
            checked++;
        }
        assertTrue(checked > 10_000, "most rounds search a text that holds the search: " + checked);
    }

    @Test
    void rulesOutARowWithoutTheSearchsPairs() {
        SearchSignatures signatures = signed(event("the train leaves at nine"), event("hotel booking for two"));
        SearchSignatures.Query hotel = SearchSignatures.Query.of("hotel");

        assertFalse(signatures.mayMatch(0, hotel));
        assertTrue(signatures.mayMatch(1, hotel));
        assertTrue(signatures.mayMatch(2, hotel), "not signed: it may match");
        assertFalse(SearchSignatures.Query.of("h").filters(), "one char has no pair");
        assertFalse(SearchSignatures.Query.of("\uD801\uDC00x").filters(), "a surrogate's case is its code point's");
    }

    @Test
    void rowsThatChangeWhileSignedAreLeftUnsigned() {
        SearchSignatures signatures = new SearchSignatures();
        Event[] rows = {event("alpha"), event("beta"), event("gamma")};
        SearchSignatures.Signing signing = signatures.signing(rows, new Event[rows.length]);
        signatures.forgetFrom(1);  // a followed file's reading replaced the rows from 1 on
        signatures.install(signing.sign(() -> false));

        assertEquals(1, signatures.signedRows());
        assertFalse(signatures.mayMatch(0, SearchSignatures.Query.of("zeta")));
        assertTrue(signatures.mayMatch(1, SearchSignatures.Query.of("zeta")));

        SearchSignatures.Signing rest = signatures.signing(new Event[] {event("delta"), event("zeta")}, new Event[2]);
        signatures.install(rest.sign(() -> false));
        assertEquals(3, signatures.signedRows());
        assertTrue(signatures.mayMatch(2, SearchSignatures.Query.of("zeta")));
        assertFalse(signatures.mayMatch(1, SearchSignatures.Query.of("zeta")));
        assertNull(signatures.signing(rows, new Event[rows.length]).sign(() -> true), "cancelled");
    }

    private static SearchSignatures signed(Event... rows) {
        SearchSignatures signatures = new SearchSignatures();
        signatures.install(signatures.signing(rows, new Event[rows.length]).sign(() -> false));
        return signatures;
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
