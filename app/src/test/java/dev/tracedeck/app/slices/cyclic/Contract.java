package dev.tracedeck.app.slices.cyclic;

/** What every format implements, in the root package (TopPackagesRuleTest's fixture). */
public interface Contract {
}
