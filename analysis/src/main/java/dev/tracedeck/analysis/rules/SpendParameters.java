package dev.tracedeck.analysis.rules;

/**
 * What the cost rules are given: when a fall in cache reads is a miss worth a finding, and the budgets a run and each
 * thread are held to. A budget of 0 is none.
 *
 * @param cacheDropFraction the share of the cached prefix a call must fail to read back for its fall to count (0.5:
 *                          reads fell by more than half of what the previous call of its model cached)
 * @param cacheMinTokens    fewer tokens missed than this are no finding (1,024: the shortest prefix Anthropic caches)
 * @param threadDollars     a thread's model calls may cost this many dollars; 0 for no budget
 * @param threadTokens      a thread's model calls may bill this many tokens (input and output); 0 for no budget
 * @param runDollars        all the model calls of a file may cost this many dollars; 0 for no budget
 * @param runTokens         all the model calls of a file may bill this many tokens; 0 for no budget
 */
public record SpendParameters(double cacheDropFraction, int cacheMinTokens, double threadDollars, long threadTokens,
                              double runDollars, long runTokens) {

    public static final SpendParameters DEFAULTS = new SpendParameters(0.5, 1024, 0, 0, 0, 0);

    public SpendParameters {
        if (!(cacheDropFraction > 0 && cacheDropFraction <= 1) || cacheMinTokens < 1) {
            throw new IllegalArgumentException("0 < cacheDropFraction <= 1 and cacheMinTokens >= 1");
        }
        if (!(threadDollars >= 0) || threadTokens < 0 || !(runDollars >= 0) || runTokens < 0) {
            throw new IllegalArgumentException("budgets are >= 0 (0 for none)");
        }
    }

    /** True when some budget is set for a thread. */
    public boolean threadBudget() {
        return threadDollars > 0 || threadTokens > 0;
    }

    /** True when some budget is set for a whole run. */
    public boolean runBudget() {
        return runDollars > 0 || runTokens > 0;
    }
}
