package dev.tracedeck.analysis.cost;

/**
 * A sum of calls' costs that says what it leaves out: the dollars of the priced calls, and how many calls had no
 * price (a model no table knows), so that a total with unpriced calls reads "at least", never as if they were free.
 *
 * @param microdollars the priced calls' cost, in millionths of a dollar
 * @param calls        the calls counted (a response recorded twice counts once)
 * @param unpriced     of those, the calls of a model no table prices
 * @param estimated    of those, the calls whose tokens are Tracedeck's count, the trace having recorded no usage
 * @param duplicates   records of a response already counted, left out
 * @param tokens       the calls' tokens by bucket
 */
public record CostTotal(long microdollars, int calls, int unpriced, int estimated, int duplicates, Buckets tokens) {

    public static final CostTotal ZERO = new CostTotal(0, 0, 0, 0, 0, Buckets.ZERO);

    /** A bill's tokens, each in one bucket as billed. */
    public record Buckets(long input, long cacheRead, long cacheWrite5m, long cacheWrite1h, long output, long reasoning,
                          long audio) {
        public static final Buckets ZERO = new Buckets(0, 0, 0, 0, 0, 0, 0);

        static Buckets of(dev.tracedeck.model.recorded.BilledUsage b) {
            return new Buckets(b.uncachedInput() - b.inputAudio(), b.cacheRead(), b.cacheWrite5m(), b.cacheWrite1h(),
                    b.output() - b.reasoning() - b.outputAudio(), b.reasoning(), b.inputAudio() + b.outputAudio());
        }

        Buckets plus(Buckets o) {
            return new Buckets(input + o.input, cacheRead + o.cacheRead, cacheWrite5m + o.cacheWrite5m,
                    cacheWrite1h + o.cacheWrite1h, output + o.output, reasoning + o.reasoning, audio + o.audio);
        }
    }

    static CostTotal of(CallCost c) {
        if (!c.counted()) {
            return new CostTotal(0, 0, 0, 0, 1, Buckets.ZERO);
        }
        return new CostTotal(c.microdollars(), 1, c.priced() ? 0 : 1,
                c.origin() == CallCost.Origin.ESTIMATED ? 1 : 0, 0, Buckets.of(c.bill()));
    }

    public CostTotal plus(CostTotal o) {
        return new CostTotal(microdollars + o.microdollars, calls + o.calls, unpriced + o.unpriced,
                estimated + o.estimated, duplicates + o.duplicates, tokens.plus(o.tokens));
    }

    /** True when some call had no price: the dollars are a lower bound. */
    public boolean atLeast() {
        return unpriced > 0;
    }

    /** {@code $1.234567}, exact to the micro-dollar. */
    public static String dollars(long microdollars) {
        String sign = microdollars < 0 ? "-" : "";
        long m = Math.abs(microdollars);
        return String.format("%s$%d.%06d", sign, m / 1_000_000, m % 1_000_000);
    }

    /** {@code $1.234567}, or {@code ≥ $1.234567 + 2 unpriced calls} when some were not priced. */
    public String text() {
        if (!atLeast()) {
            return dollars(microdollars);
        }
        return "≥ " + dollars(microdollars) + " + " + unpriced + (unpriced == 1 ? " unpriced call" : " unpriced calls");
    }
}
