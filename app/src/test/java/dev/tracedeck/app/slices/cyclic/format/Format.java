package dev.tracedeck.app.slices.cyclic.format;

import dev.tracedeck.app.slices.cyclic.Contract;

/** A format, built on the root package's contract. */
public final class Format implements Contract {
}
