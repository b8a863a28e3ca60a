package dev.tracedeck.analysis.rules;

import dev.tracedeck.analysis.tokens.TraceModel;
import dev.tracedeck.model.trace.TraceThread;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Threads checked while their trace is still being read, each kept with what its checklist was made of: the thread as
 * it was read, the profile and the model it was judged with. {@link Validator#validateThreads(dev.tracedeck.model.trace.Trace,
 * ChecksAhead, java.util.function.Consumer)} takes a checklist from here only for a thread the built trace holds
 * exactly so (the very same events, equal records) and judges with the same profile and model, and checks every
 * other thread itself: its verdict is always the one checking the built trace alone gives. So an importer that says
 * a thread is read when it is not (the end of a file cut short adds a record to the thread read last) costs a second
 * check of that thread, never a different verdict.
 *
 * <p>Threads are read on one thread and checked on others: {@link #read} in the order they are read, the checks it
 * returns anywhere.
 */
public final class ChecksAhead {

    private final Validator validator;
    private final Map<String, Checked> checked = new ConcurrentHashMap<>();
    private final Map<String, RuleProfile> profiles = new ConcurrentHashMap<>();
    private final AtomicInteger used = new AtomicInteger();
    /**
     * The model the first thread read that names one names. The trace's own model is that of its first thread that
     * names one (or a run marker's): a guess until the trace is built, and a thread judged with a wrong guess is
     * checked again.
     */
    private volatile Optional<String> traceModelSoFar = Optional.empty();

    /** A thread's checklist and what it was made of. */
    private record Checked(TraceThread thread, String profile, Optional<String> model, ThreadChecklist checklist) {
    }

    public ChecksAhead(Validator validator) {
        this.validator = validator;
    }

    /**
     * Notes {@code thread}, read to its end and judged by the rules of {@code rulesFormat}, and returns its check, to
     * run on any thread: it keeps the checklist here and returns it. Call in the order the threads are read.
     */
    public Supplier<ThreadChecklist> read(TraceThread thread, String rulesFormat) {
        Optional<String> own = TraceModel.of(thread);
        if (traceModelSoFar.isEmpty() && own.isPresent()) {
            traceModelSoFar = own;
        }
        Optional<String> model = own.or(() -> traceModelSoFar);
        RuleProfile profile = profiles.computeIfAbsent(rulesFormat, RuleProfile::forFormat);
        return () -> {
            ThreadChecklist checklist = validator.checklist(thread, profile, model);
            checked.put(thread.id(), new Checked(thread, profile.id(), model, checklist));
            return checklist;
        };
    }

    /** How many threads are checked here and not yet taken. */
    public int size() {
        return checked.size();
    }

    /** Forgets the checklists not taken: a verdict has been made. */
    public void clear() {
        checked.clear();
    }

    /** How many checklists made here a verdict took: the threads that were not checked twice. */
    public int used() {
        return used.get();
    }

    /**
     * The checklist made here of {@code thread}, judged by {@code profile} with {@code model}, when it was made of
     * that very thread so judged; each is handed out once.
     */
    Optional<ThreadChecklist> take(TraceThread thread, String profile, Optional<String> model) {
        Checked c = checked.remove(thread.id());
        if (c == null || !c.profile().equals(profile) || !c.model().equals(model) || !same(c.thread(), thread)) {
            return Optional.empty();
        }
        used.incrementAndGet();
        return Optional.of(c.checklist());
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
