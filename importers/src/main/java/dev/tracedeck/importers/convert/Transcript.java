package dev.tracedeck.importers.convert;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.EventKind;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.recorded.ModelCall;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A thread as both target formats see it: its messages in order, each answer of the model with the model call the
 * trace recorded for it (model and usage). A thread whose messages carry no tool call or result (a Mycelian log)
 * has its calls and results from the calls it logged as they ran and the state it dumped, as messages
 * ({@link LoggedToolCalls}). The thread's other records are counted in {@link #omissions()}, by kind.
 *
 * <p>Traces record a call beside its answer in three ways: the answer's own message (Claude Code, ATIF), a record
 * after it (a Codex {@code token_count}), or a span before it (OpenTelemetry). So a call recorded on an answer is that
 * answer's; one recorded elsewhere is the last answer's when that answer came after the previous call's record, else
 * the next answer's. A call no answer takes is kept as an {@link Unanswered} item where the thread ends.
 */
public record Transcript(String threadId, List<Item> items, Omissions omissions) {

    /** One thing the target formats carry. */
    public sealed interface Item permits Said, Unanswered {
        Event event();
    }

    /** A message; {@code call} is the model call that answered with it (assistant messages only). */
    public record Said(Event event, Message message, Optional<ModelCall> call) implements Item {
        public boolean isAnswer() {
            return message.role().equals("assistant") && !message.isToolResult();
        }
    }

    /** A model call whose answer the trace does not hold (the run died, or the trace ends, mid-call). */
    public record Unanswered(Event event, ModelCall call) implements Item {
    }

    public static Transcript of(TraceThread thread) {
        Omissions omissions = new Omissions();
        boolean fromState = LoggedToolCalls.readsState(thread);
        Map<Integer, List<LoggedToolCalls.Written>> logged = LoggedToolCalls.of(thread, fromState, omissions);
        Builder transcript = new Builder(thread);
        for (Event e : thread.events()) {
            List<ModelCall> calls = transcript.callsAt(e);
            if (e.payload() instanceof Payload.ConversationMessage m) {
                transcript.said(e, m.message(), calls);
            } else if (!(e.payload() instanceof Payload.ToolInvocation t && !t.planned()) && calls.isEmpty()) {
                omit(e, omissions, fromState);
            }
            for (LoggedToolCalls.Written w : logged.getOrDefault(e.seq(), List.of())) {
                transcript.said(w.event(), w.message(), List.of());
            }
            transcript.recorded(e, calls);
        }
        return new Transcript(thread.id(), transcript.items(), omissions);
    }

    /** The items in order, with the model calls the trace recorded given to the answers they belong to. */
    private static final class Builder {
        private final Map<Integer, List<ModelCall>> callsAt = new HashMap<>();
        private final List<Item> items = new ArrayList<>();
        private final Map<Integer, ModelCall> callOfItem = new HashMap<>();
        private final Deque<ModelCall> pending = new ArrayDeque<>();
        private int lastAnswer = -1;
        private int lastAnswerSeq = -1;
        private int lastCallSeq = -1;
        /** The calls recorded on the answer just added, which {@link #recorded} then leaves alone. */
        private boolean tookCalls;

        Builder(TraceThread thread) {
            for (ModelCall call : thread.records().modelCalls()) {
                callsAt.computeIfAbsent(call.event().seq(), s -> new ArrayList<>()).add(call);
            }
        }

        List<ModelCall> callsAt(Event e) {
            tookCalls = false;
            return callsAt.getOrDefault(e.seq(), List.of());
        }

