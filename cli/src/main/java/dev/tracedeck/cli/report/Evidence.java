package dev.tracedeck.cli.report;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.model.event.Event;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** How reports name a finding's evidence and its place. */
final class Evidence {

    private Evidence() {
    }

    /** "lines 12, 15-17, 20". */
    static String lines(Finding f) {
        if (f.evidence().isEmpty()) {
            return "";
        }
        String lines = f.evidence().stream().map(e -> e.source().lines()).distinct().collect(Collectors.joining(", "));
        return (lines.chars().allMatch(Character::isDigit) ? "line " : "lines ") + lines;
    }

    /**
     * "file: lines 12, 15": the trace's file and the evidence's lines; where the evidence is in other files (a
     * folder's, each event in the file it was read from), each of those files with its lines, "a.jsonl: line 3; b.jsonl: line 9".
     */
    static String place(String traceFile, Finding f) {
        Map<String, List<Event>> byFile = new LinkedHashMap<>();
        f.evidence().forEach(e -> byFile.computeIfAbsent(e.source().file(), k -> new ArrayList<>()).add(e));
        if (byFile.isEmpty() || byFile.keySet().equals(Set.of(traceFile))) {
            return traceFile + ": " + lines(f);
        }
        return byFile.entrySet().stream().map(g -> g.getKey() + ": " + lines(g.getValue()))
                .collect(Collectors.joining("; "));
    }

    private static String lines(List<Event> events) {
        String lines = events.stream().map(e -> e.source().lines()).distinct().collect(Collectors.joining(", "));
        return (lines.chars().allMatch(Character::isDigit) ? "line " : "lines ") + lines;
    }

    static String msgIdx(Finding f) {
        return f.msgIdx().isPresent() ? "msg_idx " + f.msgIdx().getAsInt() : "";
    }

    /**
     * The checklists as a report lists them: the threads in the file's order, then the run's events that belong to no
     * thread, when anything was checked there.
     */
    static List<ThreadChecklist> inReportOrder(List<ThreadChecklist> threads) {
        List<ThreadChecklist> ordered = new ArrayList<>(threads.size());
        threads.stream().filter(t -> !t.threadId().isEmpty()).forEach(ordered::add);
        threads.stream().filter(t -> t.threadId().isEmpty() && !t.checks().isEmpty()).forEach(ordered::add);
        return ordered;
    }

    static String threadLabel(String id) {
        return id.isEmpty() ? "(run: events that belong to no thread)" : id;
    }

    static String location(Event e) {
        return e.source().display();
    }
}
