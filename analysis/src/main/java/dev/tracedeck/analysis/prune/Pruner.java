package dev.tracedeck.analysis.prune;

import dev.tracedeck.analysis.rules.Finding;
import dev.tracedeck.analysis.rules.Rule;
import dev.tracedeck.analysis.rules.RuleOutcome;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.chat.DuplicateToolCallId;
import dev.tracedeck.analysis.rules.chat.OrphanedToolCall;
import dev.tracedeck.analysis.rules.chat.RoleOrder;
import dev.tracedeck.analysis.rules.chat.ToolResultWithoutCall;
import dev.tracedeck.analysis.tokens.PromptCount;
import dev.tracedeck.analysis.tokens.PromptMessage;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** Runs a strategy on a history and says what it did, in tokens and in broken invariants. */
public final class Pruner {

    /** The rules a pruned history must still satisfy: tool calls and their results stay paired. */
    private static final List<Rule> PAIRING_RULES = List.of(new OrphanedToolCall(), new ToolResultWithoutCall(),
            new DuplicateToolCallId(), new RoleOrder());

    private final PruneContext context;

    public Pruner(PruneContext context) {
        this.context = context;
    }

    public PruneResult run(History before, PruneStrategy strategy) {
        return run(before, strategy, Map.of());
    }

    /**
     * @param lines the source line of each message by id, so that findings on the result name the lines of the
     *              log; a message a strategy added takes the line of the message before it
     */
    public PruneResult run(History before, PruneStrategy strategy, Map<String, Integer> lines) {
        History after = strategy.apply(before, context);
        PromptCount beforeTokens = context.tokens().count(before.prompt(), context.tools());
        PromptCount afterTokens = context.tokens().count(after.prompt(), context.tools());
        Map<String, PromptMessage> old = new HashMap<>();
        before.messages().forEach(m -> old.put(m.id(), m.message()));
        Set<String> kept = new LinkedHashSet<>();
        Set<String> changed = new LinkedHashSet<>();
        Set<String> added = new LinkedHashSet<>();
        for (HistoryMessage m : after.messages()) {
            PromptMessage was = old.get(m.id());
            if (was == null) {
                added.add(m.id());
            } else {
                kept.add(m.id());
                if (!was.equals(m.message())) {
                    changed.add(m.id());
                }
            }
        }
        Set<String> removed = new LinkedHashSet<>(old.keySet());
        removed.removeAll(kept);
        List<Finding> findingsBefore = pairing(before, lines);
        List<Finding> findingsAfter = pairing(after, lines);
        Set<String> known = new LinkedHashSet<>();
        findingsBefore.forEach(f -> known.add(key(f, before)));
        List<Finding> introduced = findingsAfter.stream().filter(f -> !known.contains(key(f, after))).toList();
        return new PruneResult(strategy.spec(), before, after, beforeTokens, afterTokens, removed, changed, added,
                findingsAfter, introduced);
    }

    /** The pairing rules run over the history as a thread of its own, one event per message. */
    static List<Finding> pairing(History history, Map<String, Integer> lines) {
        TraceBuilder builder = new TraceBuilder();
        int line = 1;
        for (int i = 0; i < history.size(); i++) {
            HistoryMessage h = history.messages().get(i);
            PromptMessage m = h.message();
            line = lines.getOrDefault(h.id(), lines.isEmpty() ? i + 1 : line);
            Message message = new Message(m.role(), m.content(), m.toolCalls(), m.toolCallId(), m.name());
            SourceRef where = new SourceRef("(history)", line, line, "/" + SourceRef.pointerToken(h.id()));
            builder.add("message", "", "history", where, m.content(),
                    new Payload.ConversationMessage(message, OptionalInt.empty(), m.content().length(), false));
        }
        Trace trace = builder.build(new ImportReport("(history)", "chat-history", 0, history.size(), history.size(), 0, 0,
                Map.of(), List.of(), 0, true));
        if (trace.threads().isEmpty()) {
            // An empty history (a LangGraph thread's input checkpoint, before any message) pairs nothing.
            return List.of();
        }
        TraceThread thread = trace.threads().get(0);
        List<Finding> findings = new ArrayList<>();
        for (Rule rule : PAIRING_RULES) {
            RuleOutcome outcome = rule.check(thread, RuleParameters.DEFAULTS);
            for (RuleOutcome.Problem p : outcome.problems()) {
                findings.add(new Finding(rule.id(), rule.defaultSeverity(), thread.id(), p.msgIdx(), p.message(),
                        p.evidence(), p.blamed()));
            }
        }
        return findings;
    }

    /**
     * A finding by its rule and the messages it points at, which survive pruning under their ids. A result out of
     * place ({@code role-order}) that loses its call becomes a result without one: the same broken pairing, so both
     * are keyed by the result alone and a strategy is not blamed for a history that was broken before it.
     */
    private static String key(Finding f, History history) {
        if (f.ruleId().equals("role-order") || f.ruleId().equals("tool-result-without-call")) {
            StringBuilder key = new StringBuilder("unpaired-result");
            for (Event e : f.evidence()) {
                HistoryMessage m = history.messages().get(e.seq());
                if (m.isToolResult()) {
                    key.append('|').append(m.id());
                }
            }
            return key.toString();
        }
        StringBuilder key = new StringBuilder(f.ruleId());
        for (Event e : f.evidence()) {
            key.append('|').append(history.messages().get(e.seq()).id());
        }
        return key.toString();
    }
}
