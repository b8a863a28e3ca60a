package dev.tracedeck.analysis.rules.chat;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.textcalls.TextCallParser;
import dev.tracedeck.analysis.textcalls.TextToolCall;
import dev.tracedeck.analysis.textcalls.found.AssistantText;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.analysis.textcalls.found.TextCallFinder;
import dev.tracedeck.analysis.textcalls.found.TextCallScope;
import dev.tracedeck.analysis.textcalls.found.ThreadTextCalls;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The model writes a tool call as text and nothing runs it (models without native tool calling print
 * the call, and the agent either never executes it or needs a parser to). A text call counts when its
 * confidence reaches the threshold ({@value TextCallFinder#THRESHOLD} by default); it was run when a structured
 * call of that name follows it before the model's next text ({@link TextCallFinder} says exactly where it looks).
 *
 * <p>Where it reads the model's words is the {@link TextCallScope}: for a Mycelian log, only the AI entries of
 * the state dumps ({@code STATE_MSG … type=ai}), each reported once, at the dump that first shows it — the
 * {@code MSG} lines there are the conversation being ingested, someone else's words; for other formats, the
 * assistant messages too.
 *
 * <p>An AI state entry whose text holds a call at or above the threshold is this rule's, not
 * {@code assistant-text-in-state}'s: it is the model trying to call a tool, not chatting, and saying which
 * call it meant is the useful finding. That rule leaves such entries to this one whether or not the call ran.
 *
 * <p>In a trace read with {@code --parse-text-calls} ({@link dev.tracedeck.analysis.lift.TextCallLifter})
 * the unrun calls are structured calls, marked as parsed from text: this rule leaves them to
 * {@code orphaned-tool-call}, which reports each one that no result answers, so no call is reported twice.
 */
public final class TextToolCallNotRun extends DescribedRule {

    public static final double DEFAULT_THRESHOLD = TextCallFinder.THRESHOLD;

    private final TextCallFinder finder;
    private final double threshold;

    /** The rule for formats whose messages are the model's own (assistant messages and state entries). */
    public TextToolCallNotRun() {
        this(TextCallScope.MESSAGES_AND_STATE_ENTRIES);
    }

    public TextToolCallNotRun(TextCallScope scope) {
        this(new TextCallFinder(TextCallParser.standard(), scope), DEFAULT_THRESHOLD);
    }

    public TextToolCallNotRun(TextCallParser parser, double threshold) {
        this(new TextCallFinder(parser, TextCallScope.MESSAGES_AND_STATE_ENTRIES), threshold);
    }

    public TextToolCallNotRun(TextCallFinder finder, double threshold) {
        super("text-tool-call", "no tool call the model writes as text goes unrun", Severity.WARNING);
        this.finder = finder;
        this.threshold = threshold;
    }

    public TextCallScope scope() {
        return finder.scope();
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        ThreadTextCalls found = finder.find(thread, knownTools(finder.scope(), p));
        if (found.texts().isEmpty() && !found.stateShown()) {
            return RuleOutcome.notApplicable(finder.scope().readsMessages()
                    ? "no assistant message with text and no state dump in this thread"
                    : "no state dump with a message list: the model's own words are not in the log");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (FoundTextCall f : found.atLeast(threshold)) {
            // A call the import made structured (--parse-text-calls) is orphaned-tool-call's when nothing answers it.
            if (f.executed() || f.structured()) {
                continue;
            }
            AssistantText where = f.where();
            List<BlamedEntry> blamed = where.isStateEntry()
                    ? List.of(new BlamedEntry(where.event(), where.entryPosition().getAsInt())) : List.of();
            problems.add(new RuleOutcome.Problem(where.msgIdx(), describe(where, f.call()), List.of(where.event()), blamed));
        }
        return RuleOutcome.of(problems);
    }

    /**
     * A thread's text calls as this rule finds them in a trace of {@code format} with the default parameters,
     * so that a listing or a view shows the confidence the rule judged.
     */
    public static ThreadTextCalls find(TraceThread thread, String format) {
        TextCallScope scope = TextCallScope.forFormat(format);
        return new TextCallFinder(scope).find(thread, knownTools(scope, RuleParameters.DEFAULTS));
    }

    /**
     * The tools a thread has besides those it calls: for a Mycelian log ({@link TextCallScope#STATE_ENTRIES}), the
     * protocol's tools, which a model without native tool calling may only ever write as text; none otherwise.
     */
    public static Set<String> knownTools(TextCallScope scope, RuleParameters p) {
        if (scope.readsMessages()) {
            return Set.of();
        }
        return Set.of(p.memoryTool(), p.contextTool(), p.listTool(), p.awaitTool(), p.putContextTool());
    }

    private static String describe(AssistantText where, TextToolCall call) {
        String args = call.arguments().map(a -> a.toCompactString()).orElse(call.rawArguments());
        String what = where.isStateEntry()
                ? "state entry " + entryIdx(where) + ", the model's message,"
                : "the assistant message at line " + where.event().source().firstLine();
        return String.format(Locale.ROOT, "%s writes a %s call %s(%s) as text (confidence %.2f) and nothing runs it%s",
                what, call.formatId(), call.name(), PythonText.abbreviate(args, 80), call.confidence().value(),
                where.cut() ? "; the log shows only a preview of the message" : "");
    }

    private static int entryIdx(AssistantText where) {
        var dump = (dev.tracedeck.model.event.Payload.StateDump) where.event().payload();
        return dump.snapshot().entries().get(where.entryPosition().getAsInt()).idx();
    }
}
