package dev.tracedeck.analysis.align;

/**
 * pass^k: the chance that k runs drawn from a task's n runs with a verdict, without putting back, all pass, when c of
 * them passed: C(c, k) / C(n, k), the unbiased estimator of the chance that k fresh runs all pass (as τ-bench defines
 * pass^k). Computed as the product of (c − i) / (n − i) for i below k, which never forms the binomials.
 */
public final class PassK {

    private PassK() {
    }

    /** pass^k for k = 1..n (index k − 1); empty when n is 0. */
    public static double[] of(int passing, int n) {
        if (passing < 0 || passing > n) {
            throw new IllegalArgumentException(passing + " passing of " + n);
        }
        double[] values = new double[n];
        double p = 1;
        for (int k = 1; k <= n; k++) {
            p *= (double) (passing - (k - 1)) / (n - (k - 1));
            values[k - 1] = Math.max(0, p);
        }
        return values;
    }
}
