package dev.tracedeck.desktop.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.lift.TextCallLifting;
import dev.tracedeck.analysis.prune.PruneStrategy;
import dev.tracedeck.analysis.prune.StrategyParser;
import dev.tracedeck.analysis.tokens.ModelProfiles;
import dev.tracedeck.desktop.common.ManualTaskRunner;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.desktop.fixtures.ChatTraces;
import dev.tracedeck.model.event.Payload;
import dev.tracedeck.model.source.SourceRef;
import dev.tracedeck.model.trace.ImportReport;
import dev.tracedeck.model.trace.ThreadLabels;
import dev.tracedeck.model.trace.Trace;
import dev.tracedeck.model.trace.TraceBuilder;
import dev.tracedeck.model.trace.TraceThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The playground's view-model without a toolkit: its runner computes at once (or when the test says). */
class PlaygroundViewModelTest {

    private final Trace trace = ChatTraces.trace();

    private PlaygroundViewModel playground(TaskRunner runner, String thread) {
        PlaygroundViewModel model = new PlaygroundViewModel(trace, Path.of("/tmp/it's here", ChatTraces.FILE),
                ThreadLabels.of(trace), runner, ModelProfiles.defaults());
        model.openAt(Optional.of(thread), Optional.empty());
        return model;
    }

