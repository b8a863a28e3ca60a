package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.chat.HistoryCounts;
import dev.tracedeck.analysis.rules.chat.OrphanedToolCall;
import dev.tracedeck.analysis.rules.chat.RoleOrder;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The tool-call rules read what the trace records beside the messages: a call the framework ended a completed run
 * with ({@code ThreadRecords.terminalCalls}), and what a request sends apart from its history
 * ({@code ThreadRecords.instructions}).
 */
class WhatTheTraceSaysOfTheRunTest {

    private static final OrphanedToolCall ORPHANS = new OrphanedToolCall();
    private static final RoleOrder ROLE_ORDER = new RoleOrder();

    /** One thread, a message a line; {@link #terminal} and {@link #instructions} record what the importer would. */
    private static final class Run {
        private final TraceBuilder builder = new TraceBuilder();
        private int line = 1;
        private Event last;

        Run msg(String role, String text) {
            return add(new Message(role, text, List.of(), ""), OptionalInt.of(line));
        }

        Run call(String id, String name) {
            return add(new Message("assistant", "", List.of(new ToolCall(id, name, "{}", Optional.empty(), false)), ""),
                    OptionalInt.of(line));
        }

        Run result(String id) {
            return add(new Message("tool", "done", List.of(), id), OptionalInt.of(line));
        }

        /** The last message's call {@code id} ends the run, as an importer that knows the framework records it. */
        Run terminal(String id, String name) {
            builder.recordTerminalCall(last, id, name, "the framework ends a run with " + name);
            return this;
        }

        /** Instructions sent apart from the history, shown here because they changed. */
        Run instructions(String text) {
            add(Message.text("system", text), OptionalInt.empty());
            builder.recordInstructions(last);
            return this;
        }

        private Run add(Message m, OptionalInt idx) {
            int at = line++;
            last = builder.add("message", "", "t", new SourceRef("f.json", at, at, ""), "",
                    new Payload.ConversationMessage(m, idx, m.content().length(), false));
            return this;
        }

        TraceThread thread() {
            return builder.build(new ImportReport("f.json", "x", 0, 0, 0, 0, 0, Map.of(), List.of(), 0, true))
                    .threads().get(0);
        }
    }

    @Test
    void aCompletedRunEndingAtItsFrameworksTerminalCallHasNoOrphan() {
        Run finished = new Run().msg("user", "add a README").call("c1", "str_replace_editor").result("c1")
                .call("c2", "finish").terminal("c2", "finish");
        assertTrue(ORPHANS.check(finished.thread(), RuleParameters.DEFAULTS).problems().isEmpty());
        assertEquals(0, HistoryCounts.of(finished.thread()).orphanedToolCalls());
    }

    @Test
    void aRunThatDiedMidCallKeepsItsOrphanWhateverItsFramework() {
        Run died = new Run().msg("user", "migrate").call("c1", "execute_bash");
        List<RuleOutcome.Problem> problems = ORPHANS.check(died.thread(), RuleParameters.DEFAULTS).problems();
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).message().contains("(execute_bash)"), problems.get(0).message());
        assertEquals(1, HistoryCounts.of(died.thread()).orphanedToolCalls());
    }

    @Test
    void aTerminalCallTheModelSpokeAfterWasNotWhereTheRunEnded() {
        Run wentOn = new Run().msg("user", "add a README").call("c2", "finish").terminal("c2", "finish")
                .msg("assistant", "Actually, one more thing.");
        assertEquals(1, ORPHANS.check(wentOn.thread(), RuleParameters.DEFAULTS).problems().size());
        Run nextRun = new Run().msg("user", "add a README").call("c2", "finish").terminal("c2", "finish")
                .msg("user", "now a LICENSE").msg("assistant", "Done.");
        assertTrue(ORPHANS.check(nextRun.thread(), RuleParameters.DEFAULTS).problems().isEmpty(),
                "a new user message starts the next run");
    }

    @Test
    void onlyTheRecordedCallOfAMessageIsExcused() {
        Run parallel = new Run().msg("user", "wrap up").call("c1", "execute_bash").terminal("c9", "finish");
        assertEquals(1, ORPHANS.check(parallel.thread(), RuleParameters.DEFAULTS).problems().size(),
                "the terminal call recorded is another one: this call keeps its orphan");
    }

    @Test
    void instructionsSentApartFromTheHistoryComeBetweenNoCallAndItsResult() {
        Run changed = new Run().msg("user", "overdue invoices?").call("c1", "list_invoices")
                .instructions("Today is Thursday. The user has 2 unpaid invoices.").result("c1").msg("assistant", "One.");
        assertTrue(ROLE_ORDER.check(changed.thread(), RuleParameters.DEFAULTS).problems().isEmpty());
        assertTrue(new RoleOrder(RoleOrder.Convention.ANTHROPIC).check(changed.thread(), RuleParameters.DEFAULTS)
                .problems().isEmpty());
        assertTrue(ORPHANS.check(changed.thread(), RuleParameters.DEFAULTS).problems().isEmpty());
        assertEquals(5, HistoryCounts.of(changed.thread()).messages(), "still counted among the messages");
    }

    @Test
    void aSystemMessageInTheHistoryStillTakesATurn() {
        Run inHistory = new Run().msg("user", "overdue invoices?").call("c1", "list_invoices").msg("system", "be brief")
                .result("c1");
        assertEquals(1, ROLE_ORDER.check(inHistory.thread(), RuleParameters.DEFAULTS).problems().size(),
                "a system message the history holds between a call and its result is out of place in Chat Completions");
    }
}
