package dev.tracedeck.model.event;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * One {@link OptionalInt} for each small value, shared by the payloads that hold one: a log of a GiB has a message
 * index or a count on most of its records, each an object of 16 bytes when made for the record. An OptionalInt is a
 * value (equal by what it holds), so which instance a payload holds is nothing anyone can tell.
 */
final class SharedInts {

    private static final OptionalInt[] SMALL = new OptionalInt[1024];

    static {
        for (int i = 0; i < SMALL.length; i++) {
            SMALL[i] = OptionalInt.of(i);
        }
    }

    private SharedInts() {
    }

    /** {@code value}, or the shared instance equal to it. */
    static OptionalInt of(OptionalInt value) {
        Objects.requireNonNull(value);
        if (value.isPresent()) {
            int i = value.getAsInt();
            return i >= 0 && i < SMALL.length ? SMALL[i] : value;
        }
        return OptionalInt.empty();
    }
}
