package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.workspace.RunFinding;
import dev.tracedeck.workspace.TriageChange;
import dev.tracedeck.workspace.TriageMark;
import dev.tracedeck.workspace.TriageStatus;
import java.util.List;
import java.util.Optional;

/**
 * Reading the triage the workspace keeps, which any server answers (it writes nothing): a recorded run's findings with
 * the mark on each, and every change of one finding's mark with who made it.
 */
final class TriageReadTools {

    private final Workbench workbench;
    private final ObjectMapper mapper;

    TriageReadTools(Workbench workbench, ObjectMapper mapper) {
        this.workbench = workbench;
        this.mapper = mapper;
    }

    List<Tool> tools() {
        return List.of(
                new Tool("list_marks", "List the findings the last validate of a recorded run found, as the workspace "
                        + "keeps them (fingerprint, rule, severity, thread, line, message), each with its triage mark "
                        + "(status, note, when, and by whom in a shared workspace) or null; only the marked ones with "
                        + "markedOnly. Reads only. Paged.",
                        Tool.PATH + ","
                                + "\"markedOnly\": {\"type\": \"boolean\", \"description\": \"Only findings that carry a mark.\"},"
                                + Page.schemaProperties(),
                        "\"path\"", this::listMarks),
                new Tool("triage_history", "Every change of the triage mark on a finding's fingerprint, oldest first: "
                        + "when, who, the status it set (null when it took the mark off) and its note, as `tracedeck triage "
                        + "FINGERPRINT --history` lists them. A workspace shared on PostgreSQL keeps every change; an SQLite "
                        + "one the current mark alone. Reads only. Paged.",
                        "\"fingerprint\": {\"type\": \"string\", \"description\": \"The finding's fingerprint, or a unique "
                                + "prefix of at least 8 characters.\"}," + Page.schemaProperties(),
                        "\"fingerprint\"", this::history));
    }

    private JsonNode listMarks(Args args) {
        String path = args.string("path");
        boolean markedOnly = Boolean.TRUE.equals(args.optionalBoolean("markedOnly").orElse(false));
        List<RunFinding> findings = workbench.findingsOf(path).stream().filter(f -> !markedOnly || f.mark().isPresent()).toList();
        ObjectNode answer = mapper.createObjectNode();
        answer.put("path", path);
        answer.put("marked", findings.stream().filter(f -> f.mark().isPresent()).count());
        Page.of(answer, "findings", findings, args, this::finding);
        return answer;
    }

    private JsonNode finding(RunFinding f) {
        ObjectNode row = mapper.createObjectNode().put("fingerprint", f.fingerprint()).put("rule", f.rule())
                .put("severity", f.severity()).put("thread", f.thread()).put("line", f.line());
        Cut.put(row, "message", f.message(), Cut.ROW_TEXT);
        if (f.mark().isPresent()) {
            TriageMark m = f.mark().get();
            ObjectNode mark = row.putObject("mark").put("status", m.status().id()).put("markedAt", m.markedAt().toString());
            Cut.put(mark, "note", m.note(), Cut.ROW_TEXT);
            putOptional(mark, "author", m.author());
        } else {
            row.putNull("mark");
        }
        return row;
    }

    private JsonNode history(Args args) {
        Workbench.History history = workbench.triageHistory(args.string("fingerprint"));
        ObjectNode answer = mapper.createObjectNode();
        answer.put("fingerprint", history.fingerprint());
        Page.of(answer, "changes", history.changes(), args, this::change);
        return answer;
    }

    private JsonNode change(TriageChange c) {
        ObjectNode row = mapper.createObjectNode().put("at", c.at().toString());
        putOptional(row, "status", c.status().map(TriageStatus::id));
        Cut.put(row, "note", c.note(), Cut.ROW_TEXT);
        putOptional(row, "author", c.author().isEmpty() ? Optional.empty() : Optional.of(c.author()));
        return row;
    }

    private static void putOptional(ObjectNode node, String field, Optional<String> value) {
        if (value.isPresent()) {
            node.put(field, value.get());
        } else {
            node.putNull(field);
        }
    }
}
