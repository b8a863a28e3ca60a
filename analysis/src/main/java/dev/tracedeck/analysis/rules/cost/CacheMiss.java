package dev.tracedeck.analysis.rules.cost;

import dev.tracedeck.analysis.cost.CallPrice;
import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.cost.KeptPrices;
import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.SpendParameters;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.recorded.BilledUsage;
import dev.tracedeck.model.recorded.Compaction;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.trace.TraceThread;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A model call reads back from the prompt cache what the previous call of its thread and model left there, unless the
 * trace shows why it could not: the idle time since that call outlived the cache, the harness compacted the context in
 * between, the thread changed model (a cache is the model's own), or, where the trace recorded the requests, the
 * system prompt or the tools sent before the history changed (the first byte that differs is the evidence). Each such miss is named with its reason, the
 * tokens that were not read back and what that cost over reading them.
 *
 * <p>A fall the trace gives no reason for is no finding: where the request is not recorded (Claude Code, Codex) the
 * prefix may have changed (a tool list, a rewritten message) and nothing says it held; and a provider that caches
 * on its own (OpenAI) keeps no promise that a prefix stays. A sub-agent's first call has nothing before it in its
 * thread to read back: expected, never a finding.
 */
public final class CacheMiss extends DescribedRule {

    /** Anthropic's default cache lifetime, refreshed by each read. */
    static final Duration FIVE_MINUTES = Duration.ofMinutes(5);
    /** Anthropic's extended lifetime, for prefixes written with {@code ttl: 1h}. */
    static final Duration ONE_HOUR = Duration.ofHours(1);
    /**
     * A cache the provider keeps on its own (OpenAI's, which records no writes) has no set lifetime: minutes of
     * inactivity, up to a day with extended retention. Only an idle time beyond that is sure to have emptied it.
     */
    static final Duration AUTOMATIC_LONGEST = Duration.ofHours(24);

    public CacheMiss() {
        super("cache-miss", "a model call reads back the prompt cache the previous call of its model left, unless the "
                + "trace shows why not (idle past the cache's lifetime, a compaction, a model switch, the system prompt or"
                + " tools changed)", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<ModelCall> modelCalls = thread.records().modelCalls();
        if (modelCalls.isEmpty()) {
            return RuleOutcome.notApplicable("no model calls recorded in this thread");
        }
        List<CachedCall> calls = billed(thread);
        if (calls.isEmpty()) {
            return RuleOutcome.notApplicable("no usage recorded for this thread's model calls: nothing says what was cached");
        }
        if (calls.stream().noneMatch(c -> c.bill().cacheRead() > 0 || c.bill().cacheWrite() > 0)) {
            return RuleOutcome.notApplicable("the recorded usage shows no prompt caching (no cache reads or writes)");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Miss m : misses(thread, calls, p.spend())) {
            problems.add(problem(m));
        }
        return RuleOutcome.of(problems);
    }

    /**
     * One miss the rule reports: the call that read back less than it could, the call before it that left the prefix,
     * the tokens missed, why the trace shows the cache could not hold, and what paying for them again cost over
     * reading them (empty when the model is unpriced).
     *
     * @param call       the call that missed
     * @param bill       its recorded bill
     * @param base       the call whose cached prefix it could have read
     * @param prefix     the tokens {@code base} left in the cache
     * @param missed     of those, the tokens not read back
     * @param reason     why, in a sentence
     * @param evidence   the events that show why (a compaction), beside the two calls
     * @param extraMicrodollars what the call paid for the missed tokens over reading them, in micro-dollars
     */
    public record Miss(ModelCall call, BilledUsage bill, ModelCall base, long prefix, long missed, String reason, List<Event> evidence,
                       OptionalLong extraMicrodollars) {

        public Miss {
            evidence = List.copyOf(evidence);
        }

        /** How the call paid for the tokens it missed: as cache writes, or as uncached input. */
        public String paidAs() {
            return bill.cacheWrite() > 0 ? "cache writes" : "uncached input";
        }
    }

    /** The misses {@link #check} reports for {@code thread}, in its order; none where its usage shows no caching. */
    public static List<Miss> misses(TraceThread thread, SpendParameters spend) {
        List<CachedCall> calls = billed(thread);
        if (calls.stream().noneMatch(c -> c.bill().cacheRead() > 0 || c.bill().cacheWrite() > 0)) {
            return List.of();
        }
        return misses(thread, calls, spend);
    }

    private static List<Miss> misses(TraceThread thread, List<CachedCall> calls, SpendParameters spend) {
        // A provider whose usage records cache writes caches what it is asked to, for a set lifetime (Anthropic).
        boolean explicit = calls.stream().anyMatch(c -> c.bill().cacheWrite() > 0);
        List<Miss> misses = new ArrayList<>();
        // The requests the trace recorded, read once and only for a thread that misses its cache.
        PrefixChange[] recorded = new PrefixChange[1];
        java.util.function.Supplier<PrefixChange> heads = () -> recorded[0] != null ? recorded[0]
                : (recorded[0] = new PrefixChange(thread));
        Map<String, CachedCall> lastOfModel = new HashMap<>();
        Set<String> wroteForAnHour = new HashSet<>();
        CachedCall last = null;
        for (CachedCall c : calls) {
            CachedCall before = lastOfModel.get(c.model());
            boolean switched = before == null;
            CachedCall base = switched ? last : before;
            if (base != null) {
                long prefix = base.cachedPrefix();
                long read = c.bill().cacheRead();
                long missed = Math.min(prefix, c.bill().input()) - read;
                if (prefix >= spend.cacheMinTokens() && missed >= spend.cacheMinTokens()
                        && read < prefix * (1 - spend.cacheDropFraction())) {
                    Duration lifetime = !explicit ? AUTOMATIC_LONGEST
                            : wroteForAnHour.contains(c.model()) ? ONE_HOUR : FIVE_MINUTES;
                    reason(thread, base, c, switched, lifetime, explicit, heads).ifPresent(r ->
                            misses.add(new Miss(c.call(), c.bill(), base.call(), prefix, missed, r.text(), r.evidence(),
                                    extra(c, missed))));
                }
            }
            if (c.bill().cacheWrite1h() > 0) {
                wroteForAnHour.add(c.model());
            }
            lastOfModel.put(c.model(), c);
            last = c;
        }
        return misses;
    }

    /** What {@code c} paid for {@code missed} tokens over reading them from the cache; empty when its model is unpriced. */
    private static OptionalLong extra(CachedCall c, long missed) {
        OptionalLong paid = CallPrice.microdollars(KeptPrices.get(), c.model(), c.bill(), c.call().event().time());
        OptionalLong ifRead = CallPrice.microdollars(KeptPrices.get(), c.model(), CallPrice.readBack(c.bill(), missed),
                c.call().event().time());
        return paid.isPresent() && ifRead.isPresent() ? OptionalLong.of(paid.getAsLong() - ifRead.getAsLong())
                : OptionalLong.empty();
    }

    /** Why the trace shows the cache could not hold: evidence events and a sentence; empty when it shows no reason. */
    private record Reason(String text, List<Event> evidence) {
    }

    private static Optional<Reason> reason(TraceThread thread, CachedCall base, CachedCall c, boolean switched,
                                           Duration lifetime, boolean explicit,
                                           java.util.function.Supplier<PrefixChange> heads) {
        for (Compaction k : thread.records().compactions()) {
            int seq = k.event().seq();
            if (seq > base.seq() && seq < c.seq()) {
                return Optional.of(new Reason("the context was compacted at line " + k.event().source().firstLine()
                        + (k.trigger().isEmpty() ? "" : " (" + k.trigger() + ")")
                        + ": the history after the system prompt became a summary, a new prefix", List.of(k.event())));
            }
        }
        if (switched) {
            return Optional.of(new Reason("the thread switched from " + base.model() + " to " + c.model()
                    + ": a prompt cache is one model's own", List.of()));
        }
        Optional<PrefixChange.Change> changed = heads.get().between(base.seq(), c.seq());
        if (changed.isPresent()) {
            return Optional.of(new Reason(changed.get().text() + "; a prompt cache holds a prefix only while it is sent"
                    + " byte for byte again", changed.get().evidence()));
        }
        if (base.at().isPresent() && c.sentNoEarlier().isPresent()) {
            Duration idle = Duration.between(base.at().get(), c.sentNoEarlier().get());
            if (idle.compareTo(lifetime) > 0) {
                String life = !explicit ? "the longest any provider-managed cache is kept (24 hours)"
                        : lifetime.equals(ONE_HOUR) ? "the cache's 1-hour lifetime (this model's calls wrote 1-hour cache)"
                        : "the cache's 5-minute lifetime";
                return Optional.of(new Reason("at least " + idle(idle) + " passed since that call, past " + life,
                        List.of()));
            }
        }
        return Optional.empty();
    }

    private static RuleOutcome.Problem problem(Miss m) {
        BilledUsage bill = m.bill();
        String model = m.call().model().strip();
        String baseModel = m.base().model().strip();
        String cost = m.extraMicrodollars().isPresent()
                ? "; paying for them as " + m.paidAs() + " cost " + CostTotal.dollars(m.extraMicrodollars().getAsLong())
                        + " more than reading them"
                : "; " + (model.isEmpty() ? "the call names no model" : model + " is unpriced") + ": what that cost is not known";
        String message = String.format("the call at line %d read %,d tokens from the cache where the %s call at line %d"
                        + " left %,d: %,d tokens missed. %s%s",
                m.call().event().source().firstLine(), bill.cacheRead(),
                baseModel.isEmpty() ? "previous" : "previous " + baseModel,
                m.base().event().source().firstLine(), m.prefix(), m.missed(), capitalized(m.reason()), cost);
        List<Event> evidence = new ArrayList<>();
        evidence.add(m.call().event());
        evidence.add(m.base().event());
        evidence.addAll(m.evidence());
        return new RuleOutcome.Problem(OptionalInt.empty(), message, evidence);
    }

    /**
     * The thread's calls with a recorded bill, one per response (a response recorded over several lines, as Claude
     * Code writes one per content block, is the first of them), each with when it was logged and the latest time
     * logged before it.
     */
    private static List<CachedCall> billed(TraceThread thread) {
        List<ModelCall> modelCalls = thread.records().modelCalls();
        List<CachedCall> calls = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Instant latest = null;
        int next = 0;
        for (Event e : thread.events()) {
            while (next < modelCalls.size() && modelCalls.get(next).event().seq() <= e.seq()) {
                ModelCall call = modelCalls.get(next++);
                Optional<BilledUsage> bill = call.billed().or(() -> call.usage().map(BilledUsage::of));
                if (bill.isPresent() && (bill.get().id().isEmpty() || ids.add(bill.get().id()))) {
                    calls.add(new CachedCall(call, bill.get(), CallPrice.loggedAt(call.event().time()),
                            Optional.ofNullable(latest)));
                }
            }
            // Only what the request answers (messages, calls, results): a line the harness logs while a call streams
            // (a progress note, a queued prompt) may come before the call's own record yet after its request went out.
            if (!ANSWERED.contains(e.kind())) {
                continue;
            }
            Optional<Instant> at = CallPrice.loggedAt(e.time());
            if (at.isPresent() && (latest == null || at.get().isAfter(latest))) {
                latest = at.get();
            }
        }
        return calls;
    }

    private static final Set<EventKind> ANSWERED = Set.of(EventKind.MESSAGE, EventKind.TOOL_CALL, EventKind.RESULT);

    private static String idle(Duration d) {
        long s = d.getSeconds();
        if (s >= 3600) {
            return String.format("%d h %02d min", s / 3600, (s % 3600) / 60);
        }
        return String.format("%d min %02d s", s / 60, s % 60);
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
