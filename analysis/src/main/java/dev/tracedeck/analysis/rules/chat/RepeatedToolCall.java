package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The same tool with the same arguments, again and again in a row, learning nothing new: the agent is looping. A
 * call whose result differs from the one before is polling something that changes (Codex's {@code write_stdin}
 * with nothing to write reads a running command's new output; a status check), so it ends the run; where the log
 * shows no result for a call, the arguments alone decide. The limit starts above two so that a duplicated memory
 * write stays {@code duplicate-add-entry}'s finding alone.
 */
public final class RepeatedToolCall extends DescribedRule {

    public RepeatedToolCall() {
        super("repeated-tool-call", "no tool called with the same arguments many times in a row"
                + " (unless its result changes each time: polling)", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Call> calls = new ArrayList<>();
        // The results are read only where two calls in a row are the same: a result may be left in its file.
        Map<String, Message> results = new HashMap<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ToolInvocation t && !t.planned()) {
                calls.add(new Call(e, t.call(), t.msgIdx()));
            } else if (e.payload() instanceof Payload.ConversationMessage m) {
                m.message().toolCalls().forEach(c -> calls.add(new Call(e, c, m.msgIdx())));
                if (m.message().isToolResult() && !m.message().toolCallId().isEmpty()) {
                    results.putIfAbsent(m.message().toolCallId(), m.message());
                }
            }
        }
        if (calls.isEmpty()) {
            return RuleOutcome.notApplicable("no tool calls with arguments in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        int runStart = 0;
        for (int i = 1; i <= calls.size(); i++) {
            if (i < calls.size() && calls.get(i).sameAs(calls.get(runStart))
                    && !differentResults(calls.get(i - 1), calls.get(i), results)) {
                continue;
            }
            int length = i - runStart;
            if (length >= p.repeatLimit()) {
                problems.add(new RuleOutcome.Problem(calls.get(runStart).msgIdx(), calls.get(runStart).call().name() + " called "
                        + String.format(java.util.Locale.ROOT, "%,d", length) + " times in a row with the same arguments",
                        calls.subList(runStart, i).stream().map(Call::event).toList()));
            }
            runStart = i;
        }
        return RuleOutcome.of(problems);
    }

    /** True when both calls have a result in the log and the two differ. */
    private static boolean differentResults(Call a, Call b, Map<String, Message> results) {
        Message ra = a.call().id().isEmpty() ? null : results.get(a.call().id());
        Message rb = b.call().id().isEmpty() ? null : results.get(b.call().id());
        return ra != null && rb != null && !ra.content().equals(rb.content());
    }

    private record Call(Event event, ToolCall call, OptionalInt msgIdx) {
        boolean sameAs(Call other) {
            return call.name().equals(other.call.name()) && call.rawArguments().equals(other.call.rawArguments());
        }
    }
}
