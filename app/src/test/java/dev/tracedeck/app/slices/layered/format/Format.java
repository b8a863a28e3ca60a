package dev.tracedeck.app.slices.layered.format;

import dev.tracedeck.app.slices.layered.Contract;

/** A format, built on the root package's contract. */
public final class Format implements Contract {
}
