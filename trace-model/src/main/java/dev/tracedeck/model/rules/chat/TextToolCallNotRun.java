package dev.tracedeck.model.rules.chat;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.rules.DescribedRule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.textcalls.TextCallParser;
import dev.tracedeck.model.textcalls.TextToolCall;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * An assistant message writes a tool call as text and nothing runs it (seed 002: models without native tool
 * calling print the call, and the agent either never executes it or needs a parser to). A text call counts
 * when its confidence reaches the threshold (0.7 by default); it was run when the same message, or anything
 * the thread logs after it and before the next assistant message, makes a structured call of that name.
 *
 * <p>The tools the thread calls anywhere are the known tools the parser weighs names against: a text call to
 * one of them is surer, a text call to a tool the thread never calls is less sure. A thread that calls no tool
 * at all (the seed's case: a model that cannot) leaves names unweighed.
 */
public final class TextToolCallNotRun extends DescribedRule {

    public static final double DEFAULT_THRESHOLD = 0.7;

    private final TextCallParser parser;
    private final double threshold;

    public TextToolCallNotRun() {
        this(TextCallParser.standard(), DEFAULT_THRESHOLD);
    }

    public TextToolCallNotRun(TextCallParser parser, double threshold) {
        super("text-tool-call", "no assistant message writes a tool call as text that nothing runs", Severity.WARNING);
        this.parser = parser;
        this.threshold = threshold;
    }

    /** An assistant message as this rule reads it: its text and the calls it made through the API. */
    private record Said(Event event, String text, List<String> calls, boolean cut) {
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Event> events = thread.events();
        List<Integer> assistant = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            if (said(events.get(i)) != null) {
                assistant.add(i);
            }
        }
        if (assistant.isEmpty()) {
            return RuleOutcome.notApplicable("no assistant message with text in this thread");
        }
        Set<String> known = calledTools(events);
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (int k = 0; k < assistant.size(); k++) {
            int at = assistant.get(k);
            int next = k + 1 < assistant.size() ? assistant.get(k + 1) : events.size();
            Said said = said(events.get(at));
            Set<String> ran = new LinkedHashSet<>(said.calls());
            for (Event later : events.subList(at + 1, next)) {
                ran.addAll(callsIn(later));
            }
            for (TextToolCall call : parser.parse(said.text(), known)) {
                if (call.confidence().atLeast(threshold) && !ran.contains(call.name())) {
                    problems.add(new RuleOutcome.Problem(msgIdx(said.event()), describe(said, call), List.of(said.event())));
                }
            }
        }
        return RuleOutcome.of(problems);
    }

    private static String describe(Said said, TextToolCall call) {
        String args = call.arguments().map(a -> a.toCompactString()).orElse(call.rawArguments());
        return String.format(Locale.ROOT, "the assistant message at line %d writes a %s call %s(%s) as text "
                        + "(confidence %.2f) and nothing runs it%s", said.event().source().firstLine(), call.formatId(),
                call.name(), abbreviate(args), call.confidence().value(),
                said.cut() ? "; the log shows only a preview of the message" : "");
    }

    private static String abbreviate(String s) {
        return dev.tracedeck.model.text.PythonText.abbreviate(s, 80);
    }

    private static java.util.OptionalInt msgIdx(Event e) {
        return e.payload() instanceof Payload.ConversationMessage m ? m.msgIdx() : java.util.OptionalInt.empty();
    }

    /** The assistant message an event logs, or null. */
    private static Said said(Event e) {
        if (e.payload() instanceof Payload.ConversationMessage m && isAssistant(m.message().role())
                && !m.message().content().isBlank()) {
            Message msg = m.message();
            return new Said(e, msg.content(), msg.toolCalls().stream().map(ToolCall::name).toList(), m.previewCut());
        }
        return null;
    }

    private static boolean isAssistant(String role) {
        return role.equals("assistant") || role.equals("ai") || role.equals("model");
    }

    private static List<String> callsIn(Event e) {
        if (e.payload() instanceof Payload.ToolInvocation t) {
            return List.of(t.call().name());
        }
        if (e.payload() instanceof Payload.ConversationMessage m) {
            return m.message().toolCalls().stream().map(ToolCall::name).toList();
        }
        return List.of();
    }

    private static Set<String> calledTools(List<Event> events) {
        Set<String> names = new LinkedHashSet<>();
        for (Event e : events) {
            names.addAll(callsIn(e));
            if (e.payload() instanceof Payload.StateDump dump) {
                for (StateEntry entry : dump.snapshot().entries()) {
                    entry.toolNames().forEach(names::add);
                }
            }
        }
        return names;
    }
}
