package dev.tracedeck.analysis.align;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs aligned task by task: the runs grouped by the task they ran, in the order each task's first run came.
 *
 * @param tasks one alignment per task
 */
public record Alignment(List<TaskAlignment> tasks) {

    public Alignment {
        tasks = List.copyOf(tasks);
    }

    public static Alignment of(List<AlignedRun> runs) {
        Map<String, List<AlignedRun>> byTask = new LinkedHashMap<>();
        for (AlignedRun run : runs) {
            byTask.computeIfAbsent(run.task(), t -> new ArrayList<>()).add(run);
        }
        List<TaskAlignment> tasks = new ArrayList<>();
        byTask.forEach((task, taskRuns) -> tasks.add(TaskAlignment.of(task, taskRuns)));
        return new Alignment(tasks);
    }

    public int runCount() {
        return tasks.stream().mapToInt(t -> t.runs().size()).sum();
    }
}
