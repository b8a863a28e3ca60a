package dev.tracedeck.analysis.rules;

import dev.tracedeck.analysis.tokens.TraceModel;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads checked while their trace is still being read, each kept with what its checklist is made of: the thread as
 * it was read, the profile and the model it is judged with. {@link Validator#validateThreads(dev.tracedeck.model.trace.Trace,
 * ChecksAhead, java.util.function.Consumer)} takes a checklist from here only for a thread the built trace holds
 * exactly so (the very same events, equal records) and judges with the same profile and model, and checks every
 * other thread itself: its verdict is always the one checking the built trace alone gives. So an importer that says
 * a thread is read when it is not (the end of a file cut short adds a record to the thread read last) costs a second
 * check of that thread, never a different verdict.
 *
 * <p>A thread's {@link Check} runs wherever it is handed (beside the import), once: a verdict that needs one not
 * started yet runs it itself, on the verdict's own threads, and waits for one running elsewhere. Threads are read on
 * one thread and checked on others: {@link #read} in the order they are read.
 */
public final class ChecksAhead {

    private final Validator validator;
    private final Map<String, Check> checks = new ConcurrentHashMap<>();
    private final Map<String, RuleProfile> profiles = new ConcurrentHashMap<>();
    private final AtomicInteger used = new AtomicInteger();
    /**
     * The model the first thread read that names one names. The trace's own model is that of its first thread that
     * names one (or a run marker's): a guess until the trace is built, and a thread judged with a wrong guess is
     * checked again.
     */
    private volatile Optional<String> traceModelSoFar = Optional.empty();

    /** The check of one thread as it was read: run once, where it is first asked for. */
    public final class Check {
        private final TraceThread thread;
        private final RuleProfile profile;
        private final Optional<String> model;
        private final AtomicBoolean claimed = new AtomicBoolean();
        private final CountDownLatch done = new CountDownLatch(1);
        private volatile ThreadChecklist checklist;

        private Check(TraceThread thread, RuleProfile profile, Optional<String> model) {
            this.thread = thread;
            this.profile = profile;
            this.model = model;
        }

        /**
         * Checks the thread here, unless that is under way or done elsewhere (or no longer wanted): its checklist when
         * this call made it.
         */
        public Optional<ThreadChecklist> run() {
            if (!claimed.compareAndSet(false, true)) {
                return Optional.empty();
            }
            try {
                checklist = validator.checklist(thread, profile, model);
                return Optional.of(checklist);
            } finally {
                done.countDown();
            }
        }

        /** The checklist, made here if nobody started it, else once whoever did is done; null if that failed. */
        private ThreadChecklist settle() {
            run();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted while thread " + thread.id() + " was checked");
            }
            return checklist;
        }

        /** Whoever has not started it leaves it: the verdict checks the thread as the trace holds it. */
        private void drop() {
            if (claimed.compareAndSet(false, true)) {
                done.countDown();
            }
        }

        private boolean madeOf(TraceThread built, String profileId, Optional<String> builtModel) {
            return profile.id().equals(profileId) && model.equals(builtModel) && same(thread, built);
        }
    }

    public ChecksAhead(Validator validator) {
        this.validator = validator;
    }

    /**
     * Notes {@code thread}, read to its end and judged by the rules of {@code rulesFormat}, and returns its check, to
     * run on any thread. Call in the order the threads are read.
     */
    public Check read(TraceThread thread, String rulesFormat) {
        Optional<String> own = TraceModel.of(thread);
        if (traceModelSoFar.isEmpty() && own.isPresent()) {
            traceModelSoFar = own;
        }
        Check check = new Check(thread, profiles.computeIfAbsent(rulesFormat, RuleProfile::forFormat),
                own.or(() -> traceModelSoFar));
        Check earlier = checks.put(thread.id(), check);
        if (earlier != null) {
            earlier.drop();
        }
        return check;
    }

    /** Forgets every check not taken, and leaves those not started: a verdict has been made, or none is wanted. */
    public void clear() {
        checks.values().forEach(Check::drop);
        checks.clear();
    }

    /** How many checklists made here a verdict took: the threads that were not checked twice. */
    public int used() {
        return used.get();
    }

    /**
     * The checklist of {@code thread} judged by {@code profile} with {@code model}, when a check here was made of that
     * very thread so judged: made here and now if it was not started, waited for if it is under way. Each is handed
     * out once.
     */
    Optional<ThreadChecklist> take(TraceThread thread, String profile, Optional<String> model) {
        Check check = checks.remove(thread.id());
        if (check == null) {
            return Optional.empty();
        }
        if (!check.madeOf(thread, profile, model)) {
            check.drop();
            return Optional.empty();
        }
        ThreadChecklist checklist = check.settle();
        if (checklist != null) {
            used.incrementAndGet();
        }
        return Optional.ofNullable(checklist);
    }

    /**
     * The same events, one for one (findings hold their evidence events: equal ones would not do), and equal records
     * of its model calls.
     */
    static boolean same(TraceThread read, TraceThread built) {
        if (read.events().size() != built.events().size() || !read.records().equals(built.records())) {
            return false;
        }
        for (int i = 0; i < read.events().size(); i++) {
            if (read.events().get(i) != built.events().get(i)) {
                return false;
            }
        }
        return true;
    }
}
