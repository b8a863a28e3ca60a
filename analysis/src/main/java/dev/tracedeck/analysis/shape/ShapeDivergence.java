package dev.tracedeck.analysis.shape;

import java.util.List;
import java.util.Optional;

/**
 * Where two state shapes first differ, aligned turn by turn (a turn opens with a user message): the first turn
 * whose chips differ in kind or calls, and the first chip in it that does. Two runs of one conversation differ
 * where one agent persisted something the other did not.
 *
 * @param turn   the 0-based turn (turn 0 is what precedes the first user message)
 * @param chip   the 0-based position within the turn of the first chip that differs
 * @param before the chip on the before side, empty when that side's turn ends there
 * @param after  the chip on the after side, empty when that side's turn ends there
 */
public record ShapeDivergence(int turn, int chip, Optional<ShapeChip> before, Optional<ShapeChip> after) {

    /** The first divergence, or empty when the shapes are alike. */
    public static Optional<ShapeDivergence> between(StateShape before, StateShape after) {
        List<List<ShapeChip>> a = before.turns();
        List<List<ShapeChip>> b = after.turns();
        for (int t = 0; t < Math.max(a.size(), b.size()); t++) {
            List<ShapeChip> x = t < a.size() ? a.get(t) : List.of();
            List<ShapeChip> y = t < b.size() ? b.get(t) : List.of();
            for (int c = 0; c < Math.max(x.size(), y.size()); c++) {
                Optional<ShapeChip> left = c < x.size() ? Optional.of(x.get(c)) : Optional.empty();
                Optional<ShapeChip> right = c < y.size() ? Optional.of(y.get(c)) : Optional.empty();
                if (left.isEmpty() || right.isEmpty() || !left.get().sameShape(right.get())) {
                    return Optional.of(new ShapeDivergence(t, c, left, right));
                }
            }
        }
        return Optional.empty();
    }

    /** "turn 3, message 4: before assistant text (line 96), after user (line 88)". */
    public String describe() {
        return String.format("turn %d, message %d of the turn: before %s, after %s", turn, chip + 1, side(before), side(after));
    }

    private static String side(Optional<ShapeChip> chip) {
        return chip.map(c -> c.label() + (c.line() > 0 ? " (line " + c.line() + ")" : "")).orElse("nothing (the turn ends)");
    }
}
