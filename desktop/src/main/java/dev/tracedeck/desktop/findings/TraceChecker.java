package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.trace.Trace;
import java.util.function.Consumer;
import java.util.function.Function;

/** The rules as the findings panel runs them: each thread's checklist handed over as soon as it is done. */
@FunctionalInterface
public interface TraceChecker {

    /**
     * @param checkedThread hears each thread's checklist when it is done, from whichever thread checked it
     * @return the whole verdict, in the trace's thread order
     */
    Validation check(Trace trace, Consumer<ThreadChecklist> checkedThread);

    /** Rules that give their verdict only whole: the panel shows the findings once all are checked. */
    static TraceChecker whole(Function<Trace, Validation> rules) {
        return (trace, checkedThread) -> rules.apply(trace);
    }
}
