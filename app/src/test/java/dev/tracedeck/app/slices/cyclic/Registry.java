package dev.tracedeck.app.slices.cyclic;

import dev.tracedeck.app.slices.cyclic.format.Format;

/** A registry in the root package that knows the formats: the root and the format package make a cycle. */
public final class Registry {

    public Contract standard() {
        return new Format();
    }
}
