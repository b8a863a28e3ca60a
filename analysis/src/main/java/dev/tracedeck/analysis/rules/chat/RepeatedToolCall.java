package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.recorded.ThreadRequest;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The same tool with the same arguments, again and again in a row, learning nothing new: the agent is looping. A
 * call whose result differs from the one before is polling something that changes (Codex's {@code write_stdin}
 * with nothing to write reads a running command's new output; a status check), so it ends the run; where the log
 * shows no result for a call, the arguments alone decide. The limit starts above two so that a duplicated memory
 * write stays {@code duplicate-add-entry}'s finding alone.
 *
 * <p>A run counts the model's turns: the same call made several times in one message (parallel calls, before any
 * result came back) is one step of a run, since nothing was seen between them to learn from. And a call whose
 * arguments the trace left empty ({@code {}}, or none) is judged only where the thread's recorded tool schemas say
 * that tool takes no required argument: a trace that records no arguments (redacted, or a framework that keeps
 * content out of its spans) shows calls that look the same whatever they were.
 */
public final class RepeatedToolCall extends DescribedRule {

    public RepeatedToolCall() {
        super("repeated-tool-call", "no tool called with the same arguments many times in a row"
                + " (unless its result changes each time: polling)", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Call> made = new ArrayList<>();
        // The results are read only where two calls in a row are the same: a result may be left in its file.
        Map<String, Message> results = new HashMap<>();
        for (Event e : thread.events()) {
            if (e.payload() instanceof Payload.ToolInvocation t && !t.planned()) {
                made.add(new Call(e, t.call(), t.msgIdx()));
            } else if (e.payload() instanceof Payload.ConversationMessage m) {
                m.message().toolCalls().forEach(c -> made.add(new Call(e, c, m.msgIdx())));
                if (m.message().isToolResult() && !m.message().toolCallId().isEmpty()) {
                    results.putIfAbsent(m.message().toolCallId(), m.message());
                }
            }
        }
        Set<String> argumentless = ToolSchemas.withoutRequiredArguments(ThreadRequest.tools(thread.events()));
        List<Call> calls = turns(made, argumentless);
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

    /**
     * The calls as steps of a run: a call the same as the one before it in the same message is left out (one turn),
     * and a call with empty arguments is dropped unless its tool takes none ({@code argumentless}), which also breaks a
     * run: what it was is not known.
     */
    private static List<Call> turns(List<Call> calls, Set<String> argumentless) {
        List<Call> steps = new ArrayList<>(calls.size());
        boolean judged = false;
        for (Call c : calls) {
            if (noArguments(c.call()) && !argumentless.contains(c.call().name())) {
                steps.add(Call.GAP);
                continue;
            }
            Call last = steps.isEmpty() ? null : steps.get(steps.size() - 1);
            if (last != null && last.event() == c.event() && last.sameAs(c)) {
                continue;
            }
            steps.add(c);
            judged = true;
        }
        return judged ? steps : List.of();
    }

    private static boolean noArguments(ToolCall call) {
        String args = call.rawArguments().strip();
        return args.isEmpty() || args.equals("{}");
    }

    /** True when both calls have a result in the log and the two differ. */
    private static boolean differentResults(Call a, Call b, Map<String, Message> results) {
        Message ra = a.call().id().isEmpty() ? null : results.get(a.call().id());
        Message rb = b.call().id().isEmpty() ? null : results.get(b.call().id());
        return ra != null && rb != null && !ra.content().equals(rb.content());
    }

    private record Call(Event event, ToolCall call, OptionalInt msgIdx) {
        /** Where a call not judged was: the same as no call. */
        static final Call GAP = new Call(null, null, OptionalInt.empty());

        boolean sameAs(Call other) {
            return this != GAP && other != GAP && call.name().equals(other.call.name())
                    && call.rawArguments().equals(other.call.rawArguments());
        }
    }
}
