package dev.tracedeck.importers.spans;

import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;

/**
 * The results tool spans carry for the calls a thread's history made. Some frameworks record the history their
 * model calls are sent without the results (the Claude Agent SDK's turns, a trace that stops after its last tool
 * ran): there the span of the tool that ran the call holds what it returned. A tool span is paired with a call its
 * thread made and no result has answered yet: by the call's id where both name one, else by the tool's name, the
 * calls of the span's parent first, then the oldest. Its result is held until the thread's next model call after the
 * run ended shows whether the model got one:
 * <ul>
 *   <li>that call's input holds a result for the call: the history has it, the span's is not needed;</li>
 *   <li>its input holds the call but no result: the history went on without one, which is a fault of the run, and
 *       the span's output (which never reached the model) does not hide it;</li>
 *   <li>its input shows nothing of the call (a framework that records no history there): the span's result is
 *       written, ahead of that call's messages;</li>
 *   <li>no model call follows: it is written at the end of the thread, unless the run failed (the failure may have
 *       ended the run).</li>
 * </ul>
 * A tool span no waiting call matches is a record only.
 */
final class ToolRunResults {

    /** A call the thread's history made. */
    private static final class Call {
        final String id;
        final String name;
        final String spanKey;
        boolean claimed;

        Call(String id, String name, String spanKey) {
            this.id = id;
            this.name = name;
            this.spanKey = spanKey;
        }
    }

    /** A tool span's result for a call, until the history shows whether it is needed. */
    record Pending(Message message, SpanFileEntry.Span span, String time) {
    }

    /** A result held back, with when its run ended (Unix nanoseconds). */
    private record Held(Call call, Pending pending, boolean failed, long end) {
    }

    /** Per thread: calls made and not answered yet, in the order they were made. */
    private final Map<String, Waiting> waiting = new HashMap<>();
    /** Per thread: every call id its history holds, and each calling message's ids together. */
    private final Map<String, Set<String>> callIds = new HashMap<>();
    private final Map<String, Set<String>> callGroups = new HashMap<>();
    /** Per thread, in the order the threads got them: results held back. */
    private final Map<String, List<Held>> held = new LinkedHashMap<>();

    /** A message written to {@code thread}, by the span {@code spanKey}: its calls wait, its result answers. */
    void written(String thread, Message m, String spanKey) {
        Waiting calls = waiting.computeIfAbsent(thread, t -> new Waiting());
        if (m.isToolResult()) {
            Call answered = calls.answeredBy(m);
            if (answered != null) {
                calls.remove(answered);
            }
            return;
        }
        if (m.toolCalls().isEmpty()) {
            return;
        }
        for (ToolCall c : m.toolCalls()) {
            calls.add(new Call(c.id(), c.name(), spanKey));
            if (!c.id().isEmpty()) {
                callIds.computeIfAbsent(thread, t -> new HashSet<>()).add(c.id());
            }
        }
        callGroups.computeIfAbsent(thread, t -> new HashSet<>()).add(group(m));
    }

    /**
     * True for a calling message of a model call's input whose calls the thread already holds, made by another
     * message: the same calls grouped otherwise (Koog sends each of an answer's calls back as a message of its
     * own), which are no new calls.
     */
    boolean regrouped(String thread, Message m) {
        if (m.toolCalls().isEmpty() || m.toolCalls().stream().anyMatch(c -> c.id().isEmpty())) {
            return false;
        }
        Set<String> ids = callIds.getOrDefault(thread, Set.of());
        return m.toolCalls().stream().allMatch(c -> ids.contains(c.id()))
                && !callGroups.getOrDefault(thread, Set.of()).contains(group(m));
    }

    /** The tool span {@code span} ran {@code run} in {@code thread}: its result is held for the call it answers. */
    void ran(String thread, SpanFileEntry.Span span, ToolRun run, Message result, String time) {
        Waiting calls = waiting.get(thread);
        Call call = calls == null ? null : calls.claim(span, run);
        if (call != null) {
            Message answer = new Message(result.role(), result.content(), List.of(), call.id, run.name());
            held.computeIfAbsent(thread, t -> new ArrayList<>()).add(new Held(call, new Pending(answer, span, time),
                    run.failed(), Math.max(span.start(), span.end())));
        }
    }

