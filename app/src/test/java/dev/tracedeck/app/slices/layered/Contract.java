package dev.tracedeck.app.slices.layered;

/** What every format implements, in the root package, which depends on nothing below it. */
public interface Contract {
}
