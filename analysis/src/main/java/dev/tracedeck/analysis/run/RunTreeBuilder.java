package dev.tracedeck.analysis.run;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.json.JsonValue;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.RecordedOutcome;
import dev.tracedeck.model.recorded.ThreadStart;
import dev.tracedeck.model.recorded.TokenUsage;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Makes a trace's {@link RunTree}, in passes linear in its events.
 *
 * <p>A thread that holds spans is laid out by them: each span a node under its parent span (across threads: a nested
 * agent's spans hang under the tool span that started it), named as the span is ({@code chat gpt-4o-mini},
 * {@code joke_agent}), its time and status its own, and the events after it in its thread (the messages it held) its
 * events. Any other thread is an agent: a turn for each user message, a model call for each answer of the model, a tool
 * call for each call it made, holding the result that answers it and the sub-agents the call started (Claude Code's
 * {@code Task}, an ATIF sub-trajectory, a nested agent's thread). Harness records ({@link HarnessRecords}) and whatever
 * else a thread holds belong to the node open when they were written.
 */
public final class RunTreeBuilder {

    private static final int NAME_WORDS = 80;

    private final Trace trace;
    private final RunWords words;
    private final BooleanSupplier cancelled;
    private int size;
    private String[] names = new String[64];
    private byte[] kinds = new byte[64];
    private boolean[] failed = new boolean[64];
    private long[] starts = new long[64];
    private long[] ends = new long[64];
    private long[] tokens = new long[64];
    private int[] parents = new int[64];
    private int[] anchors = new int[64];
    private final int[] nodeOfEvent;
    /** The threads laid out so far, so that threads that say they started each other are laid out once. */
    private final java.util.Set<String> laid = new java.util.HashSet<>();
    /** The threads each call started, by the call's event seq and the call's id. */
    private final Map<String, List<TraceThread>> started = new HashMap<>();

    private RunTreeBuilder(Trace trace, RunWords words, BooleanSupplier cancelled) {
        this.trace = trace;
        this.words = words;
        this.cancelled = cancelled;
        this.nodeOfEvent = new int[trace.events().size()];
        Arrays.fill(nodeOfEvent, -1);
    }

    public static RunTree build(Trace trace) {
        return build(trace, RunWords.of(trace), () -> false);
    }

    /** @return null once {@code cancelled} says so */
    public static RunTree build(Trace trace, RunWords words, BooleanSupplier cancelled) {
        return new RunTreeBuilder(trace, words, cancelled).build();
    }

    private RunTree build() {
        for (TraceThread thread : trace.threads()) {
            thread.records().startedBy().ifPresent(s -> started.computeIfAbsent(key(s), k -> new ArrayList<>()).add(thread));
        }
        List<TraceThread> spanThreads = new ArrayList<>();
        for (TraceThread thread : trace.threads()) {
            if (thread.events().stream().anyMatch(e -> e.kind() == EventKind.SPAN)) {
                spanThreads.add(thread);
            }
        }
        if (!spanThreads.isEmpty()) {
            spans(spanThreads);
        }
        for (TraceThread thread : trace.threads()) {
            if (cancelled.getAsBoolean()) {
                return null;
            }
            boolean laidOut = laid.contains(thread.id())
                    || !thread.events().isEmpty() && nodeOfEvent[thread.events().get(0).seq()] >= 0;
            if (!laidOut && (thread.records().startedBy().isEmpty() || !callKnown(thread.records().startedBy().get()))) {
                agent(thread, -1);
            }
        }
        for (TraceThread thread : trace.threads()) {
            // Threads whose starting calls lie in each other's threads: nothing laid them out.
            boolean laidOut = laid.contains(thread.id())
                    || !thread.events().isEmpty() && nodeOfEvent[thread.events().get(0).seq()] >= 0;
            if (!laidOut) {
                agent(thread, -1);
            }
        }
        return new RunTree(size, names, kinds, failed, starts, ends, tokens, parents, anchors, nodeOfEvent);
    }

    private static String key(ThreadStart start) {
        return start.call().seq() + "\n" + start.callId();
    }

    /** Whether the call that started a thread is one a tool node will be made for, which then lays the thread out. */
    private boolean callKnown(ThreadStart start) {
        Event call = start.call();
        return RunWords.calls(call).stream().anyMatch(c -> c.id().equals(start.callId()))
                && !trace.thread(call.threadId()).map(t -> t.events().stream().anyMatch(e -> e.kind() == EventKind.SPAN))
                .orElse(false);
    }

    // ---- spans ----------------------------------------------------------------------------------------------------

    private void spans(List<TraceThread> threads) {
        Map<String, Integer> bySpan = new HashMap<>();
        List<int[]> links = new ArrayList<>();
        List<String> parentKeys = new ArrayList<>();
        for (TraceThread thread : threads) {
            int open = -1;
            List<Event> before = new ArrayList<>();
            for (Event event : thread.events()) {
                if (event.payload() instanceof Payload.JsonRecord r && r.kind() == EventKind.SPAN) {
                    JsonValue json = r.json();
                    String traceId = text(json, "trace_id");
                    int node = node(spanKind(json), spanName(r), -1);
                    starts[node] = EventClock.micros(text(json, "start"));
                    long end = EventClock.micros(text(json, "end"));
                    ends[node] = end != EventClock.UNKNOWN ? end : starts[node];
                    failed[node] = text(json, "status").equals("ERROR");
                    words.billed(event).ifPresent(u -> tokens[node] = total(u));
                    String spanId = text(json, "span_id");
                    if (!spanId.isEmpty()) {
                        bySpan.putIfAbsent(traceId + "\n" + spanId, node);
                    }
                    String parent = text(json, "parent_span_id");
                    if (!parent.isEmpty()) {
                        links.add(new int[] {node});
                        parentKeys.add(traceId + "\n" + parent);
                    }
                    anchors[node] = event.seq();
                    open = node;
                    // What a thread holds before its first span belongs to its first span.
                    before.forEach(e -> belongs(e, node));
                    before.clear();
                }
                if (open < 0) {
                    before.add(event);
                    continue;
                }
                belongs(event, open);
                if (event.kind() == EventKind.ERROR && open >= 0) {
                    failed[open] = true;
                }
            }
        }
        for (int i = 0; i < links.size(); i++) {
            Integer parent = bySpan.get(parentKeys.get(i));
            int node = links.get(i)[0];
            if (parent != null && parent != node && !below(parent, node)) {
                parents[node] = parent;
            }
        }
    }

    /** Whether {@code node} lies under {@code ancestor} already: a parent link that would close a loop is left out. */
    private boolean below(int node, int ancestor) {
        for (int at = node, steps = 0; at >= 0 && steps <= size; at = parents[at], steps++) {
            if (at == ancestor) {
                return true;
            }
        }
        return false;
    }

    static RunNodeKind spanKind(JsonValue json) {
        String kind = text(json, "kind").toUpperCase(java.util.Locale.ROOT);
        String name = text(json, "name").toLowerCase(java.util.Locale.ROOT);
        if (kind.equals("LLM") || kind.equals("GENERATION") || name.startsWith("chat ") || name.startsWith("generate_content")
                || name.startsWith("text_completion")) {
            return RunNodeKind.MODEL;
        }
        if (kind.equals("TOOL") || name.startsWith("execute_tool") || name.startsWith("tool.")) {
            return RunNodeKind.TOOL;
        }
        if (kind.equals("AGENT") || kind.equals("CHAIN") && name.contains("agent") || name.startsWith("invoke_agent")) {
            return RunNodeKind.AGENT;
        }
        return RunNodeKind.SPAN;
    }

    private static String spanName(Payload.JsonRecord record) {
        String name = text(record.json(), "name");
        return name.isEmpty() ? record.eventName() : name;
    }

    // ---- agents ---------------------------------------------------------------------------------------------------

    /** Lays out a thread that holds no spans as an agent under {@code parent} (-1: a root). */
    private void agent(TraceThread thread, int parent) {
        if (!laid.add(thread.id())) {
            return;
        }
        int agent = node(RunNodeKind.AGENT, agentName(thread), parent);
        // The run failed by its own account (an eval's score, an error or limit that stopped it, an abort).
        failed[agent] = thread.records().outcomes().stream().anyMatch(o -> o.verdict().bad());
        // A call whose usage came in a record of its own (Codex) names no model: the thread's is the one it ran on.
        String threadModel = thread.records().model().orElse("");
        int turn = -1;
        int model = -1;
        int turns = 0;
        int lastTool = -1;
        long previousTime = EventClock.UNKNOWN;
        Map<String, Integer> tools = new HashMap<>();
        for (Event event : thread.events()) {
            long time = EventClock.micros(event.time());
            Payload payload = event.payload();
            int container = turn >= 0 ? turn : agent;
            if (HarnessRecords.isHarness(event)) {
                belongs(event, lastTool >= 0 ? lastTool : model >= 0 ? model : container);
            } else if (payload instanceof Payload.ConversationMessage m) {
                Message message = m.message();
                if (message.isToolResult()) {
                    Integer tool = tools.get(message.toolCallId());
                    int at = tool != null ? tool : model >= 0 ? model : container;
                    belongs(event, at);
                    if (tool != null) {
                        ends[tool] = time;
                        failed[tool] |= message.content().startsWith("[error]");
                    }
                } else if (!message.toolCalls().isEmpty() || message.role().equals("assistant")) {
                    model = modelCall(event, container, previousTime, time, threadModel);
                    lastTool = -1;
                    for (ToolCall call : message.toolCalls()) {
                        lastTool = tool(event, call, model, time, tools);
                    }
                } else if (message.role().equals("user")) {
                    turns++;
                    turn = node(RunNodeKind.TURN, "turn " + turns + " · " + firstWords(message.content()), agent);
                    starts[turn] = time;
                    ends[turn] = time;
                    belongs(event, turn);
                    anchors[turn] = event.seq();
                    model = -1;
                    lastTool = -1;
                } else {
                    belongs(event, container);
                }
            } else if (payload instanceof Payload.LlmCall call) {
                if (call.curatedMessages().isPresent() || model < 0) {
                    model = modelCall(event, container, time, time, threadModel);
                    lastTool = -1;
                } else {
                    belongs(event, model);
                    ends[model] = time;
                }
            } else if (payload instanceof Payload.ToolInvocation invocation && !invocation.planned()) {
                lastTool = tool(event, invocation.call(), model >= 0 ? model : container, time, tools);
            } else {
                int at = lastTool >= 0 ? lastTool : model >= 0 ? model : container;
                belongs(event, at);
                if (event.kind() == EventKind.ERROR || event.kind() == EventKind.MALFORMED) {
                    failed[at] |= event.kind() == EventKind.ERROR;
                }
            }
            if (time != EventClock.UNKNOWN) {
                previousTime = time;
            }
            // A model call's usage may come in a record of its own after it (Codex's token counts).
            int billedTo = model >= 0 ? model : nodeOfEvent[event.seq()];
            words.billed(event).ifPresent(u -> bill(billedTo, u));
        }
    }

    private int modelCall(Event event, int parent, long asked, long answered, String threadModel) {
        String model = words.model(event).orElse(threadModel);
        int node = node(RunNodeKind.MODEL, model.isEmpty() ? "model call" : "model call " + model, parent);
        starts[node] = asked != EventClock.UNKNOWN ? asked : answered;
        ends[node] = answered;
        belongs(event, node);
        anchors[node] = event.seq();
        return node;
    }

    /** A call's node under its model call, the sub-agents it started under it. */
    private int tool(Event event, ToolCall call, int parent, long time, Map<String, Integer> tools) {
        int node = node(RunNodeKind.TOOL, call.name(), parent);
        starts[node] = time;
        ends[node] = time;
        if (!call.id().isEmpty()) {
            tools.put(call.id(), node);
        }
        if (nodeOfEvent[event.seq()] < 0) {
            belongs(event, node);
        }
        anchors[node] = event.seq();
        List<TraceThread> subAgents = started.get(event.seq() + "\n" + call.id());
        if (subAgents != null) {
            subAgents.forEach(t -> agent(t, node));
        }
        return node;
    }

    private String agentName(TraceThread thread) {
        String id = thread.label();
        int slash = id.lastIndexOf('/');
        String own = slash >= 0 ? id.substring(slash + 1) : id;
        Optional<String> model = thread.records().model();
        // What the trace says of the run comes with its name, where the reader looks first.
        String said = thread.records().outcomes().stream().map(RecordedOutcome::line)
                .reduce((a, b) -> a + ", " + b).map(s -> " · " + s).orElse("");
        return (thread.records().startedBy().isPresent() ? "sub-agent " : "agent ") + own
                + model.map(m -> " · " + m).orElse("") + said;
    }

    // ---- nodes ----------------------------------------------------------------------------------------------------

    private int node(RunNodeKind kind, String name, int parent) {
        if (size == names.length) {
            int capacity = size + (size >> 1) + 16;
            names = Arrays.copyOf(names, capacity);
            kinds = Arrays.copyOf(kinds, capacity);
            failed = Arrays.copyOf(failed, capacity);
            starts = Arrays.copyOf(starts, capacity);
            ends = Arrays.copyOf(ends, capacity);
            tokens = Arrays.copyOf(tokens, capacity);
            parents = Arrays.copyOf(parents, capacity);
            anchors = Arrays.copyOf(anchors, capacity);
        }
        names[size] = name;
        kinds[size] = (byte) kind.ordinal();
        starts[size] = EventClock.UNKNOWN;
        ends[size] = EventClock.UNKNOWN;
        tokens[size] = -1;
        parents[size] = parent;
        anchors[size] = -1;
        return size++;
    }

    private void belongs(Event event, int node) {
        if (node >= 0 && event.seq() < nodeOfEvent.length) {
            nodeOfEvent[event.seq()] = node;
        }
    }

    private void bill(int node, TokenUsage usage) {
        if (node >= 0) {
            tokens[node] = Math.max(0, tokens[node]) + total(usage);
        }
    }

    private static long total(TokenUsage usage) {
        return usage.prompt() + usage.output();
    }

    /** The first words of a message, its markup tags left out ("<task-notification>" and the like a harness wraps). */
    private static String firstWords(String text) {
        String flat = text.replaceAll("</?[A-Za-z][A-Za-z0-9_-]*>", " ").replaceAll("\\s+", " ").strip();
        return PythonText.abbreviate(flat, NAME_WORDS);
    }

    private static String text(JsonValue json, String key) {
        return json.get(key).flatMap(JsonValue::asText).orElse("");
    }
}
