package dev.tracedeck.analysis.rules;

import static dev.tracedeck.analysis.rules.RuleAssertions.fails;
import static dev.tracedeck.analysis.rules.RuleAssertions.notApplicable;
import static dev.tracedeck.analysis.rules.RuleAssertions.passes;
import static dev.tracedeck.analysis.rules.ThreadFixture.entryArgs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class MycelianRulesTest {

    private static ThreadFixture clean() {
        return new ThreadFixture().cleanStart()
                .persisted(1, "user", "I'm planning a solo trip to Portugal.")
                .persisted(2, "assistant", "Lisbon and Porto are both great for solo travellers.")
                .flush("SESSION_END").dump();
    }

    @Test
    void aCleanToolOnlySessionPassesEveryRuleThatApplies() {
        Validation v = new Validator(RuleConfig.DEFAULT).validate(clean().trace());
        ThreadChecklist checklist = v.threads().get(0);
        assertEquals(List.of(), checklist.findings());
        assertEquals(0, checklist.count(CheckStatus.FAIL));
        assertTrue(checklist.count(CheckStatus.PASS) >= 10, checklist.toString());
    }

    @Test
    void duplicateAddEntry() {
        passes(clean(), "duplicate-add-entry");
        ThreadFixture twice = new ThreadFixture().cleanStart().persisted(1, "user", "hi")
                .call("add_entry", "user", 1, entryArgs("hi", "user", 1));
        Finding f = fails(twice, "duplicate-add-entry", 1).get(0);
        assertEquals(OptionalInt.of(1), f.msgIdx());
        assertEquals(3, f.evidence().size(), "the message and both calls");
        assertTrue(f.message().startsWith("2 add_entry calls for msg_idx 1"), f.message());
    }

    @Test
    void missingAddEntry() {
        passes(clean(), "missing-add-entry");
        ThreadFixture lost = new ThreadFixture().cleanStart().persisted(1, "user", "hi").message(2, "assistant", "hello");
        assertEquals(OptionalInt.of(2), fails(lost, "missing-add-entry", 1).get(0).msgIdx());
        notApplicable(new ThreadFixture().control("SESSION_START"), "missing-add-entry");
    }

    @Test
    void roleMismatch() {
        passes(clean(), "role-mismatch");
        ThreadFixture swapped = new ThreadFixture().cleanStart().message(1, "assistant", "Try Lisbon.")
                .call("add_entry", "assistant", 1, entryArgs("Try Lisbon.", "user", 1));
        assertEquals("msg_idx 1 is assistant but was persisted as user", fails(swapped, "role-mismatch", 1).get(0).message());
    }

    @Test
    void contentNotVerbatimComparesOnlyWhatBothSidesShow() {
        String longText = "x".repeat(150) + " and then a long tail that the log cuts off " + "y".repeat(100);
        passes(new ThreadFixture().persisted(1, "user", longText), "content-not-verbatim");
        ThreadFixture paraphrased = new ThreadFixture().message(1, "user", "I like green tea")
                .call("add_entry", "user", 1, entryArgs("User likes tea", "user", 1));
        String message = fails(paraphrased, "content-not-verbatim", 1).get(0).message();
        assertTrue(message.contains("compared all 16 characters"), message);
        ThreadFixture cutAndChanged = new ThreadFixture().message(1, "user", longText)
                .call("add_entry", "user", 1, entryArgs("z" + longText.substring(1), "user", 1));
        String cutMessage = fails(cutAndChanged, "content-not-verbatim", 1).get(0).message();
        assertTrue(cutMessage.contains("compared the first 197 of " + longText.length()), cutMessage);
    }

    @Test
    void systemPersisted() {
        passes(clean(), "system-persisted");
        ThreadFixture persistedControl = new ThreadFixture().control("SESSION_START")
                .call("add_entry", "", null, "raw_entry", "SESSION_START", "tags", ThreadFixture.json("role", "system"));
        fails(persistedControl, "system-persisted", 1);
        ThreadFixture mycelianRole = new ThreadFixture().message(1, "user", "hi")
                .call("add_entry", "user", 1, entryArgs("hi", "mycelian", 1));
        fails(mycelianRole, "system-persisted", 1);
        passes(mycelianRole, "role-mismatch");
    }

    @Test
    void assistantTextInStateIsReportedOnceAtTheDumpThatFirstShowsIt() {
        passes(clean(), "assistant-text-in-state");
        ThreadFixture chatty = new ThreadFixture().cleanStart().persisted(1, "user", "Where should I go?")
                .stateEntry("ai", "Here are solo-friendly destinations...").dump()
                .persisted(2, "assistant", "Lisbon.").dump();
        Finding f = fails(chatty, "assistant-text-in-state", 1).get(0);
        assertEquals(OptionalInt.of(1), f.msgIdx());
        assertTrue(f.message().contains("Here are solo-friendly destinations"), f.message());
        notApplicable(new ThreadFixture().cleanStart(), "assistant-text-in-state");
    }

    @Test
    void assistantTextInStateBlamesTheEntryItFoundInTheDumpThatFirstShowsIt() {
        ThreadFixture chatty = new ThreadFixture().cleanStart().persisted(1, "user", "Where should I go?")
                .stateEntry("ai", "Here are solo-friendly destinations...").dump()
                .persisted(2, "assistant", "Lisbon.").dump();
        Finding f = fails(chatty, "assistant-text-in-state", 1).get(0);
        assertEquals(1, f.blamed().size());
        BlamedEntry blamed = f.blamed().get(0);
        assertEquals(f.evidence().get(0), blamed.dump());
        var entries = ((dev.tracedeck.model.event.Payload.StateDump) blamed.dump().payload()).snapshot().entries();
        assertEquals("Here are solo-friendly destinations...", entries.get(blamed.position()).content());
        assertTrue(f.message().startsWith("state entry " + blamed.idx() + " "), f.message());
        assertEquals(OptionalInt.of(blamed.position()), f.blamedPosition(blamed.dump()));
    }

    @Test
    void bootstrapRepeated() {
        passes(clean(), "bootstrap-repeated");
        ThreadFixture twice = new ThreadFixture().cleanStart().call("get_context", "", null).call("list_entries", "", null, "limit", 10);
        List<Finding> findings = fails(twice, "bootstrap-repeated", 2);
        assertTrue(findings.get(0).message().startsWith("get_context called 2 times"), findings.get(0).message());
        passes(twice, "bootstrap-missing");
    }

    @Test
    void bootstrapMissing() {
        passes(clean(), "bootstrap-missing");
        fails(new ThreadFixture().control("SESSION_START").call("get_context", "", null), "bootstrap-missing", 1);
        ThreadFixture wrongLimit = new ThreadFixture().control("SESSION_START").call("get_context", "", null)
                .call("list_entries", "", null, "limit", 50);
        assertTrue(fails(wrongLimit, "bootstrap-missing", 1).get(0).message().contains("limit=50"));
        ThreadFixture reversed = new ThreadFixture().control("SESSION_START").call("list_entries", "", null, "limit", 10)
                .call("get_context", "", null);
        assertTrue(fails(reversed, "bootstrap-missing", 1).get(0).message().contains("before get_context"));
        notApplicable(new ThreadFixture().persisted(1, "user", "hi"), "bootstrap-missing");
    }

    @Test
    void missingFlush() {
        passes(clean(), "missing-flush");
        ThreadFixture unflushed = new ThreadFixture().cleanStart().persisted(1, "user", "hi").control("FLUSH_CONTEXT")
                .persisted(2, "user", "still there?");
        assertEquals("FLUSH_CONTEXT not flushed: no await_consistency or put_context",
                fails(unflushed, "missing-flush", 1).get(0).message());
        ThreadFixture wrongOrder = new ThreadFixture().control("SESSION_END").call("put_context", "", null)
                .call("await_consistency", "", null);
        assertTrue(fails(wrongOrder, "missing-flush", 1).get(0).message().contains("put_context before await_consistency"));
    }

    @Test
    void contextCallDuringConversation() {
        passes(clean(), "context-call-during-conversation");
        ThreadFixture reload = new ThreadFixture().cleanStart().persisted(1, "user", "hi").call("get_context", "", null);
        assertEquals(OptionalInt.of(1), fails(reload, "context-call-during-conversation", 1).get(0).msgIdx());
    }

    @Test
    void periodicFlushWarnsAtMultiplesOfThePeriod() {
        ThreadFixture six = new ThreadFixture().cleanStart();
        for (int i = 1; i <= 6; i++) {
            six.persisted(i, i % 2 == 1 ? "user" : "assistant", "message " + i);
        }
        Finding f = fails(six, "periodic-flush", 1).get(0);
        assertEquals(Severity.WARNING, f.severity());
        assertEquals(OptionalInt.of(6), f.msgIdx());
        six.call("await_consistency", "", null).call("put_context", "", null);
        passes(six, "periodic-flush");
        ThreadFixture flushRequested = new ThreadFixture();
        for (int i = 1; i <= 6; i++) {
            flushRequested.persisted(i, "user", "message " + i);
        }
        flushRequested.control("FLUSH_CONTEXT").persisted(7, "user", "seven");
        passes(flushRequested, "periodic-flush");
        fails(flushRequested, "missing-flush", 1);
        notApplicable(clean(), "periodic-flush");
    }

    @Test
    void agentError() {
        passes(clean(), "agent-error");
        ThreadFixture failed = new ThreadFixture().persisted(1, "user", "hi").error("RateLimitError: 429\nTraceback ...");
        Finding f = fails(failed, "agent-error", 1).get(0);
        assertEquals("agent invocation failed: RateLimitError: 429", f.message());
        ThreadFixture lost = new ThreadFixture().persisted(1, "user", "hi").message(2, "user", "hello").error("Timeout");
        assertEquals("agent invocation failed: Timeout (msg_idx 2 was not persisted)", fails(lost, "agent-error", 1).get(0).message());
        passes(lost, "missing-add-entry");
        assertEquals(OptionalInt.of(1), f.msgIdx());
    }

    @Test
    void configurationTurnsRulesOffChangesSeverityAndParameters() {
        ThreadFixture twice = new ThreadFixture().persisted(1, "user", "hi").call("add_entry", "user", 1, entryArgs("hi", "user", 1));
        RuleConfig off = new RuleConfig(RuleParameters.DEFAULTS, Map.of("duplicate-add-entry", new RuleSetting(Optional.of(false), Optional.empty())));
        Validation v = new Validator(off).validate(twice.trace());
        assertTrue(v.threads().get(0).checks().stream().noneMatch(c -> c.ruleId().equals("duplicate-add-entry")));
        RuleConfig warn = new RuleConfig(RuleParameters.DEFAULTS, Map.of("duplicate-add-entry", new RuleSetting(Optional.empty(), Optional.of(Severity.WARNING))));
        assertEquals(Severity.WARNING, RuleAssertions.check(twice, "duplicate-add-entry", warn).findings().get(0).severity());
        RuleParameters renamed = new RuleParameters("remember", "get_context", "list_entries", "await_consistency", "put_context",
                List.of("FLUSH_CONTEXT", "SESSION_END"), 6, 10, 10_000, 3);
        assertEquals(CheckStatus.PASS, RuleAssertions.check(twice, "duplicate-add-entry", new RuleConfig(renamed, Map.of())).status());
    }

    @Test
    void severalFaultsAtOnceAreEachReportedOnce() {
        ThreadFixture messy = new ThreadFixture().cleanStart().call("get_context", "", null)
                .message(1, "user", "Where to?").call("add_entry", "user", 1, entryArgs("Where to?", "user", 1))
                .call("add_entry", "user", 1, entryArgs("Where to?", "user", 1))
                .stateEntry("ai", "Here are solo-friendly destinations...")
                .message(2, "assistant", "Lisbon.").call("add_entry", "assistant", 2, entryArgs("Lisbon.", "user", 2))
                .control("FLUSH_CONTEXT").dump();
        Validation v = new Validator(RuleConfig.DEFAULT).validate(messy.trace());
        List<String> failed = v.threads().get(0).checks().stream().filter(c -> c.status() == CheckStatus.FAIL)
                .map(c -> c.ruleId() + "×" + c.findings().size()).toList();
        assertEquals(List.of("duplicate-add-entry×1", "role-mismatch×1", "assistant-text-in-state×1", "bootstrap-repeated×1",
                "missing-flush×1"), failed);
    }
}
