package dev.tracedeck.desktop.tabs;

import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.findings.TraceChecker;
import dev.tracedeck.engine.job.TraceJob;
import dev.tracedeck.model.trace.Trace;
import java.util.function.Consumer;

/**
 * The rules as a file opened in the window runs them: its reading gives the verdict ({@link TraceJob.Read#verdict}),
 * the threads checked as they were read not checked again. The reading is known once the file is read whole, before
 * its findings ask.
 */
final class ReadVerdict implements TraceChecker {

    private volatile TraceJob.Read read;

    void readBy(TraceJob.Read read) {
        this.read = read;
    }

    @Override
    public Validation check(Trace trace, Consumer<ThreadChecklist> checkedThread) {
        return read.verdict(checkedThread);
    }
}
