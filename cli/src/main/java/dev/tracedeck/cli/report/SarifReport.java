package dev.tracedeck.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Rule;
import dev.tracedeck.analysis.rules.RuleProfile;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.event.Event;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** SARIF 2.1.0: one run, a result per finding located at its first evidence, the rest as related locations. */
final class SarifReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String HEX = "0123456789ABCDEF";

    private SarifReport() {
    }

    static String render(List<Validation> validations) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
        root.put("version", "2.1.0");
        ObjectNode run = root.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "Tracedeck");
        driver.put("informationUri", "https://tracedeck.dev");
        driver.put("version", dev.tracedeck.model.ToolVersion.get());
        ArrayNode rules = driver.putArray("rules");
        List<Rule> all = RuleProfile.allRules();
        for (Rule r : all) {
            ObjectNode rule = rules.addObject();
            rule.put("id", r.id());
            rule.putObject("shortDescription").put("text", r.description());
            rule.putObject("defaultConfiguration").put("level", level(r.defaultSeverity()));
        }
        ArrayNode results = run.putArray("results");
        for (Validation v : validations) {
            String uri = uri(v.file());
            for (Finding f : v.findings()) {
                ObjectNode result = results.addObject();
                result.put("ruleId", f.ruleId());
                int index = indexOf(all, f.ruleId());
                if (index >= 0) {
                    result.put("ruleIndex", index);
                }
                result.put("level", level(f.severity()));
                result.putObject("message").put("text", (f.threadId().isEmpty() ? "" : "[" + f.threadId() + "] ") + f.message());
                ArrayNode locations = result.putArray("locations");
                ArrayNode related = MAPPER.createArrayNode();
                for (int i = 0; i < f.evidence().size(); i++) {
                    Event e = f.evidence().get(i);
                    // An event of a folder's trace is in the file it was read from.
                    String at = e.source().file().equals(v.file()) ? uri : uri(e.source().file());
                    location(i == 0 ? locations.addObject() : related.addObject(), at, e, i);
                }
                if (!related.isEmpty()) {
                    result.set("relatedLocations", related);
                }
                result.putObject("properties").put("thread", f.threadId())
                        .put("msgIdx", f.msgIdx().isPresent() ? Integer.toString(f.msgIdx().getAsInt()) : "");
            }
        }
        ArrayNode notifications = MAPPER.createArrayNode();
        for (Validation v : validations) {
            if (v.nothingToCheck()) {
                ObjectNode note = notifications.addObject();
                note.put("level", "warning");
                note.putObject("descriptor").put("id", NothingToCheck.STATUS);
                note.putObject("message").put("text", NothingToCheck.sentence(v));
                note.putArray("locations").addObject().putObject("physicalLocation").putObject("artifactLocation")
                        .put("uri", v.file().replace('\\', '/'));
            }
        }
        if (!notifications.isEmpty()) {
            ObjectNode invocation = run.putArray("invocations").addObject();
            invocation.put("executionSuccessful", true);
            invocation.set("toolExecutionNotifications", notifications);
        }
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void location(ObjectNode node, String uri, Event e, int id) {
        node.put("id", id);
        ObjectNode physical = node.putObject("physicalLocation");
        physical.putObject("artifactLocation").put("uri", uri);
        physical.putObject("region").put("startLine", e.source().firstLine()).put("endLine", e.source().lastLine());
        node.putObject("message").put("text", e.kind().label() + " " + e.keyword());
    }

    /**
     * The file as a URI reference: an absolute path as a {@code file:} URI, a relative one (as it was named on the
     * command line) as a relative reference, each segment percent-encoded so that a space, {@code #}, {@code ?},
     * {@code %} or a non-ASCII character in a name still points at the file.
     */
    static String uri(String file) {
        Path path;
        try {
            path = Path.of(file);
        } catch (InvalidPathException e) {
            return relative(List.of(file.split("/", -1)));
        }
        if (path.isAbsolute()) {
            return path.toUri().toString();
        }
        List<String> segments = new ArrayList<>();
        path.forEach(name -> segments.add(name.toString()));
        return relative(segments);
    }

    private static String relative(List<String> segments) {
        StringBuilder out = new StringBuilder();
        for (String segment : segments) {
            if (!out.isEmpty()) {
                out.append('/');
            }
            for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
                int c = b & 0xff;
                // RFC 3986 pchar, less ':', which in a first segment would read as a scheme.
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~!$&'()*+,;=@".indexOf(c) >= 0) {
                    out.append((char) c);
                } else {
                    out.append('%').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
                }
            }
        }
        return out.toString();
    }

    private static int indexOf(List<Rule> rules, String id) {
        for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    private static String level(Severity s) {
        return switch (s) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case INFO -> "note";
        };
    }
}
