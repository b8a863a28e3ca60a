package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.analysis.rules.memory.MemoryWriteUndone;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * memory-write-undone on our Letta samples: the agent putting the human block back with only its own heartbeat since
 * the edit it undoes, the same put-back asked for by the user, and variants of the first that take away what the
 * finding rests on.
 */
class MemoryWriteUndoneTest {

    private static final Path UNDONE = SampleReadme.MODULE.resolve("letta/write-undone.af");
    private static final Path ASKED = SampleReadme.MODULE.resolve("letta/reverted-on-request.af");

    private static Check check(String name, String text, RuleParameters parameters) throws Exception {
        Trace trace = Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
        return new Validator(new RuleConfig(parameters, Map.of())).validate(trace).threads().stream()
                .flatMap(t -> t.checks().stream()).filter(c -> c.ruleId().equals(MemoryWriteUndone.ID))
                .findFirst().orElseThrow();
    }

    private static Check check(Path file, RuleParameters parameters) throws Exception {
        return check(file.getFileName().toString(), Files.readString(file), parameters);
    }

    @Test
    void theAgentPuttingBackItsOwnEditWithOnlyAHeartbeatSinceIsReportedWithBothWritesAsEvidence() throws Exception {
        Check c = check(UNDONE, RuleParameters.DEFAULTS);
        assertEquals(CheckStatus.FAIL, c.status());
        assertEquals(1, c.findings().size());
        assertEquals(List.of(309, 429, 472), c.findings().get(0).evidence().stream().map(Event::source)
                .map(s -> s.firstLine()).toList(), "the edit, the call that undid it, its result");
        assertTrue(c.findings().get(0).message().contains("('First name: Tomás (goes by Tom)') is gone"),
                c.findings().get(0).message());
    }

    @Test
    void aMemorysHistoryWithNoConversationIsNotJudged() throws Exception {
        // mem0's history puts the job memory back word for word, but holds no user turn to say whether it was asked.
        Check c = check(SampleReadme.MODULE.resolve("mem0/job-written-back.jsonl"), RuleParameters.DEFAULTS);
        assertEquals(CheckStatus.NOT_APPLICABLE, c.status());
    }

    @Test
    void thePutBackTheUserAskedForIsNoFinding() throws Exception {
        assertEquals(CheckStatus.PASS, check(ASKED, RuleParameters.DEFAULTS).status());
    }

    @Test
    void aUserMessageInPlaceOfTheHeartbeatTakesTheFindingAway() throws Exception {
        String text = Files.readString(UNDONE);
        String heartbeat = "\\\"type\\\": \\\"heartbeat\\\"";
        int at = text.indexOf(heartbeat, text.indexOf("2025-05-02T09:15:33"));
        assertTrue(at > 0, "the heartbeat after the first edit");
        String spoken = text.substring(0, at) + "\\\"type\\\": \\\"user_message\\\"" + text.substring(at + heartbeat.length());
        assertEquals(CheckStatus.PASS, check("spoken.af", spoken, RuleParameters.DEFAULTS).status());
    }

    @Test
    void aChangeShorterThanTheConfiguredMinimumIsNotReported() throws Exception {
        // " (goes by Tom)": 14 characters.
        assertEquals(CheckStatus.FAIL, check(UNDONE, RuleParameters.DEFAULTS.withUndoMinChars(14)).status());
        assertEquals(CheckStatus.PASS, check(UNDONE, RuleParameters.DEFAULTS.withUndoMinChars(15)).status());
    }

    @Test
    void aFileWithoutKnownMemoryValuesIsNotJudged() throws Exception {
        assertEquals(CheckStatus.NOT_APPLICABLE, check(SampleReadme.MODULE.resolve("openai/clean-tool-calls.json"),
                RuleParameters.DEFAULTS).status());
    }
}
