package dev.tracedeck.engine.align;

import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.analysis.align.RecordedRun;
import dev.tracedeck.analysis.align.RunSteps;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs of the traces read: each thread no call of its trace started is a run (a sub-agent's thread is part of
 * the run that started it, not a run of its own), with its steps, the task and outcome its records say, and the
 * findings Tracedeck's checks make on it. A run whose trace names no task belongs to {@code unnamedTask}.
 */
public final class RunReading {

    private RunReading() {
    }

    public static List<AlignedRun> runs(Path file, Trace trace, Validator validator, String unnamedTask) {
        Validation validation = validator.validate(trace);
        Map<String, Integer> findings = new HashMap<>();
        for (ThreadChecklist checklist : validation.threads()) {
            findings.put(checklist.threadId(), checklist.findings().size());
        }
        List<TraceThread> top = trace.threads().stream().filter(t -> t.records().startedBy().isEmpty()).toList();
        List<AlignedRun> runs = new ArrayList<>();
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        for (TraceThread thread : top) {
            RecordedRun recorded = RecordedRun.of(thread, trace.format());
            runs.add(new AlignedRun(top.size() == 1 ? name : name + " · " + thread.id(), file.toString(), thread.id(),
                    recorded.task().orElse(unnamedTask), RunSteps.of(thread, trace.format()), recorded.outcome(),
                    findings.getOrDefault(thread.id(), 0)));
        }
        return runs;
    }

    /**
     * The task of runs whose traces name none: given as files of one task, they are named by what their files' names
     * share ({@code run-01.json}, {@code run-02.json}: {@code run}), else by the folder of the first.
     */
    public static String unnamedTask(List<Path> files) {
        if (files.isEmpty()) {
            return "runs";
        }
        String shared = name(files.get(0));
        for (Path f : files) {
            String n = name(f);
            int i = 0;
            while (i < shared.length() && i < n.length() && shared.charAt(i) == n.charAt(i)) {
                i++;
            }
            shared = shared.substring(0, i);
        }
        if (files.size() == 1) {
            int dot = shared.indexOf('.');
            shared = dot > 0 ? shared.substring(0, dot) : shared;
        }
        shared = shared.replaceAll("[-_. 0-9]+$", "");
        if (!shared.isEmpty()) {
            return shared;
        }
        Path folder = files.get(0).toAbsolutePath().getParent();
        return folder == null || folder.getFileName() == null ? "runs" : folder.getFileName().toString();
    }

    private static String name(Path file) {
        return file.getFileName() == null ? file.toString() : file.getFileName().toString();
    }
}
