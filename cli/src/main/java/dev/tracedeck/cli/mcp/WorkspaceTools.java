package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.workspace.SearchHit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The tools over the workspace: its recorded runs, and full-text search across them. */
final class WorkspaceTools {

    /** How deep a search may page: each page asks the index for every hit before it. */
    static final int MAX_SEARCH_OFFSET = 10_000;

    private final Workbench workbench;
    private final ObjectMapper mapper;

    WorkspaceTools(Workbench workbench, ObjectMapper mapper) {
        this.workbench = workbench;
        this.mapper = mapper;
    }

    List<Tool> tools() {
        return List.of(
                new Tool("list_runs", "List the traces recorded in the workspace (every file validate or inspect read), "
                        + "most recent first, as `tracedeck runs --json` gives them: path, format, threads, errors and "
                        + "warnings as of the last validate (null when only inspected), each rule's counts, and whether the "
                        + "file changed or moved since. Filter by path, format or status; paged.",
                        "\"pathContains\": {\"type\": \"string\", \"description\": \"Only runs whose path contains this.\"},"
                                + "\"format\": {\"type\": \"string\", \"description\": \"Only runs of this format (e.g. mycelian, openai-chat).\"},"
                                + "\"status\": {\"type\": \"string\", \"enum\": [\"unchanged\", \"changed\", \"moved\", \"missing\"],"
                                + " \"description\": \"Only runs whose file is in this state now.\"},"
                                + "\"withFindings\": {\"type\": \"boolean\", \"description\": \"Only runs whose last validate found errors or warnings.\"},"
                                + Page.schemaProperties(),
                        "", this::listRuns),
                new Tool("search", "Full-text search over the messages, tool names and tool arguments of every trace in "
                        + "the workspace, as `tracedeck search` does (it first indexes the files recorded since the last "
                        + "search). SQLite FTS5 syntax: words, \"a phrase\", prefix*, AND OR NOT, tools:NAME, args:..., "
                        + "content:.... Each hit gives its file, line, thread and event seq (read_event reads it); paged.",
                        "\"query\": {\"type\": \"string\", \"minLength\": 1, \"description\": \"The query.\"},"
                                + Page.schemaProperties(),
                        "\"query\"", this::search));
    }

    private JsonNode listRuns(Args args) {
        Optional<String> path = args.optionalString("pathContains");
        Optional<String> format = args.optionalString("format");
        Optional<String> status = args.optionalString("status").map(s -> s.toLowerCase(Locale.ROOT));
        boolean withFindings = Boolean.TRUE.equals(args.optionalBoolean("withFindings").orElse(false));
        List<ObjectNode> runs = workbench.runs().stream()
                .filter(r -> path.isEmpty() || r.path("path").asText().contains(path.get()))
                .filter(r -> format.isEmpty() || r.path("format").asText().equalsIgnoreCase(format.get()))
                .filter(r -> status.isEmpty() || r.path("status").asText().equals(status.get()))
                .filter(r -> !withFindings || r.path("errors").asLong(0) + r.path("warnings").asLong(0) > 0)
                .toList();
        ObjectNode answer = mapper.createObjectNode();
        Page.of(answer, "runs", runs, args, r -> r);
        return answer;
    }

    private JsonNode search(Args args) {
        String query = args.string("query");
        int offset = Page.offset(args);
        int limit = Page.limit(args);
        if (offset > MAX_SEARCH_OFFSET) {
            throw new ToolFailure("search: offset must be at most " + MAX_SEARCH_OFFSET + "; narrow the query instead");
        }
        // One hit more than the page tells whether there is a next one, without counting every hit.
        List<SearchHit> hits = workbench.search(query, offset + limit + 1);
        ObjectNode answer = mapper.createObjectNode();
        answer.put("query", query);
        List<SearchHit> page = hits.subList(Math.min(offset, hits.size()), Math.min(offset + limit, hits.size()));
        var rows = answer.putArray("hits");
        for (SearchHit h : page) {
            ObjectNode row = rows.addObject().put("file", h.file()).put("thread", h.thread()).put("seq", h.seq())
                    .put("line", h.line());
            Cut.put(row, "snippet", h.snippet(), Cut.ROW_TEXT);
        }
        answer.put("offset", offset);
        if (hits.size() > offset + limit) {
            answer.put("nextOffset", offset + limit);
        } else {
            answer.putNull("nextOffset");
        }
        return answer;
    }
}
