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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A memory write undone by a later one of the same agent with nothing from the user in between: the later write puts
 * back, character for character, the value the memory held before the earlier one (Letta's {@code rethink_memory} or a
 * {@code core_memory_replace} that swaps the new text for the old), so what the agent had learned is gone and the user
 * gave no reason to drop it. Only where the trace lets every value from the earlier write to the later one be known
 * (a Letta block followed from the system prompts' dumps); a change the user may have asked to take back (a message
 * of theirs between the two writes) is no finding, nor one of fewer than {@code memoryUndoMinChars} characters.
 */
public final class MemoryWriteUndone extends DescribedRule {

    public static final String ID = "memory-write-undone";
    /** Letta's automated turn after a call that asked for one: the agent's own, not the user's. */
    private static final Pattern HEARTBEAT = Pattern.compile("^\\s*\\{\\s*\"type\"\\s*:\\s*\"heartbeat\"");

    public MemoryWriteUndone() {
        super(ID, "a memory write is not undone by the agent with nothing from the user in between", Severity.WARNING);
    }

    @Override
    public RuleOutcome check(TraceThread thread, RuleParameters parameters) {
        List<Memory> memories = MemoryTimeline.of(thread).stream().filter(m -> m.operations().stream()
                .anyMatch(o -> o.op().writes() && !o.failed() && o.before().isPresent() && o.after().isPresent())).toList();
        if (memories.isEmpty()) {
            return RuleOutcome.notApplicable("no memory write whose value before and after the trace lets be known");
        }
        if (thread.events().stream().noneMatch(e -> e.payload() instanceof Payload.ConversationMessage)) {
            // A memory's history alone (mem0's) holds no conversation: whether the user asked for the change back
            // can't be told, and a verdict that says the agent did it unasked would rest on nothing read.
            return RuleOutcome.notApplicable("the trace records no conversation, so whether the user asked can't be told");
        }
        int[] userTurns = userTurns(thread);
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Memory m : memories) {
            check(m, userTurns, parameters.undoMinChars(), problems);
        }
        return RuleOutcome.of(problems);
    }

    /**
     * One pass over the memory's operations: each known value a write left behind, by the write that replaced it, for
     * as long as every value since is known and the user said nothing; a later write that puts one back undid them.
     */
    private static void check(Memory m, int[] userTurns, int minChars, List<RuleOutcome.Problem> problems) {
        Map<String, MemoryOperation> replacedBy = new HashMap<>();
        int turn = 0;
        int lastSeq = -1;
        for (MemoryOperation o : m.operations()) {
            int seq = o.event().seq();
            int turnsBefore = turn;
            while (turn < userTurns.length && userTurns[turn] < seq) {
                turn++;
            }
            if (turn != turnsBefore && userTurns[turn - 1] > lastSeq) {
                replacedBy.clear();  // the user spoke since the last write: a change taken back may be theirs to ask
            }
            lastSeq = seq;
            if (!o.op().writes() || o.failed()) {
                continue;
            }
            if (o.before().isEmpty() || o.after().isEmpty()) {
                replacedBy.clear();  // a value not known: what came before can't be compared with what comes after
                continue;
            }
            String before = o.before().get();
            String after = o.after().get();
            if (before.equals(after)) {
                continue;
            }
            MemoryOperation undone = replacedBy.get(after);
            if (undone != null && changed(before, after) >= minChars) {
                problems.add(problem(m, undone, o));
            }
            replacedBy.put(before, o);
        }
    }

    private static RuleOutcome.Problem problem(Memory m, MemoryOperation undone, MemoryOperation undoing) {
        String what = undoing.tool() + " puts '" + m.name() + "' back as it was before " + undone.tool()
                + " at line " + undone.event().source().firstLine() + " changed it, with nothing from the user in"
                + " between: what that write saved (" + describe(undoing.before().get(), undoing.after().get())
                + ") is gone";
        List<Event> evidence = new ArrayList<>();
        evidence.add(undone.event());
        evidence.add(undoing.event());
        undoing.result().ifPresent(evidence::add);
        return new RuleOutcome.Problem(msgIdx(undoing.event()), what, evidence);
    }

    /** How many characters differ between two values: what lies between their common start and common end. */
    static int changed(String a, String b) {
        int prefix = 0;
        int shorter = Math.min(a.length(), b.length());
        while (prefix < shorter && a.charAt(prefix) == b.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < shorter - prefix && a.charAt(a.length() - 1 - suffix) == b.charAt(b.length() - 1 - suffix)) {
            suffix++;
        }
        return Math.max(a.length(), b.length()) - prefix - suffix;
    }

    /** The first line the undoing write took out ("'First name: Tomás (goes by Tom)'"), and whether there are more. */
    private static String describe(String had, String restored) {
        java.util.Set<String> kept = new java.util.HashSet<>(List.of(restored.split("\n", -1)));
        List<String> gone = new ArrayList<>();
        for (String line : had.split("\n", -1)) {
            if (!kept.contains(line) && !line.isBlank()) {
                gone.add(line);
            }
        }
        if (gone.isEmpty()) {
            return "a change within its lines";
        }
        return "'" + cut(gone.get(0)) + "'" + (gone.size() > 1 ? " and " + (gone.size() - 1) + " more line"
                + (gone.size() > 2 ? "s" : "") : "");
    }

    private static String cut(String s) {
        return s.length() <= 120 ? s : s.substring(0, 119) + "…";
    }

    /** The seqs of the user's own messages, in order (Letta's heartbeats are the agent's). */
    private static int[] userTurns(TraceThread thread) {
        return thread.events().stream().filter(e -> e.payload() instanceof Payload.ConversationMessage m
                        && m.message().role().equals("user") && !HEARTBEAT.matcher(m.message().content()).find())
                .mapToInt(Event::seq).toArray();
    }

    private static OptionalInt msgIdx(Event e) {
        return e.payload() instanceof Payload.ConversationMessage m ? m.msgIdx() : OptionalInt.empty();
    }
}
