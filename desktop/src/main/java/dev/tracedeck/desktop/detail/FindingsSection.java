package dev.tracedeck.desktop.detail;

import static dev.tracedeck.desktop.detail.DetailStyles.*;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.desktop.triage.FindingMarks;
import dev.tracedeck.desktop.triage.TriageMarks;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * At the top of a flagged event's detail, the findings it is evidence of: why the event matters is read
 * before what it says. Each finding names its rule, its message, and where this event stands among the
 * finding's evidence, so the other pieces can be found.
 */
final class FindingsSection {

    private FindingsSection() {
    }

    static void append(DetailDocument.Builder out, Event event, List<Finding> findings, FindingMarks marks) {
        if (findings.isEmpty()) {
            return;
        }
        out.blank();
        for (Finding finding : findings) {
            String severity = finding.severity().id();
            String line = FINDING_LINE + "-" + severity;
            out.add(" " + severity.toUpperCase(Locale.ROOT) + " ", FLAG + " " + FLAG + "-" + severity);
            out.add("  " + finding.ruleId(), RULE);
            finding.msgIdx().ifPresent(i -> out.add("  msg_idx " + i, MUTED));
            out.end(line);
            out.add(" " + finding.message(), VALUE).end(line);
            out.add(" " + evidence(finding, event), MUTED).end(line);
            marks.of(finding).ifPresent(m -> out.add(" " + TriageMarks.symbol(m.status()) + " " + TriageMarks.label(m.status()) + " ",
                            TRIAGE + " " + TRIAGE + "-" + m.status().id())
                    .add("  marked " + m.markedAt().toString().substring(0, 10) + (m.note().isBlank() ? "" : " · " + m.note()), MUTED)
                    .end(line));
        }
    }

    /**
     * "evidence 2 of 3 · lines 65, 69, 73", or "evidence · line 211" when it is the only one; for a finding
     * that blames an entry of this dump, "· blames entry 24 (line 193), marked ! below".
     */
    private static String evidence(Finding finding, Event event) {
        return evidenceOnly(finding, event) + blamed(finding, event);
    }

    private static String blamed(Finding finding, Event event) {
        if (!(event.payload() instanceof Payload.StateDump dump)) {
            return "";
        }
        List<String> entries = finding.blamed().stream().filter(b -> b.dump().seq() == event.seq())
                .map(b -> b.idx() + " (line " + dump.snapshot().entryLine(b.position()) + ")").toList();
        return entries.isEmpty() ? "" : " · blames entr" + (entries.size() == 1 ? "y " : "ies ")
                + String.join(", ", entries) + ", marked ! below";
    }

    private static String evidenceOnly(Finding finding, Event event) {
        List<Event> evidence = finding.evidence();
        String lines = evidence.stream().map(e -> e.source().lines()).distinct().collect(Collectors.joining(", "));
        String where = (lines.chars().allMatch(Character::isDigit) ? "line " : "lines ") + lines;
        if (evidence.size() == 1) {
            return "evidence · " + where;
        }
        int position = 1;
        for (Event e : evidence) {
            if (e.seq() == event.seq()) {
                break;
            }
            position++;
        }
        return "evidence " + position + " of " + evidence.size() + " · " + where;
    }
}