    /**
     * The results to write ahead of the model call {@code call} of {@code thread}, whose whole input is
     * {@code input}: those of the runs that had ended by then whose call it does not show. The others of those are
     * dropped: the input holds their result, or went on without one. A run still going (a sub-agent's model calls,
     * inside the span of the tool that runs it: {@code inside} says whether a span is within another) keeps its
     * result until a model call after it.
     */
    List<Pending> due(String thread, SpanFileEntry.Span call, List<Message> input,
                      BiPredicate<SpanFileEntry.Span, SpanFileEntry.Span> inside) {
        List<Held> results = held.get(thread);
        if (results == null) {
            return List.of();
        }
        List<Pending> due = new ArrayList<>();
        List<Held> going = new ArrayList<>();
        for (Held h : results) {
            if (h.end > call.start() || inside.test(call, h.pending.span())) {
                going.add(h);
            } else if (input.stream().noneMatch(m -> shows(m, h.call))) {
                due.add(h.pending);
            }
        }
        if (going.isEmpty()) {
            held.remove(thread);
        } else {
            held.put(thread, going);
        }
        return due;
    }

    /**
     * Every result still held, by thread: no model call came after its tool ran. A run that failed is left out: the
     * failure may have ended the run, so nothing says its error reached the model.
     */
    Map<String, List<Pending>> remaining() {
        Map<String, List<Pending>> left = new LinkedHashMap<>();
        held.forEach((thread, results) -> left.put(thread, results.stream().filter(h -> !h.failed)
                .map(Held::pending).toList()));
        held.clear();
        return left;
    }

    /** True when {@code m} is the call's message or a result for it. */
    private static boolean shows(Message m, Call call) {
        if (m.isToolResult()) {
            return call.id.isEmpty() ? m.toolCallId().isEmpty() && (m.name().isEmpty() || m.name().equals(call.name))
                    : m.toolCallId().equals(call.id);
        }
        return m.toolCalls().stream().anyMatch(c -> call.id.isEmpty() ? c.id().isEmpty() && c.name().equals(call.name)
                : c.id().equals(call.id));
    }

    /**
     * A thread's calls not answered yet, in order, found by id in constant time; the calls of no id, or of a tool
     * named, are looked for in order among them.
     */
    private static final class Waiting {
        private final Set<Call> inOrder = new LinkedHashSet<>();
        private final Map<String, ArrayDeque<Call>> byId = new HashMap<>();

        void add(Call c) {
            inOrder.add(c);
            if (!c.id.isEmpty()) {
                byId.computeIfAbsent(c.id, k -> new ArrayDeque<>(2)).add(c);
            }
        }

        void remove(Call c) {
            inOrder.remove(c);
            ArrayDeque<Call> same = c.id.isEmpty() ? null : byId.get(c.id);
            if (same != null) {
                same.remove(c);
            }
        }

        /** The call a result answers: by its id, else the oldest of its tool (or any) that names no id. */
        Call answeredBy(Message result) {
            if (!result.toolCallId().isEmpty()) {
                ArrayDeque<Call> same = byId.get(result.toolCallId());
                if (same != null && !same.isEmpty()) {
                    return same.peek();
                }
            }
            for (Call c : inOrder) {
                if (c.id.isEmpty() && (result.name().isEmpty() || c.name.equals(result.name()))) {
                    return c;
                }
            }
            return null;
        }

        /**
         * The call {@code run} answers, marked so that no other run takes it: the one with its id; else one of the
         * same tool that names no id (or any of that tool's, when the run names none), the parent span's first.
         */
        Call claim(SpanFileEntry.Span span, ToolRun run) {
            Call found = null;
            if (!run.callId().isEmpty()) {
                found = byId.getOrDefault(run.callId(), new ArrayDeque<>()).stream().filter(c -> !c.claimed)
                        .findFirst().orElse(null);
            }
            if (found == null) {
                String parent = span.parentKey();
                for (Call c : inOrder) {
                    if (!c.claimed && c.name.equals(run.name()) && (c.id.isEmpty() || run.callId().isEmpty())) {
                        if (c.spanKey.equals(parent)) {
                            found = c;
                            break;
                        }
                        found = found == null ? c : found;
                    }
                }
            }
            if (found != null) {
                found.claimed = true;
            }
            return found;
        }
    }

    private static String group(Message m) {
        return m.toolCalls().stream().map(ToolCall::id).collect(Collectors.joining("\u0000"));
    }
}
