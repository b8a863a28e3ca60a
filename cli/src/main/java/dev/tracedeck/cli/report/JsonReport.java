package dev.tracedeck.cli.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.event.Event;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * The machine-readable report; the field names are the contract scripts rely on. It is written as it is walked, field
 * by field, to the report's writer: a big file's checklist (a report a tenth the size of the file it checks) is never
 * held whole, neither as a tree nor as one string, either of which the collector would have to copy.
 */
final class JsonReport {

    /** Indented as Jackson's default pretty printer indents, which is what scripts and the golden files read. */
    private static final ObjectWriter WRITER = new ObjectMapper().writerWithDefaultPrettyPrinter();

    private JsonReport() {
    }

    /**
     * Writes the report and a line separator to {@code out}, which stays open.
     *
     * @param fingerprints those of every finding of {@code validations}
     * @param costs        what each file's model calls cost, by file; a file without one records no model call
     */
    static void write(List<Validation> validations, Map<String, Long> knownByFile, Fingerprints fingerprints,
                      Map<String, CostTotal> costs, Writer out) throws IOException {
        try (JsonGenerator json = WRITER.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            json.writeStartObject();
            json.writeArrayFieldStart("files");
            for (Validation v : validations) {
                file(json, v, knownByFile, fingerprints, costs.get(v.file()));
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        out.write(System.lineSeparator());
    }

    private static void file(JsonGenerator json, Validation v, Map<String, Long> knownByFile, Fingerprints fingerprints,
                             CostTotal cost) throws IOException {
        json.writeStartObject();
        json.writeStringField("file", v.file());
        json.writeStringField("format", v.format());
        json.writeStringField("profile", v.profile());
        json.writeStringField("status", v.nothingToCheck() ? NothingToCheck.STATUS : "checked");
        if (v.nothingToCheck()) {
            json.writeStringField("reason", NothingToCheck.reason(v));
        }
        json.writeObjectFieldStart("summary");
        json.writeNumberField("errors", v.count(Severity.ERROR));
        json.writeNumberField("warnings", v.count(Severity.WARNING));
        json.writeNumberField("infos", v.count(Severity.INFO));
        if (!knownByFile.isEmpty()) {
            json.writeNumberField("known", knownByFile.getOrDefault(v.file(), 0L));
        }
        json.writeEndObject();
        if (cost != null) {
            cost(json, cost);
        }
        json.writeArrayFieldStart("threads");
        for (ThreadChecklist t : v.threads()) {
            json.writeStartObject();
            json.writeStringField("id", t.threadId());
            json.writeArrayFieldStart("checks");
            for (Check c : t.checks()) {
                check(json, c, fingerprints, v.file());
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    /**
     * What the file's model calls cost, as {@code tracedeck cost} adds it up: micro-dollars exact, the dollars as text,
     * the calls no table prices (the total then a lower bound), and how many calls' tokens were recorded or estimated.
     */
    private static void cost(JsonGenerator json, CostTotal t) throws IOException {
        json.writeObjectFieldStart("cost");
        json.writeNumberField("microdollars", t.microdollars());
        json.writeStringField("dollars", CostTotal.dollars(t.microdollars()).substring(1));
        json.writeStringField("text", t.text());
        json.writeBooleanField("atLeast", t.atLeast());
        json.writeNumberField("calls", t.calls());
        json.writeNumberField("unpricedCalls", t.unpriced());
        json.writeNumberField("recordedCalls", t.calls() - t.estimated());
        json.writeNumberField("estimatedCalls", t.estimated());
        json.writeNumberField("duplicateRecords", t.duplicates());
        json.writeEndObject();
    }

    private static void check(JsonGenerator json, Check c, Fingerprints fingerprints, String traceFile)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("rule", c.ruleId());
        json.writeStringField("status", c.status().id());
        json.writeStringField("description", c.description());
        if (!c.reason().isEmpty()) {
            json.writeStringField("reason", c.reason());
        }
        json.writeArrayFieldStart("findings");
        for (Finding f : c.findings()) {
            finding(json, f, fingerprints.of(f), traceFile);
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void finding(JsonGenerator json, Finding f, String fingerprint, String traceFile)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("rule", f.ruleId());
        json.writeStringField("severity", f.severity().id());
        json.writeStringField("thread", f.threadId());
        if (f.msgIdx().isPresent()) {
            json.writeNumberField("msgIdx", f.msgIdx().getAsInt());
        } else {
            json.writeNullField("msgIdx");
        }
        json.writeStringField("message", f.message());
        json.writeStringField("fingerprint", fingerprint);
        json.writeArrayFieldStart("evidence");
        for (Event e : f.evidence()) {
            json.writeStartObject();
            if (!e.source().file().equals(traceFile)) {
                json.writeStringField("file", e.source().file()); // a folder's event, in the file it was read from
            }
            json.writeNumberField("line", e.source().firstLine());
            json.writeNumberField("lastLine", e.source().lastLine());
            json.writeNumberField("seq", e.seq());
            json.writeStringField("kind", e.kind().label());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
    }
}
