package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.engine.text.CountFormat;
import java.util.List;

/** A file's checklist in numbers, for the summary line that stands in for the passing checks it leaves out. */
record CheckCounts(int threads, int failingThreads, long passed, long failed, long notApplicable) {

    static CheckCounts of(Validation v) {
        List<ThreadChecklist> threads = v.threads();
        int failing = (int) threads.stream().filter(t -> t.count(CheckStatus.FAIL) > 0).count();
        long pass = threads.stream().mapToLong(t -> t.count(CheckStatus.PASS)).sum();
        long fail = threads.stream().mapToLong(t -> t.count(CheckStatus.FAIL)).sum();
        long na = threads.stream().mapToLong(t -> t.count(CheckStatus.NOT_APPLICABLE)).sum();
        return new CheckCounts(threads.size(), failing, pass, fail, na);
    }

    /** "178 threads checked, all clean: 2,848 checks passed, 356 n/a" or "… 2 failing: …". */
    String sentence() {
        String threadsPart = Summary.plural(threads, "thread") + " checked, "
                + (failingThreads == 0 ? "all clean" : CountFormat.count(failingThreads) + " failing");
        return threadsPart + ": " + Summary.plural(passed, "check") + " passed, " + CountFormat.count(failed) + " failed, "
                + CountFormat.count(notApplicable) + " n/a";
    }
}
