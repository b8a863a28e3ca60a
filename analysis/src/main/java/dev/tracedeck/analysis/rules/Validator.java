package dev.tracedeck.analysis.rules;

import dev.tracedeck.analysis.memory.MemoryTimeline;
import dev.tracedeck.analysis.parallel.ParallelMap;
import dev.tracedeck.analysis.rules.cost.RunBudget;
import dev.tracedeck.analysis.tokens.TraceModel;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/** Runs a profile's enabled rules over every thread of a trace and builds the checklists. */
public final class Validator {

    private final RuleConfig config;

    public Validator(RuleConfig config) {
        this.config = config;
    }

    /** The configuration checked with: the app counts context with the same model settings as the rules. */
    public RuleConfig config() {
        return config;
    }

    public Validation validate(Trace trace) {
        return validate(trace, checked -> { });
    }

    /**
     * Checks {@code trace}, telling {@code checked} how many of its threads are done each time one is (from the
     * threads that check them, so it must be thread-safe): a gigabyte of conversations takes a minute to check.
     */
    public Validation validate(Trace trace, IntConsumer checked) {
        AtomicInteger done = new AtomicInteger();
        return validateThreads(trace, checklist -> checked.accept(done.incrementAndGet()));
    }

    /**
     * Checks {@code trace}, handing each thread's checklist to {@code checkedThread} as soon as it is done (from the
     * threads that check them, in no set order, so it must be thread-safe): a window shows a big file's findings
     * thread by thread while the rest are checked. The returned validation keeps the threads' order.
     */
    public Validation validateThreads(Trace trace, Consumer<ThreadChecklist> checkedThread) {
        return validateThreads(trace, new ChecksAhead(this), checkedThread);
    }

    /**
     * As {@link #validateThreads(Trace, Consumer)}, taking each thread's checklist from {@code ahead} when it was
     * made there of the very thread {@code trace} holds, with the same profile and model (the trace's threads checked
     * while it was read), and checking the others: the same verdict, in the trace's thread order.
     */
    public Validation validateThreads(Trace trace, ChecksAhead ahead, Consumer<ThreadChecklist> checkedThread) {
        RuleProfile profile = RuleProfile.forFormat(trace.report().rulesFormat());
        List<TraceThread> threads = trace.threads();
        // Each thread is judged with the model it ran on (a session's sub-agents may run on another), else the trace's,
        // which is its first thread's that names one: every thread's is found once, on every core.
        List<Optional<String>> threadModels = ParallelMap.map(threads, TraceModel::of);
        Optional<String> traceModel = TraceModel.of(trace, threadModels);
        // Threads are checked apart from each other, so on every core: the context rules tokenize every message, and a
        // gigabyte of conversations took two minutes on one. The checklists keep the threads' order.
        List<ThreadChecklist> checklists = ParallelMap.map(IntStream.range(0, threads.size()).boxed().toList(), i -> {
            TraceThread thread = threads.get(i);
            Optional<String> model = threadModels.get(i).or(() -> traceModel);
            ThreadChecklist checklist = ahead.take(thread, profile.id(), model)
                    .orElseGet(() -> checklist(thread, profile, model));
            checkedThread.accept(checklist);
            return checklist;
        });
        checklists = RunBudget.apply(trace, config, withFileRules(trace, profile, checklists));
        return new Validation(trace.file(), trace.format(), profile.id(), checklists, nothingToCheck(trace, checklists));
    }

    /**
     * {@code checklists} with each thread's check by a {@link FileRule} of {@code profile} made over the whole file,
     * in place of the check of the thread alone (a thread checked as it was read saw no other).
     */
    private List<ThreadChecklist> withFileRules(Trace trace, RuleProfile profile, List<ThreadChecklist> checklists) {
        List<ThreadChecklist> out = checklists;
        for (Rule rule : profile.rules()) {
            RuleSetting setting = config.setting(rule.id());
            if (!(rule instanceof FileRule fileRule) || !setting.enabled().orElse(true)) {
                continue;
            }
            Severity severity = setting.severity().orElse(rule.defaultSeverity());
            Map<String, RuleOutcome> outcomes = fileRule.check(trace.threads(), config.parameters());
            out = out.stream().map(c -> {
                RuleOutcome outcome = outcomes.get(c.threadId());
                if (outcome == null || c.threadId().isEmpty()) {
                    return c;  // the run's own events hold no agent: its check of them alone stands
                }
                Check fileCheck = check(rule, severity, c.threadId(), outcome);
                if (c.checks().stream().noneMatch(k -> k.ruleId().equals(rule.id()) && !k.equals(fileCheck))) {
                    return c;  // the file's verdict is the thread's alone: the checklist as it was made stands
                }
                return new ThreadChecklist(c.threadId(), c.checks().stream()
                        .map(k -> k.ruleId().equals(rule.id()) ? fileCheck : k).toList());
            }).toList();
        }
        return out;
    }

