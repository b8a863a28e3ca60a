package dev.tracedeck.importers.claudecode;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which call of a session started each of its sub-agents — a thread {@code <session>/agent-<id>}, or an inline
 * sidechain that names no agent, {@code <session>/sidechain-N} — by what Claude Code writes of the link, surest
 * first: the {@code toolUseResult.agentId} of the call's own result (a {@code Task} or {@code Agent} result names the
 * agent it ran, {@link Session#agentCalls()}); the session's {@code progress} lines of the running sub-agent
 * ({@code data.type: agent_progress}, {@code data.agentId}, {@code parentToolUseID}: the call's id); else the
 * sub-agent's first prompt, which is the {@code prompt} of the call that started it, when exactly one call of the
 * session has that prompt and no other sub-agent starts with it. A sub-agent nothing links stays unlinked. One pass
 * over the events.
 */
final class SubAgentLinks {

    private static final String AGENT = "/agent-";
    private static final String SIDECHAIN = "/sidechain-";

    /** The call {@code callId} of the message event {@code call} started {@code thread}. */
    record Link(String thread, Event call, String callId) {
    }

    private SubAgentLinks() {
    }

    /**
     * @param reported the calls whose results name the agent they ran: {@code <session>/agent-<agentId>} → call id
     */
    static List<Link> find(List<Event> events, Map<String, String> reported) {
        Map<String, Event> callEvents = new HashMap<>();          // call id -> the message making it
        Map<String, List<String>> promptCalls = new HashMap<>();  // session + prompt -> ids of the calls with it
        Map<String, String> progressCalls = new HashMap<>();      // session + agent id -> call id
        Map<String, String> firstPrompts = new LinkedHashMap<>(); // sub-agent thread -> its first user text
        Set<String> subAgents = new LinkedHashSet<>();
        for (Event e : events) {
            String thread = e.threadId();
            if (session(thread) != null) {
                subAgents.add(thread);
                if (e.payload() instanceof Payload.ConversationMessage m && m.message().role().equals("user")
                        && !m.message().isToolResult()) {
                    firstPrompts.putIfAbsent(thread, m.message().content());
                }
            }
            if (e.payload() instanceof Payload.ConversationMessage m) {
                for (ToolCall call : m.message().toolCalls()) {
                    callEvents.putIfAbsent(call.id(), e);
                    prompt(call).ifPresent(p -> promptCalls.computeIfAbsent(thread + "\n" + p, k -> new ArrayList<>())
                            .add(call.id()));
                }
            } else if (e.payload() instanceof Payload.JsonRecord r && e.keyword().equals("progress")) {
                JsonValue json = r.json();
                String type = text(json, "data", "type");
                String agentId = text(json, "data", "agentId");
                String callId = text(json, "parentToolUseID");
                if (type.equals("agent_progress") && !agentId.isEmpty() && !callId.isEmpty()) {
                    progressCalls.putIfAbsent(thread + AGENT + agentId, callId);
                }
            }
        }
        Map<String, Integer> sameFirstPrompt = new HashMap<>();
        firstPrompts.forEach((thread, prompt) ->
                sameFirstPrompt.merge(session(thread) + "\n" + prompt, 1, Integer::sum));
        List<Link> links = new ArrayList<>();
        for (String thread : subAgents) {
            String session = session(thread);
            String callId = reported.get(thread);
            if (callId == null) {
                callId = progressCalls.get(thread);
            }
            if (callId == null && firstPrompts.containsKey(thread)) {
                String key = session + "\n" + firstPrompts.get(thread);
                List<String> same = promptCalls.getOrDefault(key, List.of());
                callId = same.size() == 1 && sameFirstPrompt.get(key) == 1 ? same.get(0) : null;
            }
            Event call = callId == null ? null : callEvents.get(callId);
            if (call != null && call.threadId().equals(session)) {
                links.add(new Link(thread, call, callId));
            }
        }
        links.sort((a, b) -> Integer.compare(a.call().seq(), b.call().seq()));
        return links;
    }

    /** The session of a sub-agent's thread; null for a thread that is no sub-agent's. */
    private static String session(String thread) {
        int agent = thread.indexOf(AGENT);
        int sidechain = thread.indexOf(SIDECHAIN);
        int at = agent > 0 ? agent : sidechain;
        return at > 0 ? thread.substring(0, at) : null;
    }

    /** The prompt a call gives the sub-agent it starts: its {@code prompt} argument. */
    private static Optional<String> prompt(ToolCall call) {
        if (!call.name().equals("Task") && !call.name().equals("Agent")) {
            return Optional.empty();
        }
        return call.arguments().flatMap(a -> a.get("prompt")).flatMap(JsonValue::asText);
    }

    private static String text(JsonValue json, String... path) {
        return json.path(path).flatMap(JsonValue::asText).orElse("");
    }
}
