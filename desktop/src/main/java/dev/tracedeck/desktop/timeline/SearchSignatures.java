package dev.tracedeck.desktop.timeline;

import dev.tracedeck.model.event.Event;
import java.util.Arrays;

/**
 * For each row, a 128-bit signature of the pairs of adjacent characters in the texts a search reads of it (and of the
 * answer shown in it), case folded as the search compares them. A search for "hotel" can only match a row whose
 * signature holds the bits of "ho", "ot", "te" and "el", so most rows of a big file are passed over with two long
 * comparisons instead of having their texts read and scanned; a row that may match is searched as before, so the
 * signatures only ever skip rows that cannot match. They are made by the first search that needs them (one pass over
 * the texts, as that search makes anyway) and kept: 16 bytes a row.
 */
final class SearchSignatures {

    private long[] low = new long[0];
    private long[] high = new long[0];
    /** Rows with a signature: those before this position. */
    private int signed;

    /** The signature of a search: the bits every row it can match holds; none for a search of fewer than two chars. */
    record Query(long low, long high) {

        static Query of(String search) {
            Bits bits = new Bits();
            for (int i = 0; i < search.length(); i++) {
                // A surrogate may match in another case only as part of a code point: no pair of units says it.
                if (Character.isSurrogate(search.charAt(i))) {
                    return new Query(0, 0);
                }
            }
            bits.add(search);
            return new Query(bits.low, bits.high);
        }

        boolean filters() {
            return (low | high) != 0;
        }
    }

    /** Rows up to {@code rows} get signatures, growing the arrays; the new ones are made by {@link #sign}. */
    int ensureCapacity(int rows) {
        if (low.length < rows) {
            int capacity = Math.max(rows, low.length + (low.length >> 1));
            low = Arrays.copyOf(low, capacity);
            high = Arrays.copyOf(high, capacity);
        }
        return signed;
    }

    /** Makes the signature of row {@code position}: its event and, when it shows one, its answer. Thread-safe per row. */
    void sign(int position, Event row, Event answer) {
        Bits bits = new Bits();
        EventFilter.anySearchedText(row, bits);
        if (answer != null) {
            EventFilter.anySearchedText(answer, bits);
        }
        low[position] = bits.low;
        high[position] = bits.high;
    }

    /** Every row before {@code rows} has its signature. */
    void signedUpTo(int rows) {
        signed = Math.max(signed, rows);
    }

    /** The rows from {@code position} on changed: their signatures are made again when next needed. */
    void forgetFrom(int position) {
        signed = Math.min(signed, position);
    }

    /** Whether row {@code position} may match {@code query}: false only when it cannot; true for a row not signed. */
    boolean mayMatch(int position, Query query) {
        if (position >= signed) {
            return true;
        }
        return (low[position] & query.low) == query.low && (high[position] & query.high) == query.high;
    }

    /** Pairs of adjacent chars, folded as a case-blind comparison folds them, hashed into 128 bits. */
    private static final class Bits implements EventFilter.TextLook {
        long low;
        long high;

        @Override
        public boolean found(String text) {
            add(text);
            return false;
        }

        void add(String text) {
            int length = text.length();
            if (length < 2) {
                return;
            }
            int previous = fold(text.charAt(0));
            for (int i = 1; i < length; i++) {
                int c = fold(text.charAt(i));
                int bit = ((previous * 31 + c) * 0x9E3779B9) >>> 25;
                if (bit < 64) {
                    low |= 1L << bit;
                } else {
                    high |= 1L << (bit - 64);
                }
                previous = c;
            }
        }

        /**
         * Two chars a case-blind comparison ({@link String#regionMatches(boolean, int, String, int, int)}) takes as
         * equal fold to the same char: it compares their upper cases and then the lower cases of those.
         */
        private static int fold(char c) {
            if (c < 0x80) {
                return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
            }
            return Character.toLowerCase(Character.toUpperCase(c));
        }
    }
}
