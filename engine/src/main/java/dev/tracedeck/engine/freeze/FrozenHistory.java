package dev.tracedeck.engine.freeze;

import dev.tracedeck.analysis.prune.HistoryMessage;
import dev.tracedeck.analysis.prune.ThreadHistory;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceChangedException;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The history a call received, as it goes into a request: the messages before its answer, the system prompt apart
 * (the thread's instructions — the last before the answer, since each replaces the one before — and the system
 * messages the history starts with), each message's text without the placeholders importers write for blocks they
 * keep only the size of, and a note for each part the trace kept cut.
 *
 * @param system   the system prompt's messages, in order
 * @param messages the rest of the history, in order
 */
record FrozenHistory(List<SentMessage> system, List<SentMessage> messages) {

    /** What the importers write for a thinking or reasoning block whose text (and signature) they did not keep. */
    private static final Pattern THINKING = Pattern.compile(
            "\\[(?:thinking|reasoning): [\\d,]+ characters\\]\\n?|\\[redacted thinking\\]\\n?");

    FrozenHistory {
        system = List.copyOf(system);
        messages = List.copyOf(messages);
    }

    List<String> systemTexts() {
        return system.stream().map(SentMessage::text).toList();
    }

    static FrozenHistory of(CallSteps steps, CallStep call, List<String> notes) throws FreezeException {
        TraceThread thread = steps.thread();
        ThreadHistory history = steps.history().orElseThrow();
        List<SentMessage> system = new ArrayList<>();
        List<SentMessage> messages = new ArrayList<>();
        Deque<String> unanswered = new ArrayDeque<>();
        int madeUp = 0;
        int thinking = 0;
        for (int i = 0; i < call.historyEnd(); i++) {
            HistoryMessage held = history.history().messages().get(i);
            Optional<Event> event = i < steps.events().size() ? Optional.of(steps.events().get(i)) : Optional.empty();
            int line = history.lines().get(i);
            PromptMessage m = smolagentsRole(held.message(), notes);
            String text = text(m, event, line);
            if (m.role().equals("assistant")) {
                Matcher blocks = THINKING.matcher(text);
                int found = 0;
                while (blocks.find()) {
                    found++;
                }
                if (found > 0) {
                    thinking += found;
                    text = THINKING.matcher(text).replaceAll("").strip();
                }
            }
            event.ifPresent(e -> cut(e, line, notes));
            List<SentMessage.Call> calls = new ArrayList<>();
            for (ToolCall c : m.toolCalls()) {
                String id = c.id();
                if (id.isEmpty()) {
                    id = "call_" + call.number() + "_" + (++madeUp);
                    unanswered.addLast(id);
                }
                if (c.truncated()) {
                    notes.add("line " + line + ": the arguments of " + c.name() + " are cut in the trace; sent as recorded");
                }
                calls.add(new SentMessage.Call(id, c.name(), c.rawArguments().isBlank() ? "{}" : c.rawArguments()));
            }
            String answers = m.toolCallId();
            boolean result = m.role().equals("tool") || m.role().equals("function") || !answers.isEmpty();
            if (result && answers.isEmpty()) {
                if (unanswered.isEmpty()) {
                    notes.add("line " + line + ": a tool result answering no recorded call is sent as the user's text");
                    messages.add(new SentMessage("user", text, "", List.of(), "", line));
                    continue;
                }
                answers = unanswered.removeFirst();
            } else if (!answers.isEmpty()) {
                unanswered.remove(answers);
            }
            SentMessage sent = new SentMessage(result ? "tool" : m.role(), text, result ? "" : m.name(), calls, answers, line);
            boolean isInstructions = event.isPresent() && thread.records().isInstructions(event.get());
            if (isInstructions) {
                system.removeIf(s -> s.line() < 0);
                system.add(new SentMessage(sent.role(), text, "", List.of(), "", -line));
            } else if (sent.isSystem() && messages.isEmpty()) {
                system.add(sent);
            } else {
                messages.add(sent);
            }
        }
        if (madeUp > 0) {
            notes.add("the trace recorded no ids for " + madeUp + " tool call" + (madeUp == 1 ? "" : "s")
                    + ": ids are made up (call_" + call.number() + "_1 …), each result paired with the first call not yet answered");
        }
        if (thinking > 0) {
            notes.add(thinking + " thinking block" + (thinking == 1 ? " was" : "s were") + " left out: the trace kept "
                    + (thinking == 1 ? "its" : "their") + " length, not the text or signature the provider needs to accept one back");
        }
        if (steps.events().isEmpty()) {
            notes.add("the history is the agent's state dump at line " + history.point().firstLine()
                    + ": what the agent held, which is what it sent if it sent its state whole");
        }
        List<SentMessage> head = new ArrayList<>();
        for (SentMessage s : system) {
            head.add(s.line() < 0 ? new SentMessage(s.role(), s.text(), "", List.of(), "", -s.line()) : s);
        }
        return new FrozenHistory(head, messages);
    }

    /** smolagents' own roles, sent as smolagents' model adapters send them: a tool call the assistant's, its output the user's. */
    private static final java.util.Map<String, String> SMOLAGENTS_ROLES = java.util.Map.of("tool-call", "assistant",
            "tool-response", "user");
    private static final String SMOLAGENTS_NOTE = "smolagents' tool-call and tool-response messages are sent as the"
            + " assistant's and the user's text, as smolagents' model adapters send them";

    private static PromptMessage smolagentsRole(PromptMessage m, List<String> notes) {
        String role = SMOLAGENTS_ROLES.get(m.role());
        if (role == null) {
            return m;
        }
        if (!notes.contains(SMOLAGENTS_NOTE)) {
            notes.add(SMOLAGENTS_NOTE);
        }
        return new PromptMessage(role, m.content(), m.name(), m.toolCalls(), m.toolCallId(), m.category());
    }

    private static String text(PromptMessage m, Optional<Event> event, int line) throws FreezeException {
        if (event.isPresent() && event.get().payload() instanceof Payload.ConversationMessage cm) {
            Message message = cm.message();
            try {
                return message.exactContent();
            } catch (SourceChangedException e) {
                throw new FreezeException("line " + line + ": " + e.getMessage());
            }
        }
        return m.content();
    }

    private static void cut(Event e, int line, List<String> notes) {
        if (e.payload() instanceof Payload.ConversationMessage cm && cm.previewCut()) {
            notes.add(String.format("line %d: the trace kept a preview of this %s message, %,d of its %,d characters;"
                    + " the preview is sent", line, cm.message().role(), cm.message().content().length(), cm.fullLength()));
        }
    }
}
