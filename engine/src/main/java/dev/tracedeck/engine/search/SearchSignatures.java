package dev.tracedeck.engine.search;

import dev.tracedeck.model.event.Event;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * For each row, a 128-bit signature of the pairs of adjacent characters in the texts a search reads of it (and of the
 * answer shown in it), case folded as the search compares them. A search for "hotel" can only match a row whose
 * signature holds the bits of "ho", "ot", "te" and "el", so most rows of a big file are passed over with two long
 * comparisons instead of having their texts read and scanned; a row that may match is searched as before, so the
 * signatures only ever skip rows that cannot match. Making them reads every text once (for a big JSON file, its
 * contents back from the file), so they are made off the FX thread: as the file is read ({@link StreamedSignatures}),
 * or for rows with none ({@link #signing}), and installed when done; until then a search reads those rows whole.
 * 16 bytes a row.
 */
public final class SearchSignatures {

    private long[] low = new long[0];
    private long[] high = new long[0];
    /** Rows with a signature: those before this position. */
    private int signed;
    /** The first row changed since the rows were last taken for signing. */
    private int changedFrom = Integer.MAX_VALUE;

    public SearchSignatures() {
    }

    private SearchSignatures(SearchSignatures now) {
        this.low = now.low;
        this.high = now.high;
        this.signed = now.signed;
    }

    /**
     * The signatures as they stand, for a filter pass on another thread: installing more writes past the rows signed
     * or into new arrays, so what it reads stays as it was, but after {@link #forgetFrom}.
     */
    public SearchSignatures view() {
        return new SearchSignatures(this);
    }

    /** The signature of a search: the bits every row it can match holds; none for a search of fewer than two chars. */
    public record Query(long low, long high) {

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

    /** Signatures made off the FX thread for the rows from {@code from} up to {@code from + low.length}. */
    public record Signed(int from, long[] low, long[] high) {
    }

    /** The signature of the texts a search reads of {@code event}: [low, high]. */
    public static long[] of(Event event) {
        Bits bits = new Bits();
        EventFilter.anySearchedText(event, bits);
        return new long[] {bits.low, bits.high};
    }

    /**
     * What {@link #sign} needs of the rows from {@code from} on, taken on the FX thread: the rows and their answers,
     * copied, so that the rows may change while they are signed.
     */
    public record Signing(int from, Event[] rows, Event[] answers) {

        /** Signs the rows, stopping early (null) once {@code cancelled} says so. */
        public Signed sign(BooleanSupplier cancelled) {
            long[] low = new long[rows.length];
            long[] high = new long[rows.length];
            for (int i = 0; i < rows.length; i++) {
                if ((i & 0xFFF) == 0 && cancelled.getAsBoolean()) {
                    return null;
                }
                Bits bits = new Bits();
                EventFilter.anySearchedText(rows[i], bits);
                if (answers[i] != null) {
                    EventFilter.anySearchedText(answers[i], bits);
                }
                low[i] = bits.low;
                high[i] = bits.high;
            }
            return new Signed(from, low, high);
        }
    }

    /** The rows not signed yet, to sign off the FX thread; rows that change meanwhile are left unsigned on install. */
    public Signing signing(Event[] rows, Event[] answers) {
        changedFrom = Integer.MAX_VALUE;
        return new Signing(signed, rows, answers);
    }

    /** Takes on signatures made off the FX thread, but for rows that changed since they were taken. */
    public void install(Signed made) {
        if (made.from() > signed) {
            return;
        }
        int upTo = Math.min(made.from() + made.low().length, changedFrom);
        if (upTo <= signed) {
            return;
        }
        if (low.length < upTo) {
            low = Arrays.copyOf(low, upTo);
            high = Arrays.copyOf(high, upTo);
        }
        int start = signed;
        if (start == 0 && made.from() == 0 && upTo == made.low().length) {
            // Every row from the first: the arrays made are this timeline's own from now on, not copied.
            low = made.low();
            high = made.high();
            signed = upTo;
            return;
        }
        System.arraycopy(made.low(), start - made.from(), low, start, upTo - start);
        System.arraycopy(made.high(), start - made.from(), high, start, upTo - start);
        signed = upTo;
    }

    /** Every row from here on has no signature. */
    public int signedRows() {
        return signed;
    }

    /** The rows from {@code position} on changed: their signatures, if any, no longer hold. */
    public void forgetFrom(int position) {
        signed = Math.min(signed, position);
        changedFrom = Math.min(changedFrom, position);
    }

    /** Whether row {@code position} may match {@code query}: false only when it cannot; true for a row not signed. */
    public boolean mayMatch(int position, Query query) {
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
