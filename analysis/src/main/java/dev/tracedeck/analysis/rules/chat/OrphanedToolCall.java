package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Every tool call gets its result before the history moves on. LangGraph refuses such a history with
 * "Found AIMessages with tool_calls that do not have a corresponding ToolMessage". Two places show
 * an orphan: the history itself (an AI message whose calls are not all answered), and calls logged as they
 * ran that no later state answers (see {@link UnansweredToolInvocations}); the second kind names the failed
 * invocation that followed, which the {@code agent-error} finding names back.
 *
 * <p>Three kinds of unanswered call are no orphan, each told by what the trace records rather than by the call's name
 * alone. A trace that stops at the model's answer (a lone API response, a capture of one model call) cannot hold the
 * results of that answer's calls: those calls are not judged; nor are the calls of the last message read of a request
 * cut short inside its history (written whole, the request sent the messages after it, where their results would
 * be). A call made before the harness compacted the thread's
 * history went with the history it replaced (the Anthropic SDKs' tool runner compacts instead of running the calls of
 * the answer that passed its threshold, and drops them: the API refuses a call without its result). And a call the framework ends a completed run with
 * never gets a result by design ({@link RunEnds}: OpenHands' {@code finish}, a Pydantic AI output tool, where the
 * trace names the framework or declares the tool so). A recorded session or run that goes on, or ends, without
 * answering any other call is judged as any other: a run that died while a tool ran keeps its orphan. A call a forked
 * session's history copied from the session it was still running in is answered there, not here (Codex's forks and
 * the sub-agents it starts with their parent's history, where the trace shows the copy).
 */
public final class OrphanedToolCall extends DescribedRule {

    private final Turns turns;

    public OrphanedToolCall() {
        this(Turns.EVERY_MESSAGE);
    }

    /** Pairs calls with results as {@code turns} says the format's API does, as {@code role-order} does. */
    public OrphanedToolCall(Turns turns) {
        super("orphaned-tool-call", "every tool call has a result", Severity.ERROR);
        this.turns = Objects.requireNonNull(turns);
    }

    public Turns turns() {
        return turns;
    }

    /** Why the calls of a trace's last answer are not judged. */
    static final String ENDS_AT_ANSWER = "the trace ends at the model's answer: whatever came after it, the results"
            + " of its calls among them, was never recorded";

    /** Why the calls of the last message read of a request's history cut short are not judged. */
    static final String CUT_AFTER_CALLS = "the request's history is cut short after the model's calls: the messages it"
            + " sent after them, their results among them, were not read";

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<HistoryItem> history = ChatHistory.of(thread);
        List<UnansweredToolInvocations.Unanswered> unanswered = UnansweredToolInvocations.of(thread);
        HistoryItem lastAnswer = lastAnswer(thread, history);
        HistoryItem beforeCut = thread.records().historyCutShort() ? callsBeforeCut(history) : null;
        if (history.stream().noneMatch(i -> i.makesCalls() && i != lastAnswer && i != beforeCut) && unanswered.isEmpty()) {
            return RuleOutcome.notApplicable(lastAnswer != null ? ENDS_AT_ANSWER : beforeCut != null ? CUT_AFTER_CALLS
                    : "no tool calls in this thread's history");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        int lastCompaction = thread.records().compactions().stream().mapToInt(c -> c.event().seq()).max().orElse(-1);
        for (ToolCallPairing.Orphan o : ToolCallPairing.of(history, turns).orphans()) {
            if (o.item() == lastAnswer || o.item() == beforeCut || o.item().event().seq() < lastCompaction) {
                continue;
            }
            List<String> missing = judgedMissing(thread, history, o);
            if (missing.isEmpty()) {
                continue;
            }
            problems.add(new RuleOutcome.Problem(o.item().msgIdx(), o.item().label() + " calls "
                    + String.join(", ", o.item().callNames()) + "; " + missing.size() + " of "
                    + o.item().callNames().size() + " without a result (" + String.join(", ", missing) + ")",
                    List.of(o.item().event()), o.item().blamed()));
        }
        for (UnansweredToolInvocations.Unanswered u : unanswered) {
            problems.add(new RuleOutcome.Problem(u.invocation().msgIdx(), describe(u), List.of(u.call())));
        }
        return RuleOutcome.of(problems);
    }

    /**
     * The history's last item when the trace stops at the model's answer and that answer makes calls: a lone API
     * response, or a capture whose last model call nothing was recorded after. Its calls can't have results here.
     */
    private static HistoryItem lastAnswer(TraceThread thread, List<HistoryItem> history) {
        if (!thread.records().endsAtModelAnswer() || history.isEmpty()) {
            return null;
        }
        HistoryItem last = history.get(history.size() - 1);
        return last.makesCalls() ? last : null;
    }

    /**
     * In a request's history cut short, the last item that makes calls when nothing but tool results was read after
     * it: the results of its calls that were not read would be in the messages the cut took (an API takes a call's
     * results right after it).
     */
    private static HistoryItem callsBeforeCut(List<HistoryItem> history) {
        for (int i = history.size() - 1; i >= 0; i--) {
            HistoryItem item = history.get(i);
            if (item.makesCalls()) {
                return item;
            }
            if (!item.isToolResult()) {
                return null;
            }
        }
        return null;
    }

    /**
     * The names of the orphan's calls that are this thread's to answer: not one that ended a completed run
     * ({@link RunEnds}), nor one a forked session's history copied from the session it was still running in, which
     * records its result ({@link dev.tracedeck.model.recorded.InheritedCall}).
     */
    static List<String> judgedMissing(TraceThread thread, List<HistoryItem> history, ToolCallPairing.Orphan o) {
        if (thread.records().terminalCalls().isEmpty() && thread.records().inheritedCalls().isEmpty()) {
            return o.missing();
        }
        int position = history.indexOf(o.item());
        List<String> left = new ArrayList<>();
        for (int i = 0; i < o.missing().size(); i++) {
            String id = o.missingIds().get(i);
            boolean inherited = thread.records().inheritedCalls().stream().anyMatch(c -> c.is(o.item().event(), id));
            if (!inherited && RunEnds.endedBy(thread, history, position, id, o.missing().get(i)).isEmpty()) {
                left.add(o.missing().get(i));
            }
        }
        return left;
    }

    private static String describe(UnansweredToolInvocations.Unanswered u) {
        String call = u.invocation().call().name() + " call at line " + u.call().source().firstLine();
        return call + " never got a result: no later state holds one"
                + u.firstFailure().map(f -> "; the agent invocation then failed at line " + f.source().firstLine()
                        + " (see agent-error)").orElse("; the log ends without one");
    }
}
