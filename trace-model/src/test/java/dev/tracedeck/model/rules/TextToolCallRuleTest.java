package dev.tracedeck.model.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.rules.chat.TextToolCallNotRun;
import dev.tracedeck.model.textcalls.TextCallParser;
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
    void runsForChatFormatsButNotOnTheConversationAMycelianAgentIngests() {
        assertTrue(RuleProfile.genericChat().rule("text-tool-call").isPresent());
        assertTrue(RuleProfile.mycelianToolOnly().rule("text-tool-call").isEmpty());
        assertTrue(RuleProfile.allRules().stream().anyMatch(r -> r.id().equals("text-tool-call")),
                "configuration files may name it");
    }
}
