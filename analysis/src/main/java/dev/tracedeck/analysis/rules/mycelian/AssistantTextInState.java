package dev.tracedeck.analysis.rules.mycelian;

import dev.tracedeck.analysis.rules.BlamedEntry;
import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.chat.TextToolCallNotRun;
import dev.tracedeck.analysis.textcalls.found.FoundTextCall;
import dev.tracedeck.analysis.textcalls.found.TextCallFinder;
import dev.tracedeck.analysis.textcalls.found.TextCallScope;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A tool-only agent never writes chat: an AI message with text and no tool calls in its state is the agent
 * talking. Reported once, at the dump that first shows it, not again in every later dump.
 *
 * <p>An AI entry whose text is a tool call written as text (at or above {@link TextCallFinder#THRESHOLD}) is
 * left to {@code text-tool-call}: that is a model without native tool calling trying to call a tool, not
 * chat, and that rule says which call it meant (and reports it only when nothing ran it).
 */
public final class AssistantTextInState extends DescribedRule {

    private static final TextCallFinder TEXT_CALLS = new TextCallFinder(TextCallScope.STATE_ENTRIES);

    public AssistantTextInState() {
        super("assistant-text-in-state", "no agent-authored assistant text in state", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Turn> turns = Turns.of(thread);
        // seq and position of each entry text-tool-call owns
        Set<List<Integer>> textCalls = new HashSet<>();
        for (FoundTextCall f : TEXT_CALLS.find(thread, TextToolCallNotRun.knownTools(TextCallScope.STATE_ENTRIES, p)).atLeast(TextCallFinder.THRESHOLD)) {
            f.where().entryPosition().ifPresent(i -> textCalls.add(List.of(f.where().event().seq(), i)));
        }
        boolean anyDump = false;
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Turn turn : turns) {
            for (Event event : turn.snapshots()) {
                Payload.StateDump dump = (Payload.StateDump) event.payload();
                if (!dump.snapshot().hasMessageList()) {
                    continue;
                }
                anyDump = true;
                List<StateEntry> entries = dump.snapshot().entries();
                for (int i : dump.diff().newPositions(entries.size())) {
                    StateEntry entry = entries.get(i);
                    if (entry.isAi() && !entry.hasToolCalls() && !entry.content().isBlank()
                            && !heldCall(textCalls, event, i)) {
                        problems.add(new RuleOutcome.Problem(turn.msgIdx(), "state entry " + entry.idx()
                                + " is assistant text the agent wrote: \"" + excerpt(entry.content()) + "\"", List.of(event),
                                List.of(new BlamedEntry(event, i))));
                    }
                }
            }
        }
        return anyDump ? RuleOutcome.of(problems) : RuleOutcome.notApplicable("no state dumps with a message list");
    }

    private static boolean heldCall(Set<List<Integer>> textCalls, Event event, int position) {
        return textCalls.contains(List.of(event.seq(), position));
    }

    private static String excerpt(String s) {
        String line = s.strip().replace('\n', ' ');
        return PythonText.abbreviate(line, 60);
    }
}