        /** A message; {@code calls} are those recorded on its own event. */
        void said(Event e, Message message, List<ModelCall> calls) {
            Said said = new Said(e, message, Optional.empty());
            items.add(said);
            if (!said.isAnswer()) {
                return;
            }
            lastAnswer = items.size() - 1;
            lastAnswerSeq = e.seq();
            if (!calls.isEmpty()) {
                callOfItem.put(lastAnswer, calls.get(0));
                pending.addAll(calls.subList(1, calls.size()));
                lastCallSeq = e.seq();
                tookCalls = true;
            } else if (!pending.isEmpty()) {
                callOfItem.put(lastAnswer, pending.poll());
            }
        }

        /** The model calls recorded on {@code e}, when no answer of its own took them. */
        void recorded(Event e, List<ModelCall> calls) {
            if (tookCalls) {
                return;
            }
            for (ModelCall call : calls) {
                if (lastAnswer >= 0 && !callOfItem.containsKey(lastAnswer) && lastAnswerSeq > lastCallSeq) {
                    callOfItem.put(lastAnswer, call);
                } else {
                    pending.add(call);
                }
                lastCallSeq = e.seq();
            }
        }

        List<Item> items() {
            List<Item> withCalls = new ArrayList<>(items.size() + pending.size());
            for (int i = 0; i < items.size(); i++) {
                Item item = items.get(i);
                withCalls.add(item instanceof Said s && callOfItem.containsKey(i)
                        ? new Said(s.event(), s.message(), Optional.of(callOfItem.get(i))) : item);
            }
            pending.forEach(call -> withCalls.add(new Unanswered(call.event(), call)));
            return List.copyOf(withCalls);
        }
    }

    public boolean hasMessages() {
        return items.stream().anyMatch(i -> i instanceof Said);
    }

    /** The model the thread's last call names, else "". */
    public String model() {
        String model = "";
        for (Item item : items) {
            Optional<ModelCall> call = item instanceof Said s ? s.call()
                    : item instanceof Unanswered u ? Optional.of(u.call()) : Optional.empty();
            if (call.isPresent() && !call.get().model().isBlank()) {
                model = call.get().model().strip();
            }
        }
        return model;
    }

    /**
     * The kinds of record neither format has a place for; {@code callsFromState}: the thread's tool calls and results
     * are written from its logged calls and dumps.
     */
    private static void omit(Event e, Omissions omissions, boolean callsFromState) {
        Payload p = e.payload();
        if (p instanceof Payload.StateDump) {
            omissions.add("state dumps", callsFromState
                    ? "not written as dumps (the agent's state; the tool calls and results they show are written as messages)"
                    : "not written (the agent's state as dumped; the format has no place for it)");
        } else if (p instanceof Payload.ControlMessage) {
            omissions.add("control messages", "not written (session housekeeping sent to the agent, no chat message)");
        } else if (p instanceof Payload.ToolInvocation t && t.planned()) {
            omissions.add("tool plans", "not written (calls the model asked for, logged before they ran)");
        } else if (p instanceof Payload.LlmCall) {
            omissions.add("LLM call records", "not written (message and call counts of a model call)");
        } else if (p instanceof Payload.AgentResult) {
            omissions.add("agent results", "not written (what an invocation returned, as logged)");
        } else if (p instanceof Payload.AgentError) {
            omissions.add("agent errors", "not written (an invocation that failed)");
        } else if (p instanceof Payload.RunMarker) {
            omissions.add("run markers", "not written (the run's bookkeeping lines)");
        } else if (p instanceof Payload.JsonRecord r && r.kind() == EventKind.SPAN) {
            omissions.add("spans of other kinds", "not written (spans that are no model call: agents, tools, retrieval)");
        } else if (p instanceof Payload.JsonRecord r && r.kind() == EventKind.STEP) {
            omissions.add("step records", "not written (the framework's step fields beside its messages)");
        } else if (p instanceof Payload.JsonRecord) {
            omissions.add("other records", "not written (records of the format that are no message)");
        } else if (p instanceof Payload.Unparsed u) {
            omissions.add(u.malformed() ? "malformed lines" : "unread lines", "not written (lines Tracedeck could not read)");
        }
    }
}
