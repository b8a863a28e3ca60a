package dev.tracedeck.model.rules.mycelian;

import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.rules.BlamedEntry;
import dev.tracedeck.model.rules.DescribedRule;
import dev.tracedeck.model.rules.RuleOutcome;
import dev.tracedeck.model.rules.RuleParameters;
import dev.tracedeck.model.rules.Severity;
import dev.tracedeck.model.state.StateEntry;
import dev.tracedeck.model.text.PythonText;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;

/**
 * A tool-only agent never writes chat: an AI message with text and no tool calls in its state is the agent
 * talking. Reported once, at the dump that first shows it, not again in every later dump.
 */
public final class AssistantTextInState extends DescribedRule {

    public AssistantTextInState() {
        super("assistant-text-in-state", "no agent-authored assistant text in state", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters p) {
        List<Turn> turns = Turns.of(thread);
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
                for (int i = 0; i < entries.size(); i++) {
                    StateEntry entry = entries.get(i);
                    boolean isNew = dump.diff().isAppended(i) || dump.diff().isChanged(i);
                    if (isNew && entry.isAi() && !entry.hasToolCalls() && !entry.content().isBlank()) {
                        problems.add(new RuleOutcome.Problem(turn.msgIdx(), "state entry " + entry.idx()
                                + " is assistant text the agent wrote: \"" + excerpt(entry.content()) + "\"", List.of(event),
                                List.of(new BlamedEntry(event, i))));
                    }
                }
            }
        }
        return anyDump ? RuleOutcome.of(problems) : RuleOutcome.notApplicable("no state dumps with a message list");
    }

    private static String excerpt(String s) {
        String line = s.strip().replace('\n', ' ');
        return PythonText.abbreviate(line, 60);
    }
}
