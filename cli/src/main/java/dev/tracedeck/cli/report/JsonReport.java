package dev.tracedeck.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.event.Event;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/** The machine-readable report; the field names are the contract scripts rely on. */
final class JsonReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    /** @param fingerprints those of every finding of {@code validations} */
    static String render(List<Validation> validations, Map<String, Long> knownByFile, Fingerprints fingerprints) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode files = root.putArray("files");
        for (Validation v : validations) {
            ObjectNode file = files.addObject();
            file.put("file", v.file());
            file.put("format", v.format());
            file.put("profile", v.profile());
            file.put("status", v.nothingToCheck() ? NothingToCheck.STATUS : "checked");
            if (v.nothingToCheck()) {
                file.put("reason", NothingToCheck.reason(v));
            }
            ObjectNode summary = file.putObject("summary");
            summary.put("errors", v.count(Severity.ERROR));
            summary.put("warnings", v.count(Severity.WARNING));
            summary.put("infos", v.count(Severity.INFO));
            if (!knownByFile.isEmpty()) {
                summary.put("known", knownByFile.getOrDefault(v.file(), 0L));
            }
            ArrayNode threads = file.putArray("threads");
            for (ThreadChecklist t : v.threads()) {
                ObjectNode thread = threads.addObject();
                thread.put("id", t.threadId());
                ArrayNode checks = thread.putArray("checks");
                for (Check c : t.checks()) {
                    ObjectNode check = checks.addObject();
                    check.put("rule", c.ruleId());
                    check.put("status", c.status().id());
                    check.put("description", c.description());
                    if (!c.reason().isEmpty()) {
                        check.put("reason", c.reason());
                    }
                    ArrayNode findings = check.putArray("findings");
                    c.findings().forEach(f -> finding(findings.addObject(), f, fingerprints.of(f), v.file()));
                }
            }
        }
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void finding(ObjectNode node, Finding f, String fingerprint, String traceFile) {
        node.put("rule", f.ruleId());
        node.put("severity", f.severity().id());
        node.put("thread", f.threadId());
        if (f.msgIdx().isPresent()) {
            node.put("msgIdx", f.msgIdx().getAsInt());
        } else {
            node.putNull("msgIdx");
        }
        node.put("message", f.message());
        node.put("fingerprint", fingerprint);
        ArrayNode evidence = node.putArray("evidence");
        for (Event e : f.evidence()) {
            ObjectNode at = evidence.addObject();
            if (!e.source().file().equals(traceFile)) {
                at.put("file", e.source().file()); // a folder's event, in the file it was read from
            }
            at.put("line", e.source().firstLine()).put("lastLine", e.source().lastLine())
                    .put("seq", e.seq()).put("kind", e.kind().label());
        }
    }
}
