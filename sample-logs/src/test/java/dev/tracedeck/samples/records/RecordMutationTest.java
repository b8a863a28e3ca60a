package dev.tracedeck.samples.records;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No record lost without a word: every JSON sample of every format, read again with one value changed to a value of
 * the wrong type ({@link Mutation}: a number for a string, a number or a string for a list, a number, a string or a
 * list for an object, the record itself included), must give either what the sample gives (the importer does not
 * read that value, or keeps it as written), or the record that value is in as a malformed record at its lines — never
 * an {@code other} record, never a thread of its own, never fewer records, never something else read silently — or a
 * refusal of the file. {@link MutationJudge} says which. The messages a span holds as JSON text (the GenAI
 * conventions' {@code gen_ai.input.messages}, {@code gen_ai.output.messages}, {@code gen_ai.system_instructions}) are
 * changed inside that text the same way.
 *
 * <p>Each place a value has in a format (its path with the kinds of the records on the way,
 * {@link Mutation#shape}) is tried in the first and the last record that has it, in the first sample that does;
 * nothing inside a value whose replacement read nothing differently is tried. The verdicts are written to
 * {@code target/record-mutations.txt}, a table per format and every failure.
 */
class RecordMutationTest {

    private static final Path SAMPLES = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

    /** {@code -Dmutations.format=ID} tries that format's samples only, while working on its importer. */
    private static final String ONLY = System.getProperty("mutations.format", "");

    /** How many records of one place of a format are tried: the first and the last of a sample. */
    private static final int TRIES_PER_PLACE = 2;

    /** Formats whose importers do not hold to this yet: their failures are counted and written, not failed on. */
    private static final Set<String> NOT_YET = Set.of();

    /**
     * A value a format documents as taking the other type too, or whose change the read holds as written: a change to
     * it gives a record that is not wrong.
     *
     * @param formats the formats (their ids, a space between), or "*" for every one
     * @param place   a regular expression the end of the value's place ({@link Mutation#shape}) matches
     * @param what    a regular expression the change matches ({@code string for list})
     * @param why     what the format says
     */
    record Allowed(String formats, String place, String what, String why) {
        boolean covers(String format, Mutation m) {
            return (formats.equals("*") || List.of(formats.split(" ")).contains(format)) && m.what().matches(what)
                    && Pattern.compile("(" + place + ")$").matcher(m.shape()).find();
        }
    }

    /** The formats whose spans or observations hold messages in the GenAI conventions' shape. */
    private static final String SPAN_MESSAGES = "langfuse otlp otel-console phoenix";

    /** The formats that hold Anthropic messages. */
    private static final String ANTHROPIC_MESSAGES = "anthropic claude-code sdk-recording";

    private static final List<Allowed> ALLOWED = List.of(
            new Allowed("*", "/content", "string for list", "a message's content is a string or a list of parts"),
            new Allowed("openai-chat openai-responses", "/content/\\*", "string for object",
                    "a content part may be a plain string, read as its text"),
            new Allowed("langchain", "/content/\\*", "string for object", "a content list holds strings and blocks"),
            new Allowed("openai-responses sdk-recording", "/input", "string for list",
                    "a Responses request's input is a string or a list of items"),
            new Allowed(ANTHROPIC_MESSAGES, "/(content|system)/\\*", "string for object",
                    "a block may be a plain string, read as text"),
            new Allowed(ANTHROPIC_MESSAGES, "/system", "string for list", "a system prompt is a string or a list of blocks"),
            new Allowed(ANTHROPIC_MESSAGES, "\\[type=tool_use\\]/input", "string for object",
                    "a client may keep a call's streamed partial_json as text"),
            new Allowed("sdk-recording", "/response/body/error", "string for object", "an error may be its message alone"),
            new Allowed("sdk-recording", "/(request|response)/body", "string for object",
                    "a recorder may keep a body as text; text that is neither JSON nor an API's events (a gateway's "
                            + "page) is kept as an other record"),
            new Allowed("phoenix", "/(start_time|end_time|timestamp)", "number for string",
                    "a dataframe row writes its times as epoch milliseconds"),
            new Allowed("phoenix otel-console langfuse", "/attributes/(?!llm\\.(input|output)_messages|gen_ai\\.)[^/]*",
                    "number for string", "an attribute's value may be of any type OpenTelemetry allows, shown as written;"
                            + " the ones read as messages are typed"),
            new Allowed("langfuse", "/observations/\\*(\\[[^]]*\\])*/(input|output)", ".*",
                    "an observation's input and output hold what the framework handed Langfuse: any JSON, a value of "
                            + "no shape read here one message holding it as written"),
            new Allowed("langfuse", "/(input|output)(\\[[^]]*\\])*(/messages)?/\\*", "string for object",
                    "plain text in a list of messages is a message"),
            new Allowed(SPAN_MESSAGES, "\\[type=tool_call\\]/arguments", "string for object",
                    "a call's arguments are any JSON (GenAI conventions), their JSON text too"),
            new Allowed(SPAN_MESSAGES, "\\[type=tool_call_response\\]/(result|response)", ".*",
                    "a tool's response is any JSON (GenAI conventions), kept as written"),
            new Allowed("langchain langgraph", "/(id|tool_call_id)", "number for string",
                    "LangChain reads an id written as a number as its digits"),
            new Allowed("langchain langgraph", "\\[type=tool_call\\]/args", "string for object",
                    "a call's args may be their JSON text"),
            new Allowed("atif", "/tool_calls/\\*/arguments", "string for object",
                    "ATIF keeps a call's arguments written as a string as written"),
            new Allowed("pydantic-ai", "\\[part_kind=(tool-return|retry-prompt)\\]/content", ".*",
                    "a tool's return value and a retry's feedback are any JSON, kept as written"),
            new Allowed("pydantic-ai", "\\[part_kind=tool-call\\]/args", "string for object",
                    "a call's args are a JSON string or an object"),
            new Allowed("smolagents", "/function/arguments", ".*",
                    "a call's arguments are any JSON (ToolCall.arguments: Any), kept as written"),
            new Allowed("smolagents", "/intermediate_steps", "string for list",
                    "the benchmark script wrote a run's steps as their Python repr, one string, from March to May 2025"),
            new Allowed("smolagents", "/intermediate_steps/\\*", "string for object",
                    "open_deep_research's run_gaia.py wrote each step as its Python repr"),
            new Allowed("langgraph", "/thread_id", "number for string", "LangGraph takes a whole number as a thread id"),
            new Allowed("gemini", "/(contents/\\*(\\[[^]]*\\])*|systemInstruction|system_instruction)/parts/\\*",
                    "string for object", "a request's part may be a plain string, read as its text (the SDKs' PartUnion: "
                            + "google-genai's str, google-generativeai's PartType)"),
            new Allowed("gemini", "/(systemInstruction|system_instruction)", "string for object",
                    "a system instruction may be a plain string (the SDKs' ContentUnion, as GenerateContentConfig keeps it)"),
            new Allowed("bedrock-converse", "/toolUse/input", "string for object",
                    "a toolUse's input is any JSON value (the API's Document type), kept as written"),
            new Allowed("sdk-recording", "/request/body/tools(/.*)?", ".*",
                    "tools are kept as written; the sample's request refused with a 429 is retried only if the next "
                            + "request is the very same, so a change to one reads as a request that failed"));

    @Test
    void aWrongTypedRecordIsMalformedNeverOtherNeverGone() throws Exception {
        Map<String, Tally> tallies = new TreeMap<>();
        Map<String, Integer> tries = new HashMap<>();
        long started = System.nanoTime();
        long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        for (Path file : samples()) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            MutationJudge judge = new MutationJudge(file.getFileName().toString(), text);
            String format = judge.format();
            if (!ONLY.isEmpty() && !ONLY.equals(format)) {
                continue;
            }
            Tally tally = tallies.computeIfAbsent(format, f -> new Tally());
            LocatedJson json = LocatedJson.parse(text, file.toString().endsWith(".jsonl"));
            Set<Mutation> chosen = choose(json, format, tries);
            Set<LocatedJson.Node> notRead = Collections.newSetFromMap(new IdentityHashMap<>());
            for (LocatedJson.Node node : json.nodes()) {
                if (node.parent != null && notRead.contains(node.parent)) {
                    notRead.add(node);
                    continue;
                }
                for (Mutation m : Mutation.of(json, node)) {
                    if (!chosen.contains(m)) {
                        continue;
                    }
                    String verdict = ALLOWED.stream().anyMatch(a -> a.covers(format, m)) ? "allowed" : judge.judge(m);
                    if (verdict.equals(MutationJudge.NOT_READ) && m.replacement().equals("42")
                            && node.type != LocatedJson.Type.STRING) {
                        notRead.add(node);
                    }
                    tally.add(verdict, format + " " + SAMPLES.relativize(file) + ": " + m + " [" + m.shape() + "]: "
                            + verdict);
                }
            }
        }
        String table = table(tallies, (System.nanoTime() - started) / 1e9,
                (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu) / 1e9);
        StringBuilder report = new StringBuilder(table);
        tallies.forEach((format, t) -> t.failures.forEach(f -> report.append(f).append('\n')));
        Files.createDirectories(SAMPLES.resolve("target"));
        Files.writeString(SAMPLES.resolve("target/record-mutations.txt"), report);
        System.out.println(table);

        Map<String, List<String>> failing = new TreeMap<>();
        Set<String> heldNow = new TreeSet<>();
        tallies.forEach((format, t) -> {
            if (!NOT_YET.contains(format) && !t.failures.isEmpty()) {
                failing.put(format, t.failures);
            } else if (NOT_YET.contains(format) && t.failures.isEmpty()) {
                heldNow.add(format);
            }
        });
        assertEquals(Map.of(), failing, "records lost, passed as other or read as something else");
        if (ONLY.isEmpty()) {
            assertEquals(Set.of(), heldNow, "formats that hold now: take them out of NOT_YET");
        }
    }

    /**
     * The changes to try in one sample: of each place's changes not yet tried {@value #TRIES_PER_PLACE} times, those of
     * the first and the last record that has it.
     */
    private static Set<Mutation> choose(LocatedJson json, String format, Map<String, Integer> tries) {
        Map<String, List<Mutation>> byPlace = new LinkedHashMap<>();
        for (LocatedJson.Node node : json.nodes()) {
            for (Mutation m : Mutation.of(json, node)) {
                byPlace.computeIfAbsent(format + " " + m.shape() + " " + m.what(), k -> new ArrayList<>()).add(m);
            }
        }
        Set<Mutation> chosen = new HashSet<>();
        byPlace.forEach((place, all) -> {
            int left = TRIES_PER_PLACE - tries.getOrDefault(place, 0);
            List<Mutation> picks = all.size() == 1 ? all : List.of(all.get(0), all.get(all.size() - 1));
            for (Mutation m : picks.subList(0, Math.max(0, Math.min(left, picks.size())))) {
                chosen.add(m);
                tries.merge(place, 1, Integer::sum);
            }
        });
        return chosen;
    }

    /** One format's verdicts. */
    private static final class Tally {
        final Map<String, Integer> counts = new HashMap<>();
        final List<String> failures = new ArrayList<>();

        void add(String verdict, String line) {
            String kind = switch (verdict) {
                case MutationJudge.NOT_READ, MutationJudge.MALFORMED, MutationJudge.REFUSED, "allowed" -> verdict;
                default -> "failed";
            };
            counts.merge(kind, 1, Integer::sum);
            if (kind.equals("failed")) {
                failures.add(line);
            }
        }
    }

    private static String table(Map<String, Tally> tallies, double seconds, double cpuSeconds) {
        StringBuilder t = new StringBuilder(String.format("%-18s %6s %9s %10s %8s %8s %7s%n", "format", "tried",
                "not read", "malformed", "refused", "allowed", "failed"));
        int[] total = new int[6];
        tallies.forEach((format, tally) -> {
            int[] c = {0, tally.counts.getOrDefault(MutationJudge.NOT_READ, 0),
                    tally.counts.getOrDefault(MutationJudge.MALFORMED, 0),
                    tally.counts.getOrDefault(MutationJudge.REFUSED, 0), tally.counts.getOrDefault("allowed", 0),
                    tally.counts.getOrDefault("failed", 0)};
            c[0] = c[1] + c[2] + c[3] + c[4] + c[5];
            for (int i = 0; i < c.length; i++) {
                total[i] += c[i];
            }
            t.append(String.format("%-18s %6d %9d %10d %8d %8d %7d%s%n", format, c[0], c[1], c[2], c[3], c[4], c[5],
                    NOT_YET.contains(format) ? "  (not yet)" : ""));
        });
        t.append(String.format("%-18s %6d %9d %10d %8d %8d %7d%n", "all", total[0], total[1], total[2], total[3],
                total[4], total[5]));
        return t.append(String.format("%.1f s (%.1f s of CPU)%n", seconds, cpuSeconds)).toString();
    }

    /** The samples written as JSON: every format's but the Mycelian logs (text) and Inspect's zipped {@code .eval}. */
    private static List<Path> samples() throws IOException {
        try (Stream<Path> files = Files.walk(SAMPLES, 2)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getParent().getParent().equals(SAMPLES))
                    .filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".jsonl")
                            || p.toString().endsWith(".af"))
                    .sorted().toList();
        }
    }
}
