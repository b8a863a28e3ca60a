package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The tools over one trace file: its checklist's findings, its threads, a thread's steps and one event in full. */
final class TraceTools {

    /** How much of an event's text read_event returns when the call names no bound. */
    static final int DEFAULT_EVENT_CHARS = 4_000;
    /** The most read_event returns in one call. */
    static final int MAX_EVENT_CHARS = 50_000;
    /** A finding's evidence events listed in a row; the rest are counted. */
    static final int EVIDENCE_SHOWN = 20;
    /** A finding's message as a row holds it. */
    static final int MESSAGE_CHARS = 1_000;

    private final Workbench workbench;
    private final ObjectMapper mapper;

    TraceTools(Workbench workbench, ObjectMapper mapper) {
        this.workbench = workbench;
        this.mapper = mapper;
    }

    List<Tool> tools() {
        return List.of(
                new Tool("validate", "Check a trace file against the rules of its format, as `tracedeck validate "
                        + "--format json` does (the file is recorded in the workspace as validate records it), and read "
                        + "its findings: rule id, severity, thread, message, fingerprint (triage takes it) and the evidence "
                        + "events' seq and lines (read_event reads them). The answer also counts errors, warnings and infos, "
                        + "and the findings by rule. Findings are paged; filter by least severity, rule or thread.",
                        Tool.PATH + ","
                                + "\"minSeverity\": {\"type\": \"string\", \"enum\": [\"error\", \"warning\", \"info\"], "
                                + "\"description\": \"The least severe finding to list (default info: all).\"},"
                                + "\"rule\": {\"type\": \"string\", \"description\": \"Only this rule's findings.\"},"
                                + "\"thread\": {\"type\": \"string\", \"description\": \"Only this thread's findings.\"},"
                                + Page.schemaProperties(),
                        "\"path\"", this::validate),
                new Tool("list_threads", "List the threads (agents, conversations) of a trace file with how many events "
                        + "each holds and the lines they span; paged.",
                        Tool.PATH + "," + Page.schemaProperties(), "\"path\"", this::listThreads),
                new Tool("read_thread", "Read a thread's steps in order: each event's seq, kind, keyword, time, lines and "
                        + "a summary cut at " + Cut.ROW_TEXT + " characters (with its full length when cut); paged. "
                        + "read_event gives one event in full.",
                        Tool.PATH + ",\"thread\": {\"type\": \"string\", \"description\": \"The thread's id as list_threads "
                                + "or a finding names it (\\\"\\\" for the events of the whole run).\"}," + Page.schemaProperties(),
                        "\"path\", \"thread\"", this::readThread),
                new Tool("read_event", "Read one event in full: its kind, thread, lines, summary and the record's text as "
                        + "read, at most maxChars characters from textOffset, with the text's whole length and the offset "
                        + "to read on from.",
                        Tool.PATH + ",\"seq\": {\"type\": \"integer\", \"minimum\": 0, \"description\": \"The event's seq "
                                + "(from read_thread, a finding's evidence or a search hit).\"},"
                                + "\"textOffset\": {\"type\": \"integer\", \"minimum\": 0, \"description\": \"The first "
                                + "character of the text to return (default 0).\"},"
                                + "\"maxChars\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": " + MAX_EVENT_CHARS
                                + ", \"description\": \"At most this many characters of text (default " + DEFAULT_EVENT_CHARS + ").\"}",
                        "\"path\", \"seq\"", this::readEvent));
    }

    private JsonNode validate(Args args) {
        String path = args.string("path");
        Severity least = args.optionalString("minSeverity").map(s -> parseSeverity(s)).orElse(Severity.INFO);
        Optional<String> rule = args.optionalString("rule");
        Optional<String> thread = args.optionalString("thread");
        int offset = Page.offset(args);
        int limit = Page.limit(args);
        Workbench.Checked checked = workbench.validate(path);
        Validation v = checked.validation();
        ObjectNode answer = mapper.createObjectNode();
        answer.put("file", v.file());
        answer.put("format", v.format());
        answer.put("profile", v.profile());
        answer.put("status", v.nothingToCheck() ? "nothing-to-check" : "checked");
        answer.putObject("summary").put("errors", v.count(Severity.ERROR)).put("warnings", v.count(Severity.WARNING))
                .put("infos", v.count(Severity.INFO));
        List<Finding> all = v.findings();
        Map<String, long[]> byRule = new TreeMap<>();
        for (Finding f : all) {
            byRule.computeIfAbsent(f.ruleId(), k -> new long[3])[f.severity().ordinal()]++;
        }
        ObjectNode rules = answer.putObject("findingsByRule");
        byRule.forEach((id, counts) -> {
            ObjectNode r = rules.putObject(id);
            for (Severity s : Severity.values()) {
                r.put(s.id(), counts[s.ordinal()]);
            }
        });
        List<Finding> chosen = all.stream().filter(f -> f.severity().atLeast(least))
                .filter(f -> rule.isEmpty() || f.ruleId().equals(rule.get()))
                .filter(f -> thread.isEmpty() || f.threadId().equals(thread.get()))
                .toList();
        Page.of(answer, "findings", chosen, offset, limit, f -> finding(f, checked, v.file()));
        return answer;
    }