    /**
     * Checks again only the threads of {@code trace} that {@code changed} names, keeping {@code earlier}'s checklist
     * for every other thread it holds: a trace that grows while it is watched has most of its threads as they were,
     * and the context rules tokenize every message of a thread they check. A thread {@code earlier} has no checklist
     * for is checked whatever {@code changed} says.
     */
    public Validation revalidate(Trace trace, Validation earlier, Predicate<String> changed) {
        RuleProfile profile = RuleProfile.forFormat(trace.format());
        Optional<String> traceModel = TraceModel.of(trace);
        Map<String, ThreadChecklist> kept = new HashMap<>();
        if (earlier.profile().equals(profile.id())) {
            // The run's budget is judged again over the whole trace: the thread "" keeps only its own checks.
            earlier.threads().forEach(c -> kept.put(c.threadId(), c.threadId().isEmpty() ? RunBudget.without(c) : c));
        }
        List<ThreadChecklist> checklists = ParallelMap.map(trace.threads(), thread -> {
            ThreadChecklist before = kept.get(thread.id());
            if (before != null && !changed.test(thread.id())) {
                return before;
            }
            RuleParameters parameters = config.parameters().forModel(TraceModel.of(thread).or(() -> traceModel));
            return checklist(thread, profile, parameters);
        });
        checklists = RunBudget.apply(trace, config, withFileRules(trace, profile, checklists));
        return new Validation(trace.file(), trace.format(), profile.id(), checklists, nothingToCheck(trace, checklists));
    }

    /** See {@link Validation#nothingToCheck()}: a failure is always a verdict; a pass is one only on something read. */
    static boolean nothingToCheck(Trace trace, List<ThreadChecklist> checklists) {
        if (checklists.stream().anyMatch(c -> c.count(CheckStatus.FAIL) > 0)) {
            return false;
        }
        boolean allNotApplicable = checklists.stream().allMatch(c -> c.count(CheckStatus.NOT_APPLICABLE) == c.checks().size());
        return allNotApplicable || trace.threads().stream().noneMatch(Validator::holdsSomethingToCheck);
    }

    private static boolean holdsSomethingToCheck(TraceThread thread) {
        for (Event event : thread.events()) {
            EventKind kind = event.kind();
            if (kind == EventKind.MESSAGE || kind == EventKind.TOOL_CALL || kind == EventKind.RESULT
                    || event.payload() instanceof Payload.StateDump dump && dump.snapshot().size() > 0) {
                return true;
            }
        }
        // A memory's history (mem0's) holds no messages, but its writes are what the memory rules read.
        return !MemoryTimeline.of(thread).isEmpty();
    }

    private static Check check(Rule rule, Severity severity, String threadId, RuleOutcome outcome) {
        if (!outcome.applicable()) {
            return new Check(rule.id(), rule.description(), CheckStatus.NOT_APPLICABLE, List.of(), outcome.reason());
        }
        List<Finding> findings = outcome.problems().stream()
                .map(p -> new Finding(rule.id(), severity, threadId, p.msgIdx(), p.message(), p.evidence(), p.blamed()))
                .toList();
        return new Check(rule.id(), rule.description(), findings.isEmpty() ? CheckStatus.PASS : CheckStatus.FAIL,
                findings, "");
    }

    /** {@code thread} judged by {@code profile} with the settings of {@code model}, the model it ran on. */
    ThreadChecklist checklist(TraceThread thread, RuleProfile profile, Optional<String> model) {
        return checklist(thread, profile, config.parameters().forModel(model));
    }

    private ThreadChecklist checklist(TraceThread thread, RuleProfile profile, RuleParameters parameters) {
        List<Check> checks = new ArrayList<>();
        for (Rule rule : profile.rules()) {
            RuleSetting setting = config.setting(rule.id());
            if (!setting.enabled().orElse(true)) {
                continue;
            }
            Severity severity = setting.severity().orElse(rule.defaultSeverity());
            RuleOutcome outcome = rule.check(thread, parameters);
            // The run's events that belong to no thread are checked only by what applies to a whole run (records
            // not read, agents that failed): the conversation rules would list there as n/a on every file.
            if (outcome.applicable() || !thread.id().isEmpty()) {
                checks.add(check(rule, severity, thread.id(), outcome));
            }
        }
        return new ThreadChecklist(thread.id(), checks);
    }
}
