package dev.tracedeck.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tracedeck.analysis.rules.Check;
import dev.tracedeck.analysis.rules.CheckStatus;
import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.RuleParameters;
import dev.tracedeck.analysis.rules.RuleSetting;
import dev.tracedeck.analysis.rules.Severity;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.analysis.rules.memory.LostUpdate;
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
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * lost-update on our Letta samples: a sleep-time agent rewriting the shared human block from a prompt older than the
 * coach's last save, the same rewrite from a prompt that shows it, and variants of the first that take away what the
 * finding rests on.
 */
class LostUpdateTest {

    private static final Path LOST = SampleReadme.MODULE.resolve("letta/sleeptime-lost-update.af");
    private static final Path READ_FIRST = SampleReadme.MODULE.resolve("letta/sleeptime-read-first.af");
    private static final String COACH = "Stride";
    private static final String SLEEPER = "Stride-sleeptime";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Trace read(String name, String text) throws Exception {
        return Importers.standard().read(ImportSource.of(name, text.getBytes(StandardCharsets.UTF_8)),
                ImportListener.NONE);
    }

    private static Check check(Trace trace, String thread, RuleConfig config) {
        return new Validator(config).validate(trace).threads().stream().filter(t -> t.threadId().equals(thread))
                .flatMap(t -> t.checks().stream()).filter(c -> c.ruleId().equals(LostUpdate.ID)).findFirst()
                .orElseThrow();
    }

    private static Check check(String name, String text, String thread) throws Exception {
        return check(read(name, text), thread, RuleConfig.DEFAULT);
    }

    /** The lost-update sample with {@code change} made to its JSON. */
    private static String changed(Consumer<ObjectNode> change) throws Exception {
        ObjectNode file = (ObjectNode) JSON.readTree(Files.readString(LOST));
        change.accept(file);
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(file);
    }

    private static ArrayNode messages(ObjectNode file, int agent) {
        return (ArrayNode) file.get("agents").get(agent).get("messages");
    }

    /** The index in the agent's messages of the first whose created_at starts with {@code time}. */
    private static int at(ArrayNode messages, String time) {
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).path("created_at").asText().startsWith(time)) {
                return i;
            }
        }
        throw new AssertionError("no message at " + time);
    }

    @Test
    void aRewriteFromAPromptOlderThanTheOtherAgentsSaveIsReportedWithTheSaveTheReadAndTheRewrite() throws Exception {
        Check c = check(read("lost.af", Files.readString(LOST)), SLEEPER, RuleConfig.DEFAULT);
        assertEquals(CheckStatus.FAIL, c.status());
        assertEquals(1, c.findings().size());
        assertEquals(List.of(284, 517, 571), c.findings().get(0).evidence().stream().map(Event::firstLine).toList(),
                "the coach's save, the sleep-time agent's prompt, its rewrite");
        assertTrue(c.findings().get(0).message().contains("'Runs 4 days a week from July.' it wrote is gone"),
                c.findings().get(0).message());
    }

    @Test
    void theAgentThatOnlyEditsTheSharedBlockHasNoRewriteToJudge() throws Exception {
        Check c = check("lost.af", Files.readString(LOST), COACH);
        assertEquals(CheckStatus.NOT_APPLICABLE, c.status());
        assertTrue(c.reason().startsWith("no whole rewrite"), c.reason());
    }

    @Test
    void aRewriteFromAPromptThatShowsTheSaveKeepsItAndPasses() throws Exception {
        assertEquals(CheckStatus.PASS, check("read-first.af", Files.readString(READ_FIRST), SLEEPER).status());
    }

    @Test
    void aThreadJudgedAloneSharesNothing() throws Exception {
        Trace trace = read("lost.af", Files.readString(LOST));
        var sleeper = trace.threads().stream().filter(t -> t.id().equals(SLEEPER)).findFirst().orElseThrow();
        var outcome = new LostUpdate().check(sleeper, RuleParameters.DEFAULTS);
        assertEquals(false, outcome.applicable());
        assertTrue(outcome.reason().startsWith("no memory block this agent shares"), outcome.reason());
    }

    @Test
    void twoBlocksOfOneLabelButTwoIdsAreNotOneBlock() throws Exception {
        // the sleep-time agent's human block is a block of its own, as lettabot-builder's sleep-time agent's is
        String text = changed(file -> {
            ((ArrayNode) file.get("agents").get(1).get("block_ids")).set(1, "block-3");
            ObjectNode own = ((ObjectNode) file.get("blocks").get(1)).deepCopy();
            own.put("id", "block-3");
            ((ArrayNode) file.get("blocks")).add(own);
        });
        Check c = check("own-block.af", text, SLEEPER);
        assertEquals(CheckStatus.NOT_APPLICABLE, c.status());
        assertTrue(c.reason().startsWith("each memory block this agent shares"), c.reason());
    }

    @Test
    void aSaveMadeAfterTheRewriteIsNotLostToIt() throws Exception {
        String text = changed(file -> {
            ArrayNode coach = messages(file, 0);
            for (int i = at(coach, "2025-07-01T10:00:40"); i < coach.size(); i++) {
                ObjectNode m = (ObjectNode) coach.get(i);
                m.put("created_at", m.get("created_at").asText().replace("T10:00:4", "T10:01:4"));
            }
        });
        assertEquals(CheckStatus.PASS, check("later-save.af", text, SLEEPER).status());
    }

    @Test
    void aSaveTheSleepTimeAgentSawInItsMessagesIsItsToDrop() throws Exception {
        String text = changed(file -> {
            ArrayNode sleeper = messages(file, 1);
            ObjectNode transcript = (ObjectNode) sleeper.get(at(sleeper, "2025-07-01T10:00:10.287"));
            ObjectNode part = (ObjectNode) transcript.get("content").get(0);
            part.put("text", part.get("text").asText() + "\nassistant: I noted: Runs 4 days a week from July.");
        });
        assertEquals(CheckStatus.PASS, check("seen.af", text, SLEEPER).status());
    }

    @Test
    void withoutThePromptLettaRebuiltAfterTheRewriteTheReadIsNotShown() throws Exception {
        // a file that does not show each prompt Letta wrote may hold none of a rebuild between the read and the rewrite
        String text = changed(file -> {
            ArrayNode sleeper = messages(file, 1);
            sleeper.remove(at(sleeper, "2025-07-01T10:00:58.190"));
        });
        Check c = check("no-rebuild.af", text, SLEEPER);
        assertEquals(CheckStatus.NOT_APPLICABLE, c.status());
        assertTrue(c.reason().startsWith("no whole rewrite of a shared block whose read"), c.reason());
    }

    @Test
    void theConfigurationSetsItsSeverityAndCanTurnItOff() throws Exception {
        Trace trace = read("lost.af", Files.readString(LOST));
        Check error = check(trace, SLEEPER, new RuleConfig(RuleParameters.DEFAULTS,
                Map.of(LostUpdate.ID, new RuleSetting(Optional.empty(), Optional.of(Severity.ERROR)))));
        assertEquals(Severity.ERROR, error.findings().get(0).severity());
        RuleConfig off = new RuleConfig(RuleParameters.DEFAULTS,
                Map.of(LostUpdate.ID, new RuleSetting(Optional.of(false), Optional.empty())));
        assertTrue(new Validator(off).validate(trace).threads().stream().flatMap(t -> t.checks().stream())
                .noneMatch(c -> c.ruleId().equals(LostUpdate.ID)));
    }
}
