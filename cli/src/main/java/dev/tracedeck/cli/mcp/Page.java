package dev.tracedeck.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Function;

/**
 * One page of a tool's rows, as the screen shows one: {@code offset} and {@code limit} choose it, and the answer says
 * how many rows there are and the {@code nextOffset} to go on from (null on the last page), so a trace of a million
 * events reaches an agent a page at a time.
 */
final class Page {

    /** Rows a page holds when the call names no limit. */
    static final int DEFAULT_LIMIT = 50;
    /** The most rows a call may ask for. */
    static final int MAX_LIMIT = 200;

    private Page() {
    }

    /** The offset argument (0 when not given). */
    static int offset(Args args) {
        return args.integer("offset", 0, 0, Integer.MAX_VALUE);
    }

    /** The limit argument ({@link #DEFAULT_LIMIT} when not given). */
    static int limit(Args args) {
        return args.integer("limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
    }

    /** Puts the page of {@code rows} the arguments choose into {@code into} as {@code field}, with its counts. */
    static <T> void of(ObjectNode into, String field, List<T> rows, Args args, Function<T, JsonNode> row) {
        of(into, field, rows, offset(args), limit(args), row);
    }

    static <T> void of(ObjectNode into, String field, List<T> rows, int offset, int limit, Function<T, JsonNode> row) {
        int from = Math.min(offset, rows.size());
        int to = (int) Math.min((long) from + limit, rows.size());
        ArrayNode page = into.putArray(field);
        for (T r : rows.subList(from, to)) {
            page.add(row.apply(r));
        }
        into.put("total", rows.size());
        into.put("offset", from);
        if (to < rows.size()) {
            into.put("nextOffset", to);
        } else {
            into.putNull("nextOffset");
        }
    }

    /** The JSON schema properties every paged tool takes. */
    static String schemaProperties() {
        return "\"offset\": {\"type\": \"integer\", \"minimum\": 0, \"description\": \"The first row to return (default 0; "
                + "a previous answer's nextOffset goes on from there).\"},"
                + "\"limit\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": " + MAX_LIMIT + ", \"description\": "
                + "\"Rows per page (default " + DEFAULT_LIMIT + ").\"}";
    }
}
