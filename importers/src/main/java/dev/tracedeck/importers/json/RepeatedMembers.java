package dev.tracedeck.importers.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.model.json.JsonValue;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads objects whose container members repeat from record to record — the {@code tools} of every line of a chat
 * file — into values that share those members: each distinct member is read once and kept once, not once per line
 * (on a gigabyte of conversations, the same tool schemas were a quarter of the objects kept). Thread-safe, for
 * the workers that prepare JSON Lines; at most {@value #MAX_KEPT} distinct members are remembered at a time.
 */
public final class RepeatedMembers {

    static final int MAX_KEPT = 256;

    private final Map<JsonNode, JsonValue> seen = new ConcurrentHashMap<>();

    /** {@code object} as a {@link JsonValue}, its non-empty container members shared with earlier equal ones. */
    public JsonValue value(ObjectNode object) {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            JsonNode member = f.getValue();
            members.put(f.getKey(), member.isContainerNode() && !member.isEmpty() ? shared(member) : JsonValues.from(member));
        }
        return new JsonValue.JsonObject(members);
    }

    private JsonValue shared(JsonNode member) {
        JsonValue known = seen.get(member);
        if (known != null) {
            return known;
        }
        if (seen.size() >= MAX_KEPT) {
            seen.clear();
        }
        JsonValue value = JsonValues.from(member);
        seen.putIfAbsent(member, value);
        return value;
    }
}
