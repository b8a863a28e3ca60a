package dev.tracedeck.workspace.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Fingerprint;
import dev.tracedeck.analysis.rules.Fingerprints;
import dev.tracedeck.analysis.rules.ThreadChecklist;
import dev.tracedeck.analysis.rules.Validation;
import dev.tracedeck.importers.redact.Redactor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The findings already known, by {@link Fingerprint}: a validation against a baseline reports only the others.
 * Because a fingerprint leaves line numbers out, a re-run whose lines shifted still matches.
 *
 * <p>The file is JSON: {@code {"tracedeckBaseline": 1, "findings": [{"fingerprint", "rule", "thread", "msgIdx",
 * "message", "file", "line"}, ...]}}; only the fingerprints count, the rest is there for people reading it.
 */
public record Baseline(Set<String> fingerprints) {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    static final String VERSION_FIELD = "tracedeckBaseline";

    public Baseline {
        fingerprints = Set.copyOf(fingerprints);
    }

    /** Validations with the baseline's findings taken out, and how many were taken out of each file. */
    public record Applied(List<Validation> validations, Map<String, Long> knownByFile) {
        public Applied {
            validations = List.copyOf(validations);
            knownByFile = Map.copyOf(knownByFile);
        }

        public long known() {
            return knownByFile.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * Leaves out every finding whose fingerprint is in the baseline; a check left without findings counts as
     * passed (its known findings are counted in {@link Applied#knownByFile()}).
     *
     * @param fingerprints those of every finding of {@code validations}, taken where they were checked
     */
    public Applied apply(List<Validation> validations, Fingerprints fingerprints) {
        List<Validation> kept = new ArrayList<>();
        Map<String, Long> known = new LinkedHashMap<>();
        for (Validation v : validations) {
            long knownHere = 0;
            List<ThreadChecklist> threads = new ArrayList<>();
            for (ThreadChecklist t : v.threads()) {
                List<Check> checks = new ArrayList<>();
                for (Check check : t.checks()) {
                    List<Finding> fresh = check.findings().stream()
                            .filter(f -> !this.fingerprints.contains(fingerprints.of(f))).toList();
                    knownHere += check.findings().size() - fresh.size();
                    CheckStatus status = check.status() == CheckStatus.FAIL && fresh.isEmpty() ? CheckStatus.PASS : check.status();
                    checks.add(new Check(check.ruleId(), check.description(), status, fresh, check.reason()));
                }
                threads.add(new ThreadChecklist(t.threadId(), checks));
            }
            kept.add(v.withThreads(v.file(), threads));
            known.merge(v.file(), knownHere, Long::sum);
        }
        return new Applied(kept, known);
    }

    /**
     * The baseline file of every finding of {@code validations}, in report order, its secrets redacted: a baseline is
     * meant to be committed.
     *
     * @param fingerprints those of every finding of {@code validations}, taken where they were checked
     */
    public static String write(List<Validation> validations, Fingerprints fingerprints) {
        return write(validations, fingerprints, Redactor.secrets());
    }

    /**
     * The baseline file, what its findings quote of the traces (thread ids, messages) through {@code redactor}; the
     * fingerprints are of the findings as read, so they still match.
     */
    public static String write(List<Validation> validations, Fingerprints fingerprints, Redactor redactor) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put(VERSION_FIELD, 1);
        ArrayNode findings = root.putArray("findings");
        Set<String> seen = new LinkedHashSet<>();
        for (Validation v : validations) {
            for (Finding f : v.findings()) {
                String fingerprint = fingerprints.of(f);
                if (!seen.add(fingerprint)) {
                    continue;
                }
                ObjectNode node = findings.addObject();
                node.put("fingerprint", fingerprint);
                node.put("rule", f.ruleId());
                node.put("thread", redactor.redact(f.threadId()));
                if (f.msgIdx().isPresent()) {
                    node.put("msgIdx", f.msgIdx().getAsInt());
                } else {
                    node.putNull("msgIdx");
                }
                node.put("message", redactor.redact(f.message()));
                node.put("file", v.file());
                node.put("line", f.line());
            }
        }
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Baseline read(Path file) throws BaselineException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new BaselineException(file + ": cannot read the baseline (" + e.toString().lines().findFirst().orElse("") + ")", e);
        }
        return parse(bytes, file.toString());
    }

    /** A baseline kept in a workspace ({@code source} names it in messages), as {@link #read} reads a file. */
    public static Baseline parse(String content, String source) throws BaselineException {
        return parse(content.getBytes(StandardCharsets.UTF_8), source);
    }

    private static Baseline parse(byte[] bytes, String source) throws BaselineException {
        JsonNode root;
        try {
            root = MAPPER.readTree(bytes);
        } catch (IOException e) {
            String reason = e instanceof JsonProcessingException j ? "not JSON: " + j.getOriginalMessage() : e.toString();
            throw new BaselineException(source + ": cannot read the baseline (" + reason.lines().findFirst().orElse("") + ")", e);
        }
        if (root == null || !root.isObject() || !root.path(VERSION_FIELD).isInt() || !root.path("findings").isArray()) {
            throw new BaselineException(source + ": not a Tracedeck baseline (expected {\"" + VERSION_FIELD
                    + "\": 1, \"findings\": [...]}; write one with `tracedeck baseline write`)", null);
        }
        Set<String> fingerprints = new LinkedHashSet<>();
        for (JsonNode f : root.path("findings")) {
            String fingerprint = f.path("fingerprint").asText("");
            if (fingerprint.isEmpty()) {
                throw new BaselineException(source + ": a finding of the baseline has no fingerprint", null);
            }
            fingerprints.add(fingerprint);
        }
        return new Baseline(fingerprints);
    }
}
