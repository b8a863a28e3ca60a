package dev.tracedeck.desktop.prune;

/**
 * One editable argument of a prune strategy, as the playground shows it: a whole number (a spinner) or a fraction
 * of the context window (a slider).
 *
 * @param name     the argument's name as the command line's help writes it ({@code keep_last_n})
 * @param min      the smallest value the strategy accepts
 * @param max      the largest value offered
 * @param step     how far one spinner click or slider notch moves
 * @param fraction whether it is a fraction in [0, 1] rather than a whole number
 * @param value    the current value
 */
public record StrategyParameter(String name, double min, double max, double step, boolean fraction, double value) {

    static StrategyParameter whole(String name, int min, int max, int step, int value) {
        return new StrategyParameter(name, min, max, step, false, value);
    }

    static StrategyParameter fraction(String name, double value) {
        return new StrategyParameter(name, 0.05, 1, 0.05, true, value);
    }

    /** {@code value} within [min, max], whole numbers rounded and fractions to two decimals (as a spec writes them). */
    public double clamp(double value) {
        double within = Math.max(min, Math.min(max, value));
        return fraction ? Math.round(within * 100) / 100.0 : Math.round(within);
    }
}
