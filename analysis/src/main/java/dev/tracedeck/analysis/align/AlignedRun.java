package dev.tracedeck.analysis.align;

import java.util.List;
import java.util.Objects;

/**
 * One run of a task, reduced for aligning.
 *
 * @param name     how the run is named to people: its file, and its thread where the file holds several runs
 * @param file     the file it was read from
 * @param thread   its thread in that file
 * @param task     the task it ran
 * @param steps    its steps in order ({@link RunSteps})
 * @param outcome  how it ended, as its trace records it ({@link RecordedRun})
 * @param findings how many findings Tracedeck's checks made on its thread
 */
public record AlignedRun(String name, String file, String thread, String task, List<RunStep> steps, Outcome outcome,
                         int findings) {

    public AlignedRun {
        Objects.requireNonNull(name);
        Objects.requireNonNull(file);
        Objects.requireNonNull(thread);
        Objects.requireNonNull(task);
        steps = List.copyOf(steps);
        Objects.requireNonNull(outcome);
    }
}
