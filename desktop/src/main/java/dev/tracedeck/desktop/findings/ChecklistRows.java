package dev.tracedeck.desktop.findings;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.desktop.findings.FindingsRow.CheckRow;
import dev.tracedeck.desktop.findings.FindingsRow.FindingRow;
import dev.tracedeck.desktop.findings.FindingsRow.PassedRow;
import dev.tracedeck.desktop.findings.FindingsRow.ThreadRow;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.ThreadLabels;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lays a validation out as the panel's rows for one scope. Threads with findings come first; within a thread
 * the failed checks (open, their findings under them), then the passed and not-applicable ones folded into one
 * "15 passed · 2 n/a" row, closed while the thread has failures. The rest keep the trace's and the profile's
 * order. A key in {@code toggled} flips a row's default. Next and previous walk the findings in log order —
 * by their first evidence — across threads and rules, as someone reading the log meets them.
 */
final class ChecklistRows {

    private static final Comparator<Check> PASSED_FIRST = Comparator.comparingInt(c -> c.status() == CheckStatus.PASS ? 0 : 1);

    private ChecklistRows() {
    }

    /**
     * @param scope the one thread to lay out, or empty for every thread under a heading each
     * @see #build(Validation, Optional, Set, ThreadLabels)
     */
    static ChecklistLayout build(Validation validation, Optional<String> scope, Set<String> toggled) {
        return build(validation, scope, toggled,
                ThreadLabels.of(validation.threads().stream().map(ThreadChecklist::threadId).toList()));
    }

    /**
     * @param scope  the one thread to lay out, or empty for every thread under a heading each
     * @param labels the threads' labels, as the thread list and the timeline show them: made once per trace rather than
     *               per layout (labelling a file's fourteen thousand threads again took most of each layout)
     */
    static ChecklistLayout build(Validation validation, Optional<String> scope, Set<String> toggled, ThreadLabels labels) {
        List<ThreadChecklist> threads = inScope(validation, scope);
        List<Finding> order = logOrder(threads);
        Map<Finding, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < order.size(); i++) {
            index.put(order.get(i), i);
        }
        List<FindingsRow> rows = new ArrayList<>();
        for (ThreadChecklist checklist : threads) {
            String id = checklist.threadId();
            boolean threadOpen = true;
            if (scope.isEmpty()) {
                ThreadRow heading = heading(checklist, labels, toggled, earliest(checklist.findings(), index));
                threadOpen = heading.expanded();
                rows.add(heading);
            }
            if (!threadOpen) {
                continue;
            }
            List<Check> passed = new ArrayList<>();
            for (Check check : checklist.checks()) {
                if (check.status() != CheckStatus.FAIL) {
                    passed.add(check);
                    continue;
                }
                String key = CheckRow.keyOf(id, check.ruleId());
                boolean open = expanded(key, true, toggled);
                rows.add(new CheckRow(id, check, open, earliest(check.findings(), index), false));
                if (open) {
                    check.findings().stream().sorted(Comparator.comparing(index::get))
                            .forEach(f -> rows.add(new FindingRow(f, index.get(f), source(f))));
                }
            }
            if (!passed.isEmpty()) {
                long pass = passed.stream().filter(c -> c.status() == CheckStatus.PASS).count();
                boolean open = expanded(PassedRow.keyOf(id), passed.size() == checklist.checks().size(), toggled);
                rows.add(new PassedRow(id, pass, passed.size() - pass, open));
                if (open) {
                    passed.stream().sorted(PASSED_FIRST).forEach(c -> rows.add(new CheckRow(id, c, false, -1, true)));
                }
            }
        }
        return new ChecklistLayout(rows, order);
    }

    /** Every finding in scope by its first evidence's position in the log; ties keep the checklist's order. */
    private static List<Finding> logOrder(List<ThreadChecklist> threads) {
        return threads.stream().flatMap(t -> t.findings().stream())
                .sorted(Comparator.comparingInt(ChecklistRows::firstSeq))
                .toList();
    }

    private static int firstSeq(Finding finding) {
        return finding.evidence().isEmpty() ? Integer.MAX_VALUE : finding.evidence().get(0).seq();
    }

    /** The log-order position of the earliest of {@code findings}, -1 for none. */
    private static int earliest(List<Finding> findings, Map<Finding, Integer> index) {
        return findings.stream().mapToInt(index::get).min().orElse(-1);
    }

    /** One thread, or every thread with those that have findings first: with hundreds of threads, clean ones bury the rest. */
    private static List<ThreadChecklist> inScope(Validation validation, Optional<String> scope) {
        if (scope.isPresent()) {
            return validation.threads().stream().filter(t -> t.threadId().equals(scope.get())).toList();
        }
        // A stable partition, each thread's findings gathered once: a sort asked each of thousands of threads many times.
        List<ThreadChecklist> clean = new ArrayList<>();
        List<ThreadChecklist> ordered = new ArrayList<>(validation.threads().size());
        for (ThreadChecklist thread : validation.threads()) {
            (thread.findings().isEmpty() ? clean : ordered).add(thread);
        }
        ordered.addAll(clean);
        return ordered;
    }

    /** Labelled as the thread list and the timeline label it; the cell's tooltip gives the full id. */
    private static ThreadRow heading(ThreadChecklist checklist, ThreadLabels labels, Set<String> toggled, int nextFinding) {
        long findings = checklist.findings().size();
        String id = checklist.threadId();
        return new ThreadRow(id, labels.label(id), checklist.count(CheckStatus.PASS),
                checklist.count(CheckStatus.FAIL), checklist.count(CheckStatus.NOT_APPLICABLE), findings,
                expanded(ThreadRow.keyOf(id), findings > 0, toggled), nextFinding);
    }

    private static boolean expanded(String key, boolean byDefault, Set<String> toggled) {
        return byDefault != toggled.contains(key);
    }

    /** "before-prebuilt-react.log:65": the file name is enough beside the tab that names the path. */
    static String source(Finding finding) {
        if (finding.evidence().isEmpty()) {
            return "";
        }
        Event first = finding.evidence().get(0);
        String file = first.source().file();
        int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
        return file.substring(slash + 1) + ":" + first.source().firstLine();
    }
}
