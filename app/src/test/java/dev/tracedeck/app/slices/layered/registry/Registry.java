package dev.tracedeck.app.slices.layered.registry;

import dev.tracedeck.app.slices.layered.Contract;
import dev.tracedeck.app.slices.layered.format.Format;

/** The registry in a package of its own, above the formats: no cycle. */
public final class Registry {

    public Contract standard() {
        return new Format();
    }
}
