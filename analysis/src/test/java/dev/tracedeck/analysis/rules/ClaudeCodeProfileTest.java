package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.message.Message;
import dev.tracedeck.model.message.ToolCall;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The {@code claude-code} profile: the generic rules, with tool output left to the harness that caps it. */
class ClaudeCodeProfileTest {

    /** A call and its result of {@code length} characters, read as {@code format}. */
    private static Trace longResult(String format, int length) {
        TraceBuilder builder = new TraceBuilder();
        Message call = new Message("assistant", "", List.of(new ToolCall("toolu_1", "Bash", "{}", Optional.empty(), false)), "");
        Message result = new Message("user", "x".repeat(length), List.of(), "toolu_1");
        builder.add("tool_call", "", "s1", new SourceRef("s.jsonl", 1, 1), "",
                new Payload.ConversationMessage(call, OptionalInt.of(0), 0, false));
        builder.add("tool_result", "", "s1", new SourceRef("s.jsonl", 2, 2, "/message/content/0"), "",
                new Payload.ConversationMessage(result, OptionalInt.of(1), length, false));
        return builder.build(new ImportReport("s.jsonl", format, 0, 2, 2, 0, 0, Map.of(), List.of(), 0, true));
    }

    private static Check check(Trace trace, String ruleId) {
        return new Validator(RuleConfig.DEFAULT).validate(trace).threads().get(0).checks().stream()
                .filter(c -> c.ruleId().equals(ruleId)).findFirst().orElseThrow();
    }

    @Test
    void aLongToolResultIsNotJudgedInAClaudeCodeTranscriptButIsElsewhere() {
        Check claudeCode = check(longResult("claude-code", 36_000), "oversized-tool-output");
        assertEquals(CheckStatus.NOT_APPLICABLE, claudeCode.status());
        assertTrue(claudeCode.reason().startsWith("Claude Code caps its tools' output itself"), claudeCode.reason());
        assertEquals(CheckStatus.FAIL, check(longResult("openai-chat", 36_000), "oversized-tool-output").status());
        assertEquals(CheckStatus.FAIL, check(longResult("anthropic", 36_000), "oversized-tool-output").status());
    }

    @Test
    void theProfileIsTheGenericRulesUnderItsOwnName() {
        RuleProfile profile = RuleProfile.forFormat("claude-code");
        assertEquals("claude-code", profile.id());
        assertEquals(ids(RuleProfile.genericChat()), ids(profile));
        assertEquals("generic-chat", RuleProfile.forFormat("openai-chat").id());
        assertEquals("claude-code", new Validator(RuleConfig.DEFAULT).validate(longResult("claude-code", 1)).profile());
    }

    @Test
    void everyProfilesRulesAreAmongAllRulesOnceEach() {
        List<String> all = RuleProfile.allRules().stream().map(Rule::id).toList();
        assertEquals(all.size(), Set.copyOf(all).size(), all.toString());
        for (String format : List.of("mycelian-log", "anthropic", "claude-code", "langgraph", "openai-chat")) {
            assertTrue(all.containsAll(ids(RuleProfile.forFormat(format))), format);
        }
    }

    private static Set<String> ids(RuleProfile profile) {
        return profile.rules().stream().map(Rule::id).collect(Collectors.toCollection(TreeSet::new));
    }
}