    @Test
    void keepingTheLastStepKeepsTheSystemPromptAndTheTasksAndMarksTheRestRemoved() {
        PlaygroundViewModel model = playground(new SyncTaskRunner(), ChatTraces.WEATHER);

        model.setStrategies(List.of(new PruneStrategy.KeepLastNSteps(1)));

        assertEquals(List.of("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"), ids(model.before()));
        assertEquals(List.of("m0", "m1", "m5", "m8"), ids(model.after()));
        assertEquals(List.of("KEPT", "KEPT", "REMOVED", "REMOVED", "REMOVED", "KEPT", "REMOVED", "REMOVED", "KEPT"), marks(model.before()));
        assertTrue(model.after().stream().allMatch(r -> r.mark() == MessageRow.Mark.KEPT));
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), model.before().stream().map(MessageRow::line).toList(), "source lines");
        assertTrue(model.getResult().afterTokens() < model.getResult().beforeTokens());
        assertEquals(model.before().stream().mapToInt(MessageRow::tokens).sum(),
                model.getResult().beforeTokens() - 3, "each message's tokens add up to the prompt's, but for the reply priming");
        assertTrue(model.statusProperty().get().startsWith("9 → 4 messages · "), model.statusProperty().get());
        assertTrue(model.statusProperty().get().contains("5 removed · 0 changed · 0 added"), model.statusProperty().get());
        assertFalse(model.computingProperty().get());
    }

    @Test
    void aTruncatedResultIsChangedOnBothSidesAndARepairIsAdded() {
        PlaygroundViewModel model = playground(new SyncTaskRunner(), ChatTraces.WEATHER);
        model.setStrategies(List.of(new PruneStrategy.TruncateToolOutputs(30)));

        assertEquals(MessageRow.Mark.CHANGED, model.before().get(3).mark());
        assertEquals(MessageRow.Mark.CHANGED, model.after().get(3).mark());
        assertEquals(MessageRow.Mark.KEPT, model.after().get(7).mark(), "a result already short stays as it was");
        assertTrue(model.after().get(3).message().message().content().endsWith("[OUTPUT TRUNCATED]"));

        model.selectThread(thread(ChatTraces.ORPHAN));
        model.setStrategies(List.of(new PruneStrategy.RepairOrphans()));

        assertEquals(List.of("m0", "m1", "repair-1", "m2"), ids(model.after()));
        assertEquals(MessageRow.Mark.ADDED, model.after().get(2).mark());
        assertEquals(0, model.after().get(2).line(), "a message the strategy made has no source line");
        assertEquals(-1, model.getResult().beforePositionOf(2));
        assertEquals(1, model.getResult().afterPositionOf(1));
    }

    @Test
    void aFindingTheHistoryAlreadyHadIsNotBlamedOnTheStrategyAndPointsAtTheAfterSide() {
        PlaygroundViewModel model = playground(new SyncTaskRunner(), ChatTraces.LATE);
        assertEquals(List.of("role-order"), model.findings().stream().map(f -> f.finding().ruleId()).toList(),
                "the late result still has its call, further back");

        // The call's step goes, the result's step stays: the result loses its call, but its pairing was broken before.
        model.setStrategies(List.of(new PruneStrategy.KeepLastNSteps(2)));

        assertEquals(List.of("m0", "m2", "m3", "m4"), ids(model.after()));
        FindingRow finding = model.findings().get(0);
        assertEquals("tool-result-without-call", finding.finding().ruleId());
        assertFalse(finding.introduced(), "the strategies keep pairs whole: this one was broken in the history");
        assertEquals("m3", finding.messageId());
        assertEquals(2, finding.afterPosition(), "the result that lost its call");
        assertFalse(model.statusProperty().get().contains("introduced"), model.statusProperty().get());
    }

    @Test
    void aFileWithoutAnyHistorySaysSoAndComputesNothing() {
        TraceBuilder b = new TraceBuilder();
        b.add("AINVOKE_ERROR", "", "t", SourceRef.line("run.log", 1), "AINVOKE_ERROR boom", new Payload.AgentError("boom"));
        Trace none = b.build(new ImportReport("run.log", "test", 10, 1, 1, 0, 0, Map.of(), List.of(), 0, true));
        ManualTaskRunner runner = new ManualTaskRunner();
        PlaygroundViewModel model = new PlaygroundViewModel(none, Path.of("run.log"), ThreadLabels.of(none), runner,
                ModelProfiles.defaults());

        model.openAt(Optional.empty(), Optional.of(none.event(0)));

        assertTrue(model.threads().isEmpty());
        assertEquals(0, runner.pendingCount());
        assertTrue(model.statusProperty().get().startsWith("No thread in this file has a message history"));
        assertEquals("", model.commandLineProperty().get());
    }

    @Test
    void opensAtTheLastPointAtOrBeforeTheSelectedEventAndStepsBetweenPoints() {
        PlaygroundViewModel model = playground(new SyncTaskRunner(), ChatTraces.WEATHER);
        assertEquals(8, model.getPoint().seq(), "no event selected: the thread's last point");

        model.openAt(Optional.empty(), Optional.of(trace.event(4)));
        assertEquals(4, model.getPoint().seq());
        assertEquals(5, model.before().size(), "the history up to that message");

        model.stepPoint(-1);
        assertEquals(3, model.getPoint().seq());
        assertEquals(4, model.before().size());

        model.openAt(Optional.empty(), Optional.of(trace.event(10)));
        assertEquals(ChatTraces.ORPHAN, model.threadProperty().get().id(), "the selected event's thread");
        assertEquals(10, model.getPoint().seq());
    }

    @Test
    void theCopiedCommandLineParsesBackToTheSameStrategiesThreadPointAndFile() {
        PlaygroundViewModel model = playground(new SyncTaskRunner(), ChatTraces.WEATHER);
        List<PruneStrategy> chosen = List.of(new PruneStrategy.KeepLastNSteps(3), new PruneStrategy.TokenBudget(0.75, 0.4),
                new PruneStrategy.PruneOldObservations(2, 150), new PruneStrategy.TruncateToolOutputs(200),
                new PruneStrategy.RepairOrphans());
        model.setStrategies(chosen);
        model.stepPoint(-1);

        List<String> words = shellWords(model.commandLineProperty().get());

        assertEquals(List.of("tracedeck", "prune"), words.subList(0, 2));
        assertEquals(new PruneStrategy.Composite(chosen), StrategyParser.parseAll(values(words, "--strategy")));
        assertEquals(List.of(ChatTraces.WEATHER), values(words, "--thread"));
        assertEquals(List.of("7"), values(words, "--at"));
        assertEquals(List.of(), values(words, "--model"), "the trace's own model is the command's default");
        assertEquals(List.of(), values(words, "--context-limit"));
        assertEquals("/tmp/it's here/" + ChatTraces.FILE, words.get(words.size() - 1));
    }

    @Test
    void anotherModelAndWindowAreOnTheCommandLine() {
        PlaygroundViewModel model = playground(new SyncTaskRunner(), ChatTraces.WEATHER);

        model.setModel("gpt-4");
        assertEquals(8_192, model.contextLimitProperty().get(), "the model's own window");
        assertEquals(8_192, model.getResult().contextLimit());
        List<String> words = shellWords(model.commandLineProperty().get());
        assertEquals(List.of("gpt-4"), values(words, "--model"));
        assertEquals(List.of(), values(words, "--context-limit"));

        model.setContextLimit(4_000);
        assertEquals(List.of("4000"), values(shellWords(model.commandLineProperty().get()), "--context-limit"));
        assertEquals(4_000, model.getResult().contextLimit());
    }

    @Test
    void changingAParameterRecomputesAndOnlyTheNewestResultIsShown() {
        ManualTaskRunner runner = new ManualTaskRunner();
        PlaygroundViewModel model = playground(runner, ChatTraces.WEATHER);
        runner.runNext();
        assertEquals(List.of("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"), ids(model.after()), "5 steps keep all");

        model.setParameter(0, 0, 1);
        model.setParameter(0, 0, 2);
        assertTrue(model.computingProperty().get());
        assertEquals(new PruneStrategy.KeepLastNSteps(2), model.strategies().get(0));
        assertEquals(1, runner.pendingCount(), "the stale computation was dropped");
        runner.runNext();

        assertFalse(model.computingProperty().get());
        assertEquals(List.of("m0", "m1", "m5", "m6", "m7", "m8"), ids(model.after()));
    }

    @Test
    void strategiesAreAddedMovedAndRemovedAndATokenBudgetKeepsItsTargetUnderItsTrigger() {
        PlaygroundViewModel model = playground(new SyncTaskRunner(), ChatTraces.WEATHER);
        model.addStrategy(StrategyKind.TOKEN_BUDGET);
        model.moveStrategy(1, -1);
        assertEquals(List.of(new PruneStrategy.TokenBudget(0.8, 0.5), new PruneStrategy.KeepLastNSteps(5)), model.strategies());
        assertEquals(0.8, model.trigger());

        model.setParameter(0, 0, 0.3);
        assertEquals(new PruneStrategy.TokenBudget(0.3, 0.3), model.strategies().get(0), "the target follows the trigger down");
        model.setParameter(0, 1, 0.9);
        assertEquals(new PruneStrategy.TokenBudget(0.9, 0.9), model.strategies().get(0), "the trigger follows the target up");
        model.setParameter(0, 1, 0.4449);
        assertEquals(new PruneStrategy.TokenBudget(0.9, 0.44), model.strategies().get(0), "fractions to two decimals");

        model.removeStrategy(0);
        model.removeStrategy(0);
        assertTrue(model.strategies().isEmpty());
        assertEquals(List.of("none"), values(shellWords(model.commandLineProperty().get()), "--strategy"));
        assertEquals(9, model.after().size(), "no strategy keeps everything");
    }

    private TraceThread thread(String id) {
        return trace.thread(id).orElseThrow();
    }

    private static List<String> ids(List<MessageRow> rows) {
        return rows.stream().map(MessageRow::id).toList();
    }

    private static List<String> marks(List<MessageRow> rows) {
        return rows.stream().map(r -> r.mark().name()).toList();
    }

    private static List<String> values(List<String> words, String option) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < words.size() - 1; i++) {
            if (words.get(i).equals(option)) {
                found.add(words.get(i + 1));
            }
        }
        return found;
    }

    /** Splits a line as a POSIX shell does: single quotes, backslash escapes outside them, blanks between words. */
    static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                assertTrue(end > i, "an unclosed quote in " + line);
                word = word == null ? new StringBuilder() : word;
                word.append(line, i + 1, end);
                i = end;
            } else if (c == '\\') {
                word = word == null ? new StringBuilder() : word;
                word.append(line.charAt(++i));
            } else if (c == ' ') {
                if (word != null) {
                    words.add(word.toString());
                }
                word = null;
            } else {
                assertFalse("\"$`*?[]()<>|&;#~!{}".indexOf(c) >= 0, "unquoted '" + c + "' in " + line);
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }


    @Test
    void theCopiedCommandRepeatsParseTextCallsWhenTheTraceWasReadWithIt() throws Exception {
        Path log = Path.of("../sample-logs/mycelian/text-tool-calls.log");
        for (boolean parse : new boolean[] {false, true}) {
            Trace read = TextCallLifting.when(parse).apply(dev.tracedeck.importers.registry.Importers.standard()
                    .read(dev.tracedeck.importers.ImportSource.of(log), dev.tracedeck.importers.ImportListener.NONE));
            PlaygroundViewModel model = new PlaygroundViewModel(read, log, ThreadLabels.of(read), new SyncTaskRunner(),
                    ModelProfiles.defaults());
            model.openAt(Optional.empty(), Optional.empty());
            assertEquals(parse, model.commandLineProperty().get().contains(" --parse-text-calls "),
                    model.commandLineProperty().get());
        }
    }
}
