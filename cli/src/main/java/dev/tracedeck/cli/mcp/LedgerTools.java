package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The tools over what a run spent: the cost ledger and each thread's context level. */
final class LedgerTools {

    /** The most files one cost call adds up. */
    static final int MAX_COST_FILES = 20;

    private final Workbench workbench;
    private final ObjectMapper mapper;

    LedgerTools(Workbench workbench, ObjectMapper mapper) {
        this.workbench = workbench;
        this.mapper = mapper;
    }

    List<Tool> tools() {
        return List.of(
                new Tool("cost", "What the files' model calls cost, as `tracedeck cost --json` adds it up: the price "
                        + "tables used, the total, and each file's total and groups (by model, thread, agent or call), "
                        + "each with its tokens by bucket and price row. A model no table prices makes the total a lower "
                        + "bound (atLeast). Each file's groups are paged.",
                        "\"paths\": {\"type\": \"array\", \"items\": {\"type\": \"string\"}, \"minItems\": 1, \"maxItems\": "
                                + MAX_COST_FILES + ", \"description\": \"Trace files, as path in the other tools.\"},"
                                + "\"by\": {\"type\": \"string\", \"enum\": [\"model\", \"thread\", \"agent\", \"call\"], "
                                + "\"description\": \"How to group each file's calls (default model).\"},"
                                + Page.schemaProperties(),
                        "\"paths\"", this::cost),
                new Tool("context_levels", "Each thread's context in tokens against the model's window, as `tracedeck "
                        + "tokens --json` counts it: prompt tokens, share of the window, the split by category, the "
                        + "context the provider billed at each recorded call and where the history was compacted. The file's "
                        + "threads are paged (each page counted as it is asked for) with counts of their points, a thread "
                        + "with no history to count marked noHistory; name a thread to page through its points instead.",
                        Tool.PATH + ",\"thread\": {\"type\": \"string\", \"description\": \"One thread, whose points "
                                + "(the context at each step) are paged.\"},"
                                + "\"model\": {\"type\": \"string\", \"description\": \"The model whose tokenizer and window "
                                + "to use (default: the one the trace names, else gpt-4o).\"},"
                                + "\"contextLimit\": {\"type\": \"integer\", \"minimum\": 1, \"description\": \"The context "
                                + "window, overriding the model's.\"}," + Page.schemaProperties(),
                        "\"path\"", this::contextLevels));
    }

    private JsonNode cost(Args args) {
        List<String> paths = args.strings("paths");
        if (paths.size() > MAX_COST_FILES) {
            throw new ToolFailure("cost: at most " + MAX_COST_FILES + " files a call");
        }
        String by = args.optionalString("by").orElse("model");
        JsonNode ledger = workbench.cost(paths, by);
        ObjectNode answer = ledger.deepCopy();
        ArrayNode files = mapper.createArrayNode();
        for (JsonNode file : ledger.path("files")) {
            ObjectNode paged = ((ObjectNode) file).deepCopy();
            List<JsonNode> groups = new ArrayList<>();
            file.path("groups").forEach(groups::add);
            paged.remove("groups");
            ObjectNode page = mapper.createObjectNode();
            Page.of(page, "groups", groups, args, g -> g);
            paged.setAll(rename(page, "groups"));
            files.add(paged);
        }
        answer.set("files", files);
        return answer;
    }

    /** A page's counts as {@code <field>Total}, {@code <field>Offset}, {@code <field>NextOffset}, beside other fields. */
    private ObjectNode rename(ObjectNode page, String field) {
        ObjectNode out = mapper.createObjectNode();
        out.set(field, page.get(field));
        String title = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        out.set("total" + title, page.get("total"));
        out.set("offset" + title, page.get("offset"));
        out.set("nextOffset" + title, page.get("nextOffset"));
        return out;
    }

    private JsonNode contextLevels(Args args) {
        String path = args.string("path");
        Optional<String> thread = args.optionalString("thread");
        Optional<String> model = args.optionalString("model");
        Optional<Integer> limit = args.optionalInteger("contextLimit", 1, Integer.MAX_VALUE);
        if (thread.isPresent()) {
            JsonNode levels = workbench.contextLevels(path, List.of(thread.get()), model, limit);
            JsonNode one = levels.path("threads").path(0);
            if (one.isMissingNode()) {
                throw new ToolFailure("context_levels: " + path + " has no thread " + thread.get() + " with a history to "
                        + "count (list_threads names its threads)");
            }
            ObjectNode answer = withoutThreads(levels);
            ObjectNode t = ((ObjectNode) one).deepCopy();
            List<JsonNode> points = new ArrayList<>();
            one.path("points").forEach(points::add);
            t.remove("points");
            ObjectNode page = mapper.createObjectNode();
            Page.of(page, "points", points, args, p -> p);
            t.setAll(page);
            answer.set("thread", t);
            return answer;
        }
        // A page of the file's threads is counted, not the whole file: a trace of thousands of threads takes seconds.
        List<TraceThread> all = workbench.trace(path).threads();
        int from = Math.min(Page.offset(args), all.size());
        List<TraceThread> page = all.subList(from, (int) Math.min((long) from + Page.limit(args), all.size()));
        JsonNode levels = workbench.contextLevels(path, page.stream().map(TraceThread::id).toList(), model, limit);
        Map<String, JsonNode> counted = new HashMap<>();
        levels.path("threads").forEach(t -> counted.put(t.path("id").asText(), t));
        ObjectNode answer = withoutThreads(levels);
        Page.of(answer, "threads", all, args, t -> counted.containsKey(t.id()) ? summary((ObjectNode) counted.get(t.id()))
                : mapper.createObjectNode().put("id", t.id()).put("noHistory", true));
        return answer;
    }

    private static ObjectNode withoutThreads(JsonNode levels) {
        ObjectNode answer = ((ObjectNode) levels).deepCopy();
        answer.remove("threads");
        return answer;
    }

    /** A thread without its point-by-point arrays, which it counts instead. */
    private static JsonNode summary(ObjectNode thread) {
        ObjectNode t = thread.deepCopy();
        for (String field : List.of("points", "recordedCalls", "compactions")) {
            JsonNode array = t.remove(field);
            t.put(field + "Count", array == null ? 0 : array.size());
        }
        return t;
    }
}
