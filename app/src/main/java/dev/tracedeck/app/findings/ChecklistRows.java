package dev.tracedeck.app.findings;

import dev.tracedeck.app.findings.FindingsRow.CheckRow;
import dev.tracedeck.app.findings.FindingsRow.FindingRow;
import dev.tracedeck.app.findings.FindingsRow.ThreadRow;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.rules.Check;
import dev.tracedeck.model.rules.CheckStatus;
import dev.tracedeck.model.rules.Finding;
import dev.tracedeck.model.rules.ThreadChecklist;
import dev.tracedeck.model.rules.Validation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Lays a validation out as the panel's rows for one scope. Threads with findings come first, and failed
 * checks first within a thread (the panel is small and the failures are why it is open); the rest keep the
 * trace's and the profile's order. Threads with findings and failed checks start expanded; a key in
 * {@code toggled} flips that default.
 */
final class ChecklistRows {

    private static final Comparator<Check> FAILED_FIRST =
            Comparator.comparingInt(c -> c.status() == CheckStatus.FAIL ? 0 : c.status() == CheckStatus.PASS ? 1 : 2);

    private ChecklistRows() {
    }

    /** @param scope the one thread to lay out, or empty for every thread under a heading each */
    static ChecklistLayout build(Validation validation, Optional<String> scope, Set<String> toggled) {
        List<FindingsRow> rows = new ArrayList<>();
        List<Finding> order = new ArrayList<>();
        for (ThreadChecklist checklist : inScope(validation, scope)) {
            boolean threadOpen = true;
            if (scope.isEmpty()) {
                ThreadRow heading = heading(checklist, toggled, order.size());
                threadOpen = heading.expanded();
                rows.add(heading);
            }
            for (Check check : checklist.checks().stream().sorted(FAILED_FIRST).toList()) {
                String key = CheckRow.keyOf(checklist.threadId(), check.ruleId());
                boolean open = expanded(key, check.status() == CheckStatus.FAIL, toggled);
                if (threadOpen) {
                    rows.add(new CheckRow(checklist.threadId(), check, open, order.size()));
                }
                for (Finding finding : check.findings()) {
                    if (threadOpen && open) {
                        rows.add(new FindingRow(finding, order.size(), source(finding)));
                    }
                    order.add(finding);
                }
            }
        }
        return new ChecklistLayout(rows, order);
    }

    /** One thread, or every thread with those that have findings first: with hundreds of threads, clean ones bury the rest. */
    private static List<ThreadChecklist> inScope(Validation validation, Optional<String> scope) {
        if (scope.isPresent()) {
            return validation.threads().stream().filter(t -> t.threadId().equals(scope.get())).toList();
        }
        return validation.threads().stream().sorted(Comparator.comparing(t -> t.findings().isEmpty())).toList();
    }

    private static ThreadRow heading(ThreadChecklist checklist, Set<String> toggled, int nextFinding) {
        long findings = checklist.findings().size();
        String id = checklist.threadId();
        return new ThreadRow(id, id.isEmpty() ? "(run)" : id, checklist.count(CheckStatus.PASS),
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
