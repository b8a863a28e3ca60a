package dev.tracedeck.engine.search;

import dev.tracedeck.analysis.run.HarnessFolds;
import dev.tracedeck.model.event.Event;
import java.util.Objects;

/**
 * Whether the timeline folds harness records into their steps, and where each folds. A new value whenever a thread
 * gets its first step (a file read on), so the filter passes again and that thread's records fold.
 *
 * @param folds   where each harness record folds
 * @param folded  true to fold them (the default), false to show them as rows
 * @param version counts the changes of {@code folds} that change what is folded
 */
public record HarnessFolding(HarnessFolds folds, boolean folded, int version) {

    public HarnessFolding {
        Objects.requireNonNull(folds);
    }

    /** Nothing known to fold yet: a timeline of no events. */
    public static HarnessFolding none() {
        return new HarnessFolding(new HarnessFolds(), true, 0);
    }

    /** Whether {@code event} is a harness record folded into its step, not a row of its own. */
    public boolean hides(Event event) {
        return folded && folds.folds(event);
    }

    public HarnessFolding withFolded(boolean fold) {
        return fold == folded ? this : new HarnessFolding(folds, fold, version);
    }

    public HarnessFolding changed() {
        return new HarnessFolding(folds, folded, version + 1);
    }
}
