package dev.tracedeck.analysis.rules.memory;

import dev.tracedeck.analysis.memory.Memory;
import dev.tracedeck.analysis.memory.MemoryOp;
import dev.tracedeck.analysis.memory.MemoryOperation;
import dev.tracedeck.analysis.memory.SharedBlocks;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.trace.TraceThread;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One whole rewrite of a shared block by an agent (B), judged against the writes of the agents it shares the block
 * with. B's read is the last prompt Letta wrote for B before the rewrite, the value the model composed the rewrite
 * from: it is judged only where the file shows each prompt Letta wrote for B (the one right after the rewrite holds
 * the rewritten value) and B wrote no block since that prompt (Letta rebuilds the prompt after each write). Another
 * agent's (A's) write came after that read and before the rewrite when A's turn began (A's last message before the
 * call) after B's prompt was in place (B's first message after it) and A's call and its result are older than the
 * rewrite's call: A's write landed while B's model was composing. What A put in is each line its write added (the
 * lines of its value that were not in the value before, else the text it appended or put in); a line is lost when
 * the rewrite's value, the value B's prompt showed, every message B had before the rewrite and the block as the file
 * leaves it all lack it, and no write of the block's since A's took it out first.
 */
final class StaleRewrite {

    /** An agent that writes a shared block, with its operations on it. */
    record Writer(SharedBlocks.Agent agent, Memory block) {
    }

    private final SharedBlocks.Agent b;
    private final String label;
    private final MemoryOperation rewrite;

    StaleRewrite(SharedBlocks.Agent b, String label, MemoryOperation rewrite) {
        this.b = b;
        this.label = label;
        this.rewrite = rewrite;
    }

    /** The lost updates the rewrite makes; empty when the trace does not show B's read or can't order the writes. */
    Optional<List<RuleOutcome.Problem>> judge(List<Writer> others) {
        int at = rewrite.event().seq();
        Optional<SharedBlocks.Shown> read = b.shown().stream()
                .filter(s -> s.prompt() && s.event().seq() < at && s.values().containsKey(label)).reduce((x, y) -> y);
        if (read.isEmpty() || ownWriteBetween(read.get().event().seq(), at) || !promptAfterShowsRewrite()) {
            return Optional.empty();
        }
        Optional<Instant> readBy = firstTimeAfter(b.thread(), read.get().event().seq());
        Optional<Instant> rewriteAt = SharedBlocks.time(rewrite.event());
        Optional<String> end = b.shown().stream().filter(s -> s.values().containsKey(label)).reduce((x, y) -> y)
                .map(s -> s.values().get(label));
        if (readBy.isEmpty() || rewriteAt.isEmpty() || end.isEmpty()) {
            return Optional.empty();
        }
        String readValue = read.get().values().get(label);
        String written = rewrite.after().orElseThrow();
        List<RuleOutcome.Problem> problems = new ArrayList<>();
        for (Writer a : others) {
            for (MemoryOperation o : a.block().operations()) {
                if (!o.op().writes() || o.failed() || !between(a.agent().thread(), o, readBy.get(), rewriteAt.get())) {
                    continue;
                }
                List<String> lost = added(o).stream().filter(l -> !written.contains(l) && !readValue.contains(l)
                        && !end.get().contains(l) && !seenBefore(l, at) && !takenOutSince(l, o, others)).toList();
                if (!lost.isEmpty()) {
                    problems.add(problem(a, o, read.get(), lost));
                }
            }
        }
        return Optional.of(problems);
    }

    /** True when B wrote a block between its read and the rewrite: Letta rebuilds B's prompt after each write. */
    private boolean ownWriteBetween(int readSeq, int rewriteSeq) {
        return b.blocks().values().stream().flatMap(m -> m.operations().stream())
                .anyMatch(o -> o.event().seq() > readSeq && o.event().seq() < rewriteSeq);
    }

    /**
     * True when the first prompt after the rewrite, with no other write of B's before it, shows the rewritten value:
     * the file holds each prompt Letta wrote for B, so none it does not show came between B's read and the rewrite.
     */
    private boolean promptAfterShowsRewrite() {
        int at = rewrite.event().seq();
        Optional<SharedBlocks.Shown> next = b.shown().stream().filter(s -> s.prompt() && s.event().seq() > at)
                .findFirst();
        return next.isPresent() && !ownWriteBetween(at, next.get().event().seq())
                && rewrite.after().equals(Optional.ofNullable(next.get().values().get(label)));
    }

