package dev.tracedeck.importers.mycelian;

import dev.tracedeck.importers.MalformedRecordException;
import dev.tracedeck.model.message.Previews;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.text.PythonText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Parses the state debugger's lines: {@code STATE thread_id=… messages=N} (or {@code state_type=…
 * [keys=…]} / {@code type=…} when no message list was found) and the {@code STATE_MSG} lines after it.
 * Small repeated strings (types, roles, tool names) are shared, as a long run repeats them millions of times.
 */
final class StateLineParser {

    /** Tool names are joined by "," and cut at this many characters by the logger. */
    static final int TOOL_NAMES_LIMIT = 120;

    record Header(String threadId, OptionalInt messages, String stateType, String keys) {
    }

    private final Map<String, String> shared = new HashMap<>();

    Header header(String body) throws MalformedRecordException {
        FieldCursor f = new FieldCursor(body);
        String thread = f.spaced("thread_id", "messages", "state_type", "type");
        if (f.at("messages")) {
            return new Header(thread, OptionalInt.of(f.intToken("messages")), "", "");
        }
        if (f.at("state_type")) {
            String type = f.token("state_type");
            String keys = f.at("keys") ? f.rest("keys") : "";
            return new Header(thread, OptionalInt.empty(), type, keys);
        }
        if (f.at("type")) {
            return new Header(thread, OptionalInt.empty(), f.rest("type").trim(), "");
        }
        throw new MalformedRecordException("expected messages=, state_type= or type= after thread_id=");
    }

    /**
     * Parses the STATE_MSG at {@code text[bodyStart..]}. When it describes exactly {@code previous} (the entry at
     * the same position in the thread's last dump, or null) that instance is returned without copying the
     * content out of the line: in a long run almost every entry is one the last dump already had.
     */
    StateEntry entry(String text, int bodyStart, StateEntry previous) throws MalformedRecordException {
        FieldCursor f = new FieldCursor(text, bodyStart);
        int idx = f.intToken("idx");
        // Candidates from the previous dump's entry come back as the same (already shared) instance.
        String previousType = previous == null ? null : previous.type();
        String previousRole = previous == null ? null : previous.role();
        String type = f.until("type", "role", previousType);
        type = type == previousType ? type : share(type);
        String role = f.token("role", previousRole);
        role = role == previousRole ? role : share(role);
        int toolCallCount = 0;
        List<String> names = List.of();
        boolean namesCut = false;
        if (f.at("tool_calls")) {
            String calls = f.until("tool_calls", "content");
            int bracket = calls.indexOf('[');
            if (bracket < 0 || !calls.endsWith("]")) {
                throw new MalformedRecordException("expected tool_calls=N[names]");
            }
            toolCallCount = FieldCursor.parseInt("tool_calls", calls.substring(0, bracket));
            String joined = calls.substring(bracket + 1, calls.length() - 1);
            names = previous != null && sameNames(joined, previous.toolNames()) ? previous.toolNames() : splitNames(joined);
            namesCut = PythonText.length(joined) >= TOOL_NAMES_LIMIT || names.size() != toolCallCount;
        }
        if (previous != null && previous.idx() == idx && previous.type().equals(type) && previous.role().equals(role)
                && previous.toolCallCount() == toolCallCount && previous.toolNames().equals(names)
                && f.restEquals("content", previous.content())) {
            return previous;
        }
        String content = f.rest("content");
        boolean contentCut = Previews.looksCut(content, Previews.MESSAGE_PREVIEW_LIMIT);
        return new StateEntry(idx, type, role, toolCallCount, names, namesCut, content, contentCut);
    }

    /** True when {@code joined} is {@code names} joined by ",", checked without splitting. */
    private static boolean sameNames(String joined, List<String> names) {
        int at = 0;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (!joined.startsWith(name, at)) {
                return false;
            }
            at += name.length();
            if (i < names.size() - 1) {
                if (at >= joined.length() || joined.charAt(at) != ',') {
                    return false;
                }
                at++;
            }
        }
        return at == joined.length() && !names.isEmpty();
    }

    private List<String> splitNames(String joined) {
        if (joined.isEmpty()) {
            return List.of();
        }
        List<String> names = new ArrayList<>(2);
        int from = 0;
        while (true) {
            int comma = joined.indexOf(',', from);
            names.add(share(comma < 0 ? joined.substring(from) : joined.substring(from, comma)));
            if (comma < 0) {
                return names;
            }
            from = comma + 1;
        }
    }

    private String share(String s) {
        if (s.length() > 64) {
            return s;
        }
        String known = shared.putIfAbsent(s, s);
        return known == null ? s : known;
    }
}