    private static Severity parseSeverity(String s) {
        try {
            return Severity.parse(s);
        } catch (IllegalArgumentException e) {
            throw new ToolFailure("validate: minSeverity must be error, warning or info (it was " + s + ")");
        }
    }

    /** A finding with the fields and names of {@code validate --format json}'s. */
    private JsonNode finding(Finding f, Workbench.Checked checked, String traceFile) {
        ObjectNode row = mapper.createObjectNode();
        row.put("rule", f.ruleId());
        row.put("severity", f.severity().id());
        row.put("thread", f.threadId());
        if (f.msgIdx().isPresent()) {
            row.put("msgIdx", f.msgIdx().getAsInt());
        } else {
            row.putNull("msgIdx");
        }
        Cut.put(row, "message", f.message(), MESSAGE_CHARS);
        row.put("fingerprint", checked.fingerprints().of(f));
        ArrayNode evidence = row.putArray("evidence");
        for (Event e : f.evidence().subList(0, Math.min(EVIDENCE_SHOWN, f.evidence().size()))) {
            ObjectNode ev = evidence.addObject();
            if (!e.source().file().equals(traceFile)) {
                ev.put("file", e.source().file());
            }
            ev.put("line", e.firstLine()).put("lastLine", e.lastLine()).put("seq", e.seq()).put("kind", e.kind().label());
        }
        if (f.evidence().size() > EVIDENCE_SHOWN) {
            row.put("evidenceTotal", f.evidence().size());
        }
        return row;
    }

    private JsonNode listThreads(Args args) {
        Trace trace = workbench.trace(args.string("path"));
        ObjectNode answer = mapper.createObjectNode();
        answer.put("file", trace.file());
        answer.put("format", trace.format());
        answer.put("events", trace.events().size());
        Page.of(answer, "threads", trace.threads(), args, t -> {
            ObjectNode row = mapper.createObjectNode().put("id", t.id()).put("label", t.label()).put("events", t.events().size());
            if (!t.events().isEmpty()) {
                row.put("firstLine", t.events().get(0).firstLine()).put("lastLine", t.events().get(t.events().size() - 1).lastLine());
            }
            return row;
        });
        return answer;
    }

    private JsonNode readThread(Args args) {
        String path = args.string("path");
        String id = args.string("thread");
        Trace trace = workbench.trace(path);
        TraceThread thread = trace.thread(id).orElseThrow(() -> new ToolFailure("read_thread: " + path + " has no thread "
                + (id.isEmpty() ? "\"\" (no events of the whole run)" : id) + "; list_threads names its "
                + trace.threads().size() + " threads"));
        ObjectNode answer = mapper.createObjectNode();
        answer.put("file", trace.file());
        answer.put("thread", thread.id());
        Page.of(answer, "steps", thread.events(), args, e -> {
            ObjectNode row = mapper.createObjectNode().put("seq", e.seq()).put("kind", e.kind().label())
                    .put("keyword", e.keyword()).put("time", e.time()).put("line", e.firstLine()).put("lastLine", e.lastLine());
            Cut.put(row, "summary", e.summary(), Cut.ROW_TEXT);
            return row;
        });
        return answer;
    }

    private JsonNode readEvent(Args args) {
        String path = args.string("path");
        int seq = args.optionalInteger("seq", 0, Integer.MAX_VALUE)
                .orElseThrow(() -> new ToolFailure("read_event: the argument seq is required"));
        int from = args.integer("textOffset", 0, 0, Integer.MAX_VALUE);
        int max = args.integer("maxChars", DEFAULT_EVENT_CHARS, 1, MAX_EVENT_CHARS);
        Trace trace = workbench.trace(path);
        if (seq >= trace.events().size()) {
            throw new ToolFailure("read_event: " + path + " has no event " + seq + " (its events are 0 to "
                    + (trace.events().size() - 1) + ")");
        }
        Event e = trace.event(seq);
        ObjectNode answer = mapper.createObjectNode();
        answer.put("file", e.source().file());
        answer.put("seq", e.seq());
        answer.put("thread", e.threadId());
        answer.put("kind", e.kind().label());
        answer.put("keyword", e.keyword());
        answer.put("time", e.time());
        answer.put("line", e.firstLine());
        answer.put("lastLine", e.lastLine());
        Cut.put(answer, "summary", e.summary(), MESSAGE_CHARS);
        String text = e.text();
        int start = Math.min(from, text.length());
        if (start > 0 && start < text.length() && Character.isLowSurrogate(text.charAt(start))) {
            start--;
        }
        int end = start + Math.min(max, text.length() - start);
        if (end < text.length() && end > start + 1 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--; // never half a surrogate pair: the next read starts with the whole character
        }
        answer.put("text", text.substring(start, end));
        answer.put("textLength", text.length());
        answer.put("textOffset", start);
        if (end < text.length()) {
            answer.put("nextTextOffset", end);
        } else {
            answer.putNull("nextTextOffset");
        }
        return answer;
    }
}