    /**
     * True when A's write {@code o} surely came after B's read and before the rewrite: A's turn began (its last
     * message before the call) after {@code readBy}, and A's call and its result were made before the rewrite's call.
     */
    private static boolean between(TraceThread a, MemoryOperation o, Instant readBy, Instant rewriteAt) {
        Optional<Instant> from = lastTimeBefore(a, o.event().seq());
        Optional<Instant> call = SharedBlocks.time(o.event());
        Optional<Instant> done = o.result().isPresent() ? o.result().flatMap(SharedBlocks::time) : call;
        return from.isPresent() && call.isPresent() && done.isPresent() && readBy.isBefore(from.get())
                && call.get().isBefore(rewriteAt) && done.get().isBefore(rewriteAt);
    }

    /** The lines {@code o} put in: those of its value not in the value before, else those of the text it added. */
    private static List<String> added(MemoryOperation o) {
        Set<String> lines = new LinkedHashSet<>();
        if (o.before().isPresent() && o.after().isPresent()) {
            Set<String> had = Set.of(o.before().get().split("\n", -1));
            for (String l : o.after().get().split("\n", -1)) {
                if (!had.contains(l)) {
                    lines.add(l.strip());
                }
            }
        } else if (o.op() == MemoryOp.APPEND || o.op() == MemoryOp.REPLACE) {
            for (String l : o.change().split("\n", -1)) {
                lines.add(l.strip());
            }
        }
        // a line of no letter or digit (a rule, a bullet) says nothing on its own
        return lines.stream().filter(l -> l.codePoints().anyMatch(Character::isLetterOrDigit)).toList();
    }

    /** True when a message B had before the rewrite holds {@code line}: B may have seen the change there. */
    private boolean seenBefore(String line, int rewriteSeq) {
        for (Event e : b.thread().events()) {
            if (e.seq() >= rewriteSeq) {
                return false;
            }
            if (e.payload() instanceof Payload.ConversationMessage m && m.message().content().contains(line)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when another write of the block by the other agents may have come between {@code o} and the rewrite and
     * does not keep {@code line} (or its value is not known): then the rewrite is not what took it out.
     */
    private boolean takenOutSince(String line, MemoryOperation o, List<Writer> others) {
        Optional<Instant> from = SharedBlocks.time(o.event());
        Optional<Instant> to = SharedBlocks.time(rewrite.event());
        for (Writer w : others) {
            for (MemoryOperation x : w.block().operations()) {
                if (x == o || !x.op().writes() || x.failed()) {
                    continue;
                }
                Optional<Instant> t = SharedBlocks.time(x.event());
                boolean surelyOutside = t.isPresent() && from.isPresent() && to.isPresent()
                        && (t.get().isBefore(from.get()) || t.get().isAfter(to.get()));
                if (!surelyOutside && (x.after().isEmpty() || !x.after().get().contains(line))) {
                    return true;
                }
            }
        }
        return false;
    }

    private RuleOutcome.Problem problem(Writer a, MemoryOperation o, SharedBlocks.Shown read, List<String> lost) {
        String what = rewrite.tool() + " rewrites '" + label + "' whole from the value this agent's prompt at line "
                + read.event().source().firstLine() + " showed, but " + a.agent().thread().id() + "'s " + o.tool()
                + " at line " + o.event().source().firstLine() + " changed the shared block after that prompt and"
                + " before this write: '" + cut(lost.get(0)) + "'" + (lost.size() > 1 ? " and " + (lost.size() - 1)
                + " more line" + (lost.size() > 2 ? "s" : "") : "") + " it wrote " + (lost.size() > 1 ? "are" : "is")
                + " gone";
        List<Event> evidence = new ArrayList<>(List.of(o.event(), read.event(), rewrite.event()));
        return new RuleOutcome.Problem(msgIdx(rewrite.event()), what, evidence);
    }

    private static Optional<Instant> firstTimeAfter(TraceThread t, int seq) {
        return t.events().stream().filter(e -> e.seq() > seq).map(SharedBlocks::time).flatMap(Optional::stream)
                .findFirst();
    }

    private static Optional<Instant> lastTimeBefore(TraceThread t, int seq) {
        return t.events().stream().filter(e -> e.seq() < seq).map(SharedBlocks::time).flatMap(Optional::stream)
                .reduce((x, y) -> y);
    }

    private static String cut(String s) {
        return s.length() <= 120 ? s : s.substring(0, 119) + "…";
    }

    private static OptionalInt msgIdx(Event e) {
        return e.payload() instanceof Payload.ConversationMessage m ? m.msgIdx() : OptionalInt.empty();
    }
}
