package dev.tracedeck.analysis.compare;

import dev.tracedeck.analysis.shape.ShapeDivergence;
import dev.tracedeck.analysis.shape.StateShape;
import java.util.Optional;

/**
 * Two threads paired across the runs, with their final state shapes and where those first differ.
 *
 * @param beforeId the before side's thread, empty when the after side's has no counterpart
 * @param afterId  the after side's thread, empty when the before side's has no counterpart
 */
public record ThreadComparison(Optional<String> beforeId, Optional<String> afterId, Optional<StateShape> before,
                               Optional<StateShape> after, Optional<ShapeDivergence> divergence) {
}
