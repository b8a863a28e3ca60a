package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.chat.TextToolCallNotRun;
import dev.tracedeck.analysis.textcalls.TextCallParser;
import dev.tracedeck.analysis.textcalls.found.TextCallScope;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TextToolCallRuleTest {

    private static final String HERMES = "Checking.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";

    private static RuleOutcome check(ThreadFixture fixture) {
        return new TextToolCallNotRun().check(fixture.thread(), RuleParameters.DEFAULTS);
    }

    @Test
    void flagsATextCallNothingRuns() {
        RuleOutcome outcome = check(new ThreadFixture().message(1, "user", "Weather in Paris?").message(2, "assistant", HERMES));
        assertEquals(1, outcome.problems().size());
        RuleOutcome.Problem problem = outcome.problems().get(0);
        assertEquals(OptionalInt.of(2), problem.msgIdx());
        assertTrue(problem.message().contains("hermes call get_weather({\"city\":\"Paris\"})"), problem.message());
        assertTrue(problem.message().contains("line 2"), problem.message());
    }

    @Test
    void passesWhenTheAgentRanTheCallAfterTheMessage() {
        RuleOutcome outcome = check(new ThreadFixture().message(1, "user", "Weather in Paris?")
                .message(2, "assistant", HERMES).call("get_weather", "assistant", 2, "city", "Paris"));
        assertTrue(outcome.applicable());
        assertTrue(outcome.problems().isEmpty(), outcome.problems().toString());
    }

    @Test
    void aCallRunForALaterMessageDoesNotExcuseAnEarlierOne() {
        RuleOutcome outcome = check(new ThreadFixture().message(1, "assistant", HERMES)
                .message(2, "assistant", "Let me try again.").call("get_weather", "assistant", 2, "city", "Paris"));
        assertEquals(1, outcome.problems().size());
        assertEquals(OptionalInt.of(1), outcome.problems().get(0).msgIdx());
    }

    @Test
    void talkingAboutACallIsNotACall() {
        RuleOutcome outcome = check(new ThreadFixture()
                .message(1, "assistant", "I could use get_weather to check Paris for you.")
                .message(2, "assistant", "For example: <tool_call>{\"name\": \"get_weather\", \"arguments\": {}}</tool_call>"));
        assertTrue(outcome.problems().isEmpty(), outcome.problems().toString());
    }

    @Test
    void userMessagesAreNotTheModelsCalls() {
        RuleOutcome outcome = check(new ThreadFixture().message(1, "user", HERMES).message(2, "assistant", "Done."));
        assertTrue(outcome.problems().isEmpty());
    }

    @Test
    void theThresholdDecidesWhatCounts() {
        ThreadFixture prose = new ThreadFixture()
                .message(1, "assistant", "Sure: {\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}} one moment.");
        assertTrue(check(prose).problems().isEmpty(), "bare JSON in prose stays under 0.7");
        RuleOutcome lenient = new TextToolCallNotRun(TextCallParser.standard(), 0.5).check(prose.thread(),
                RuleParameters.DEFAULTS);
        assertEquals(1, lenient.problems().size());
    }

    @Test
    void notApplicableWithoutAssistantText() {
        RuleOutcome outcome = check(new ThreadFixture().message(1, "user", "hi"));
        assertFalse(outcome.applicable());
    }

    @Test
    void readsOnlyTheStateEntriesOfAMycelianLogNotTheConversationItIngests() {
        assertEquals(TextCallScope.MESSAGES_AND_STATE_ENTRIES,
                ((TextToolCallNotRun) RuleProfile.genericChat().rule("text-tool-call").orElseThrow()).scope());
        assertEquals(TextCallScope.STATE_ENTRIES,
                ((TextToolCallNotRun) RuleProfile.mycelianToolOnly().rule("text-tool-call").orElseThrow()).scope());
        assertEquals(1, RuleProfile.allRules().stream().filter(r -> r.id().equals("text-tool-call")).count(),
                "configuration files may name it");
        // the user pasted a call into the conversation: the agent's MSG line is someone else's text
        ThreadFixture pasted = new ThreadFixture().cleanStart().message(1, "assistant", HERMES)
                .call("add_entry", "assistant", 1, ThreadFixture.entryArgs(HERMES, "assistant", 1)).dump();
        assertTrue(checkState(pasted).problems().isEmpty(), checkState(pasted).problems().toString());
        assertTrue(checkState(pasted).applicable());
    }

    private static final String ADD_ENTRY = "<tool_call>\n{\"name\": \"add_entry\", \"arguments\": {\"memory_id\": \"m-1\", "
            + "\"raw_entry\": \"Where should I go?\", \"tags\": {\"role\": \"user\", \"msg_idx\": 1}}}\n</tool_call>";

    private static RuleOutcome checkState(ThreadFixture fixture) {
        return new TextToolCallNotRun(TextCallScope.STATE_ENTRIES).check(fixture.thread(), RuleParameters.DEFAULTS);
    }

    @Test
    void flagsAnAiStateEntryThatWritesTheCallOnceWhereItFirstAppears() {
        ThreadFixture run = new ThreadFixture().cleanStart().message(1, "user", "Where should I go?")
                .aiText(ADD_ENTRY).dump().message(2, "assistant", "Lisbon.").aiText("Noted.").dump();
        RuleOutcome outcome = checkState(run);
        assertEquals(1, outcome.problems().size(), outcome.problems().toString());
        RuleOutcome.Problem problem = outcome.problems().get(0);
        assertEquals(OptionalInt.of(1), problem.msgIdx(), "the message being handled when the model wrote it");
        assertEquals(1, problem.blamed().size());
        assertEquals(problem.evidence().get(0), problem.blamed().get(0).dump());
        assertTrue(problem.message().startsWith("state entry " + problem.blamed().get(0).idx() + ", the model's message, "
                + "writes a hermes call add_entry("), problem.message());
    }

    @Test
    void aCallTheStatesPreviewCutsOffIsStillFlagged() {
        String longCall = "<tool_call>\n{\"name\": \"add_entry\", \"arguments\": {\"memory_id\": \"m-1\", \"raw_entry\": \""
                + "I signed up for the pottery course at the community centre, Thursdays at seven starting March 6th; "
                + "bring an apron and old clothes, the clay gets everywhere.\", \"tags\": {\"role\": \"user\", \"msg_idx\": 1}}}\n</tool_call>";
        ThreadFixture run = new ThreadFixture().cleanStart().message(1, "user", "I signed up for pottery")
                .aiText(longCall).dump();
        RuleOutcome outcome = checkState(run);
        assertEquals(1, outcome.problems().size(), outcome.problems().toString());
        assertTrue(outcome.problems().get(0).message().endsWith("the log shows only a preview of the message"));
    }

    @Test
    void aNativeCallAfterTheTextEntryRunsIt() {
        ThreadFixture retried = new ThreadFixture().cleanStart().message(1, "user", "Where should I go?")
                .aiText(ADD_ENTRY).call("add_entry", "user", 1, ThreadFixture.entryArgs("Where should I go?", "user", 1)).dump();
        assertTrue(checkState(retried).problems().isEmpty(), checkState(retried).problems().toString());
        ThreadFixture later = new ThreadFixture().cleanStart().message(1, "user", "Where should I go?")
                .aiText(ADD_ENTRY).aiText("Sorry, let me try that properly.")
                .call("add_entry", "user", 1, ThreadFixture.entryArgs("Where should I go?", "user", 1)).dump();
        assertEquals(1, checkState(later).problems().size(), "a call after the model's next text answers that text");
    }

    @Test
    void aTextCallEntryIsTextToolCallsAndPlainChatStaysAssistantTextInStates() {
        ThreadFixture run = new ThreadFixture().cleanStart().message(1, "user", "Where should I go?").aiText(ADD_ENTRY)
                .dump().message(2, "assistant", "Lisbon.").aiText("Here are solo-friendly destinations...").dump();
        Validation v = new Validator(RuleConfig.DEFAULT).validate(run.trace());
        List<String> findings = v.findings().stream().filter(f -> !f.ruleId().equals("missing-add-entry"))
                .map(f -> f.ruleId() + " " + f.message().split("[ ,]")[2]).toList();
        assertEquals(List.of("text-tool-call 7", "assistant-text-in-state 9"),
                findings.stream().sorted(java.util.Comparator.reverseOrder()).toList());
    }

    @Test
    void notApplicableWhenTheStateShowsNoMessages() {
        assertFalse(checkState(new ThreadFixture().cleanStart()).applicable());
        assertTrue(checkState(new ThreadFixture().cleanStart().dump()).applicable(), "a dump with tool calls only passes");
    }
}
