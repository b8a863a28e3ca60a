package dev.tracedeck.analysis.compare;

import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.shape.ShapeDivergence;
import dev.tracedeck.analysis.shape.StateShape;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run before a fix and after it: the checklists compared rule by rule, and the threads paired with their state
 * shapes. Threads pair by id; runs of one benchmark question have other memory ids, so failing that, by the
 * session suffix ({@code :s1}); failing that, in order.
 */
public record TraceComparison(Validation before, Validation after, List<RuleComparison> rules, List<ThreadComparison> threads) {

    public TraceComparison {
        rules = List.copyOf(rules);
        threads = List.copyOf(threads);
    }

    public static TraceComparison of(Trace beforeTrace, Validation before, Trace afterTrace, Validation after) {
        return new TraceComparison(before, after, rules(before, after), threads(beforeTrace, afterTrace));
    }

    /**
     * Two threads compared, of one trace or of two (a LangGraph user comparing two checkpointed threads): the
     * checklists of those threads only, and their shapes.
     */
    public static TraceComparison ofThreads(Trace beforeTrace, Validation before, TraceThread beforeThread, Trace afterTrace,
                                            Validation after, TraceThread afterThread) {
        Validation b = only(before, beforeThread.id());
        Validation a = only(after, afterThread.id());
        return new TraceComparison(b, a, rules(b, a), List.of(pair(Optional.of(beforeThread), Optional.of(afterThread))));
    }

    private static Validation only(Validation v, String threadId) {
        return new Validation(v.file() + " (" + (threadId.isEmpty() ? "the run" : threadId) + ")", v.format(), v.profile(),
                v.threads().stream().filter(t -> t.threadId().equals(threadId)).toList());
    }

    /** A check the before side passed and the after side fails. */
    public boolean regressed() {
        return rules.stream().anyMatch(r -> r.verdict() == Verdict.REGRESSED);
    }

    public long count(Verdict verdict) {
        return rules.stream().filter(r -> r.verdict() == verdict).count();
    }

    private static List<RuleComparison> rules(Validation before, Validation after) {
        Map<String, String> descriptions = new LinkedHashMap<>();
        // In the profile's order: a thread's checklist holds every rule of it; the run's own holds only what applies to
        // a whole run, so it comes last.
        for (Validation v : List.of(before, after)) {
            v.threads().stream().sorted(java.util.Comparator.comparing((ThreadChecklist t) -> t.threadId().isEmpty()))
                    .forEach(t -> t.checks().forEach(c -> descriptions.putIfAbsent(c.ruleId(), c.description())));
        }
        List<RuleComparison> rules = new ArrayList<>();
        descriptions.forEach((rule, description) -> {
            Optional<CheckStatus> b = status(before, rule);
            Optional<CheckStatus> a = status(after, rule);
            rules.add(new RuleComparison(rule, description, b, a, findings(before, rule), findings(after, rule), Verdict.of(b, a)));
        });
        return rules;
    }

    private static Optional<CheckStatus> status(Validation v, String rule) {
        boolean seen = false;
        boolean pass = false;
        for (ThreadChecklist t : v.threads()) {
            for (Check c : t.checks()) {
                if (c.ruleId().equals(rule)) {
                    seen = true;
                    if (c.status() == CheckStatus.FAIL) {
                        return Optional.of(CheckStatus.FAIL);
                    }
                    pass |= c.status() == CheckStatus.PASS;
                }
            }
        }
        return seen ? Optional.of(pass ? CheckStatus.PASS : CheckStatus.NOT_APPLICABLE) : Optional.empty();
    }

    private static int findings(Validation v, String rule) {
        return (int) v.findings().stream().filter(f -> f.ruleId().equals(rule)).count();
    }

    private static List<ThreadComparison> threads(Trace before, Trace after) {
        List<TraceThread> left = withHistory(before);
        List<TraceThread> right = new ArrayList<>(withHistory(after));
        List<ThreadComparison> pairs = new ArrayList<>();
        List<TraceThread> unpaired = new ArrayList<>();
        for (TraceThread l : left) {
            Optional<TraceThread> match = right.stream().filter(r -> r.id().equals(l.id())).findFirst()
                    .or(() -> right.stream().filter(r -> !session(l).isEmpty() && session(r).equals(session(l))).findFirst());
            if (match.isPresent()) {
                right.remove(match.get());
                pairs.add(pair(Optional.of(l), match));
            } else {
                unpaired.add(l);
            }
        }
        // What is left pairs in order; a side with more threads keeps the rest alone.
        for (int i = 0; i < Math.max(unpaired.size(), right.size()); i++) {
            pairs.add(pair(i < unpaired.size() ? Optional.of(unpaired.get(i)) : Optional.empty(),
                    i < right.size() ? Optional.of(right.get(i)) : Optional.empty()));
        }
        return pairs;
    }

    private static ThreadComparison pair(Optional<TraceThread> before, Optional<TraceThread> after) {
        Optional<StateShape> b = before.flatMap(TraceComparison::finalShape);
        Optional<StateShape> a = after.flatMap(TraceComparison::finalShape);
        Optional<ShapeDivergence> divergence = b.isPresent() && a.isPresent() ? ShapeDivergence.between(b.get(), a.get())
                : Optional.empty();
        return new ThreadComparison(before.map(TraceThread::id), after.map(TraceThread::id), b, a, divergence);
    }

    /** The thread's state when the log ends: its last dump, or its whole history. */
    public static Optional<StateShape> finalShape(TraceThread thread) {
        return ThreadHistory.last(thread).map(h -> h.point().payload() instanceof Payload.StateDump dump
                ? StateShape.of(dump.snapshot()) : StateShape.of(h));
    }

    private static List<TraceThread> withHistory(Trace trace) {
        return trace.threads().stream().filter(t -> !ThreadHistory.points(t).isEmpty()).toList();
    }

    /** ":s1" of "3f2b9c1e-…:s1", the Mycelian session; "" for ids without one. */
    private static String session(TraceThread thread) {
        int colon = thread.id().lastIndexOf(':');
        return colon < 0 ? "" : thread.id().substring(colon);
    }
}
