package dev.tracedeck.analysis.rules.memory;

import dev.tracedeck.analysis.memory.Memory;
import dev.tracedeck.analysis.memory.MemoryOperation;
import dev.tracedeck.analysis.memory.MemoryTimeline;
import dev.tracedeck.analysis.rules.DescribedRule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A write that takes a memory past the most characters it may hold. Only where the format records a limit (a Letta
 * block's {@code limit}) and the value the write asked for is known: Letta refuses such a write, so what the agent
 * meant to remember is lost, and the agent is told only in the call's result.
 */
public final class MemoryOverLimit extends DescribedRule {

    public MemoryOverLimit() {
        super("memory-over-limit", "a memory write stays within the block's limit", Severity.ERROR);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters parameters) {
        List<Memory> limited = MemoryTimeline.of(thread).stream().filter(m -> m.limit().isPresent()).toList();
        if (limited.isEmpty()) {
            return RuleOutcome.notApplicable("no memory with a limit the trace records in this thread");
        }
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Memory m : limited) {
            int limit = m.limit().getAsInt();
            for (MemoryOperation o : m.operations()) {
                if (!o.op().writes() || o.attempted().isEmpty() || o.attempted().get().length() <= limit) {
                    continue;
                }
                int asked = o.attempted().get().length();
                String what = o.tool() + " on '" + m.name() + "' asks for " + asked + " characters, over its limit of "
                        + limit;
                String outcome = o.failed() ? ": the call failed, so what it meant to save is not in memory"
                        : ": the block now holds more than it may";
                List<Event> evidence = new ArrayList<>();
                evidence.add(o.event());
                o.result().ifPresent(evidence::add);
                problems.add(new RuleOutcome.Problem(msgIdx(o.event()), what + outcome, evidence));
            }
        }
        return RuleOutcome.of(problems);
    }

    private static OptionalInt msgIdx(Event e) {
        return e.payload() instanceof Payload.ConversationMessage m ? m.msgIdx() : OptionalInt.empty();
    }
}
